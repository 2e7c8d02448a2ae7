import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  rmdir,
  unlink,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fail, ok, type Result, SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { sha256 } from '../sha256.js';
import { isInside, probePath } from './disk-state.js';
import { serializeLockFile } from './lock-file.js';
import type { Plan, PlanAction } from './plan.js';

/** One step of an apply; `onStep` sees it before it happens. */
export interface ApplyStep {
  readonly phase: 'stage' | 'commit' | 'delete' | 'lock';
  readonly path: string;
}

export interface ApplyOptions {
  /** The scope root (project or home directory); it must exist. */
  readonly root: string;
  /** The pack directory the plan's files come from. */
  readonly packDir?: string;
  readonly lockPath: string;
  /** Called before each step; a throw interrupts the apply, which then rolls every change back. */
  readonly onStep?: (step: ApplyStep) => void;
}

export interface ApplyReport {
  readonly written: readonly string[];
  readonly deleted: readonly string[];
  /** Directories removed because the plan emptied them. */
  readonly pruned: readonly string[];
}

/** Staging folders start with this inside the scope root; one left behind means a run was killed. */
export const STAGING_PREFIX = '.skillpack-staging-';

type Writing = Extract<PlanAction, { type: 'write' | 'replace' }>;

class ApplyAbort extends Error {}

/**
 * Apply a conflict-free plan: stage every new file inside the scope root (same file system), then rename each
 * into place, so a target path only ever holds a complete old or a complete new file. On any failure every
 * step taken is undone in reverse order. The lock file is written last, and removed when no install is left.
 */
export async function applyPlan(
  plan: Plan,
  options: ApplyOptions,
): Promise<Result<ApplyReport, SkillpackError>> {
  if (plan.conflicts > 0) {
    return fail(
      new SkillpackError('install_conflict', 'Refusing to apply a plan with conflicts.', { details: {} }),
    );
  }
  const { root } = options;
  const realRoot = await realpath(root);
  const staging = await mkdtemp(join(root, STAGING_PREFIX));
  const undo: (() => Promise<unknown>)[] = [];
  const createdDirs: string[] = [];
  const written: string[] = [];
  const deleted: string[] = [];
  const step = (phase: ApplyStep['phase'], path: string) => options.onStep?.({ phase, path });
  try {
    const writing = plan.actions.filter(
      (action): action is Writing => action.type === 'write' || action.type === 'replace',
    );
    const staged = new Map<string, string>();
    for (const [index, action] of writing.entries()) {
      step('stage', action.path);
      staged.set(action.path, await stageFile(staging, `file-${index}`, options.packDir, action));
    }
    const lockText = plan.lock.installs.length > 0 ? serializeLockFile(plan.lock) : undefined;
    const stagedLock = join(staging, 'lock');
    if (lockText !== undefined) await writeDurably(stagedLock, Buffer.from(lockText), 0o644);

    for (const [index, action] of writing.entries()) {
      step('commit', action.path);
      const target = join(root, action.path);
      await ensureParent(root, realRoot, action.path, createdDirs);
      const current = await probePath(root, realRoot, action.path);
      if (action.type === 'write' && current.kind !== 'missing') {
        throw new ApplyAbort(`${action.path} appeared while installing; nothing was overwritten`);
      }
      if (action.type === 'replace') {
        if (current.kind !== 'file' || current.sha256 !== action.previousSha256) {
          throw new ApplyAbort(`${action.path} changed while installing; it was left as it is`);
        }
        const backup = join(staging, `backup-${index}`);
        await rename(target, backup);
        undo.push(() => rename(backup, target));
      }
      await rename(staged.get(action.path)!, target);
      undo.push(() => unlink(target));
      written.push(action.path);
    }
    for (const [index, action] of plan.actions.entries()) {
      if (action.type !== 'delete') continue;
      step('delete', action.path);
      const current = await probePath(root, realRoot, action.path);
      if (current.kind !== 'file' || current.sha256 !== action.sha256) continue;
      const target = join(root, action.path);
      const backup = join(staging, `deleted-${index}`);
      await rename(target, backup);
      undo.push(() => rename(backup, target));
      deleted.push(action.path);
    }
    if (plan.lockChanged) {
      step('lock', options.lockPath);
      await replaceLockFile(options.lockPath, stagedLock, lockText, staging, undo, createdDirs);
    }
  } catch (error) {
    const undoFailures = await rollBack(undo, createdDirs);
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      new IoError(
        'install_interrupted',
        `The ${plan.operation} stopped (${reason}); ${undoFailures.length === 0 ? 'every change was rolled back' : `rolling back failed for ${undoFailures.join(', ')}`}.`,
        { details: { rolledBack: undoFailures.length === 0, undoFailures }, cause: error },
      ),
    );
  }
  const pruned = await pruneEmptied(root, [
    ...deleted,
    ...(plan.lock.installs.length === 0 ? [relative(root, options.lockPath).split(sep).join('/')] : []),
  ]);
  await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  return ok({ written, deleted, pruned });
}

async function stageFile(
  staging: string,
  name: string,
  packDir: string | undefined,
  action: Writing,
): Promise<string> {
  if (packDir === undefined) throw new ApplyAbort('no pack directory to copy from');
  const bytes = await readFile(join(packDir, action.source));
  if (sha256(bytes) !== action.sha256)
    throw new ApplyAbort(`${action.source} changed in the pack while installing`);
  const path = join(staging, name);
  await writeDurably(path, bytes, action.executable ? 0o755 : 0o644);
  return path;
}

async function writeDurably(path: string, bytes: Uint8Array, mode: number): Promise<void> {
  const handle = await open(path, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await chmod(path, mode);
}

/** Create missing parent folders one by one, refusing any existing parent that resolves outside the root. */
async function ensureParent(
  root: string,
  realRoot: string,
  relPath: string,
  created: string[],
): Promise<void> {
  const segments = relPath.split('/').slice(0, -1);
  let current = root;
  for (const segment of segments) {
    current = join(current, segment);
    const info = await lstat(current).catch(() => undefined);
    if (!info) {
      await mkdir(current);
      created.push(current);
      continue;
    }
    if (info.isSymbolicLink() && !isInside(realRoot, await realpath(current))) {
      throw new ApplyAbort(`${relative(root, current)} resolves outside ${root}`);
    }
    if (!info.isSymbolicLink() && !info.isDirectory())
      throw new ApplyAbort(`${relative(root, current)} is not a folder`);
  }
}

async function replaceLockFile(
  lockPath: string,
  stagedLock: string,
  lockText: string | undefined,
  staging: string,
  undo: (() => Promise<unknown>)[],
  createdDirs: string[],
): Promise<void> {
  const existing = await lstat(lockPath).catch(() => undefined);
  if (existing) {
    const backup = join(staging, 'lock-backup');
    await rename(lockPath, backup);
    undo.push(() => rename(backup, lockPath));
  }
  if (lockText === undefined) return;
  const folder = dirname(lockPath);
  if (!(await lstat(folder).catch(() => undefined))) {
    await mkdir(folder, { recursive: true });
    createdDirs.push(folder);
  }
  await rename(stagedLock, lockPath);
  undo.push(() => unlink(lockPath));
}

async function rollBack(undo: (() => Promise<unknown>)[], createdDirs: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const action of undo.reverse()) {
    await action().catch((error: Error) => failures.push(error.message));
  }
  for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => undefined);
  return failures;
}

/** Remove folders that became empty, walking up from each removed file but never removing the root. */
async function pruneEmptied(root: string, removedPaths: readonly string[]): Promise<string[]> {
  const pruned: string[] = [];
  const candidates = new Set<string>();
  for (const path of removedPaths) {
    const segments = path.split('/');
    for (let i = segments.length - 1; i > 0; i--) candidates.add(segments.slice(0, i).join('/'));
  }
  const deepestFirst = [...candidates].sort(
    (a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1),
  );
  for (const dir of deepestFirst) {
    const entries = await readdir(join(root, dir)).catch(() => undefined);
    if (entries?.length !== 0) continue;
    await rmdir(join(root, dir)).then(
      () => pruned.push(dir),
      () => undefined,
    );
  }
  return pruned;
}

/** Staging folders left in the root by a run that was killed mid-way. */
export async function findLeftoverStaging(root: string): Promise<string[]> {
  const entries = await readdir(root).catch(() => [] as string[]);
  return entries.filter((name) => name.startsWith(STAGING_PREFIX)).map((name) => join(root, name));
}
