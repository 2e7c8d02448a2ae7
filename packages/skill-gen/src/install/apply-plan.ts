import { closeSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, realpath, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fail, ok, type Result, SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { fileMode } from '../files/replace-text-file.js';
import { sha256 } from '../files/sha256.js';
import { beforeChange } from './_fault-point.js';
import { childPath, isInside, lstatIfPresent, probePath } from './disk-state.js';
import {
  flushStaged,
  isCommitted,
  type Journal,
  type JournalStep,
  pruneEmptied,
  readJournal,
  renameStep,
  rollBackJournal,
  STAGED_BATCH,
  unlinkStep,
  writeDurably,
  writeJournal,
  writeStaged,
} from './journal.js';
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
  /**
   * Pack files already read and verified against the sha256 their actions carry (`ReadPack.bytes`), by source
   * path: staged without a second read or hash.
   */
  readonly packBytes?: ReadonlyMap<string, Uint8Array>;
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
 * Apply a conflict-free plan as a transaction whose commit point is the lock file. Every new file is staged
 * inside the scope root (same file system) and a journal of the steps is written; then each file is renamed
 * into place (old ones moved into the staging folder), and finally the staged lock file is renamed over the
 * old one, so the lock is always the complete old or the complete new one. On a failure every step is undone
 * from the journal; after a kill, `recoverInterrupted` does the same (or finishes a committed run).
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
  beforeChange();
  const staging = await mkdtemp(join(root, STAGING_PREFIX));
  const createdDirs: string[] = [];
  /** Folders this apply made or found safe: the next file below one checks only what is new. */
  const readyDirs = new Map<string, 'made' | 'checked'>();
  const madeHere = (folder: string) => readyDirs.get(folder) === 'made';
  const written: string[] = [];
  const deleted: string[] = [];
  const step = (phase: ApplyStep['phase'], path: string) => options.onStep?.({ phase, path });
  let journal: Journal | undefined;
  /** Descriptors of staged files written and not yet flushed (`flushStaged` closes them). */
  const unflushed: number[] = [];
  try {
    const writing = plan.actions.filter(
      (action): action is Writing => action.type === 'write' || action.type === 'replace',
    );
    const steps: JournalStep[] = [];
    const staged = new Map<string, string>();
    for (const [index, action] of writing.entries()) {
      step('stage', action.path);
      // A computed edit of a person's file (a settings file) keeps that file's mode: it may hold account data.
      const kept = action.type === 'replace' && action.content !== undefined;
      const mode = kept ? await fileMode(join(root, action.path)) : undefined;
      const path = childPath(staging, `file-${index}`);
      unflushed.push(await stageFile(path, options, action, mode));
      staged.set(action.path, path);
      if (unflushed.length >= STAGED_BATCH) await flushStaged(unflushed.splice(0));
      steps.push({
        kind: action.type,
        path: action.path,
        sha256: action.sha256,
        ...(action.type === 'replace' ? { backup: `backup-${index}` } : {}),
      });
    }
    for (const [index, action] of plan.actions.entries()) {
      if (action.type === 'delete')
        steps.push({ kind: 'delete', path: action.path, sha256: action.sha256, backup: `deleted-${index}` });
    }
    // Every staged file is on disk before the journal that names it.
    await flushStaged(unflushed.splice(0));
    const lockText = plan.lock.installs.length > 0 ? serializeLockFile(plan.lock) : undefined;
    const stagedLock = join(staging, 'lock');
    if (lockText !== undefined) await writeDurably(stagedLock, Buffer.from(lockText), 0o644);
    journal = {
      journalVersion: 1,
      newLockSha256: lockText === undefined ? null : sha256(lockText),
      lockChanged: plan.lockChanged,
      steps,
    };
    await writeJournal(staging, journal);

    for (const [index, action] of writing.entries()) {
      step('commit', action.path);
      const target = join(root, action.path);
      ensureParent(root, realRoot, action.path, createdDirs, readyDirs);
      // The folders this apply made are not walked again before each rename (see `ensureParent`).
      const current = probePath(root, realRoot, action.path, madeHere);
      if (action.type === 'write' && current.kind !== 'missing') {
        throw new ApplyAbort(`${action.path} appeared while installing; nothing was overwritten`);
      }
      if (action.type === 'replace') {
        if (current.kind !== 'file' || current.sha256 !== action.previousSha256) {
          throw new ApplyAbort(`${action.path} changed while installing; it was left as it is`);
        }
        await renameStep(target, join(staging, `backup-${index}`));
      }
      await renameStep(staged.get(action.path)!, target);
      written.push(action.path);
    }
    for (const [index, action] of plan.actions.entries()) {
      if (action.type !== 'delete') continue;
      step('delete', action.path);
      const current = probePath(root, realRoot, action.path);
      if (current.kind !== 'file' || current.sha256 !== action.sha256) continue;
      await renameStep(join(root, action.path), join(staging, `deleted-${index}`));
      deleted.push(action.path);
    }
    if (plan.lockChanged) {
      step('lock', options.lockPath);
      await commitLockFile(options.lockPath, lockText === undefined ? undefined : stagedLock, createdDirs);
    }
  } catch (error) {
    for (const fd of unflushed) closeSync(fd);
    const untouched = journal
      ? await rollBackJournal(root, staging, journal).catch(() => ['(rollback failed)'])
      : [];
    for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => undefined);
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      new IoError(
        'install_interrupted',
        `The ${plan.operation} stopped (${reason}); ${untouched.length === 0 ? 'every change was rolled back' : `rolling back left ${untouched.join(', ')} as they are`}.`,
        { details: { rolledBack: untouched.length === 0, untouched }, cause: error },
      ),
    );
  }
  const pruned = await pruneEmptied(root, [
    ...deleted,
    ...(plan.lock.installs.length === 0 ? [relative(root, options.lockPath).split(sep).join('/')] : []),
  ]);
  beforeChange();
  await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  return ok({ written, deleted, pruned });
}

/** Write one staged file at `path` and return its descriptor, still open (see `writeStaged`). */
async function stageFile(
  path: string,
  pack: Pick<ApplyOptions, 'packDir' | 'packBytes'>,
  action: Writing,
  mode?: number,
): Promise<number> {
  // Bytes `readPack` verified against the sha256 the action carries are staged as they are; others are checked.
  let bytes = action.content === undefined ? pack.packBytes?.get(action.source) : undefined;
  if (bytes === undefined) {
    bytes =
      action.content !== undefined ? Buffer.from(action.content) : await packBytes(pack.packDir, action);
    if (sha256(bytes) !== action.sha256)
      throw new ApplyAbort(`${action.source} changed in the pack while installing`);
  }
  return writeStaged(path, bytes, mode ?? (action.executable ? 0o755 : 0o644));
}

async function packBytes(packDir: string | undefined, action: Writing): Promise<Uint8Array> {
  if (packDir === undefined) throw new ApplyAbort('no pack directory to copy from');
  const source = await readRegularFile(join(packDir, action.source));
  if (!source.success) throw source.error;
  return source.data.bytes;
}

function lstatIfAny(path: string): Stats | undefined {
  try {
    return lstatIfPresent(path);
  } catch {
    return undefined;
  }
}

/**
 * Create missing parent folders one by one, refusing any existing parent that resolves outside the root.
 * `ready` holds the folders this apply already made or checked, which are not checked again. Synchronous, as
 * the probes are.
 *
 * A folder made here is not probed again before each file renamed into it, as a folder that was there is: its
 * `mkdir` failed on anything already at the path, and the scope lock keeps other skillpack runs out. What a
 * probe before a rename guards against, another process changing the path in between, it cannot rule out
 * (`rename` resolves the path again when it runs), so walking the folders made here once per file narrowed
 * that window without closing it, at four `lstat`s per file of a fresh install. A folder that was already
 * there (a person's `.claude`) is walked before every rename, as before.
 */
function ensureParent(
  root: string,
  realRoot: string,
  relPath: string,
  created: string[],
  ready: Map<string, 'made' | 'checked'>,
): void {
  const segments = relPath.split('/').slice(0, -1);
  let current = root;
  for (const segment of segments) {
    current = childPath(current, segment);
    if (ready.has(current)) continue;
    const info = lstatIfAny(current);
    if (!info) {
      beforeChange();
      mkdirSync(current);
      created.push(current);
      ready.set(current, 'made');
      continue;
    }
    ready.set(current, 'checked');
    if (info.isSymbolicLink() && !isInside(realRoot, realpathSync.native(current))) {
      throw new ApplyAbort(`${relative(root, current)} resolves outside ${root}`);
    }
    if (!info.isSymbolicLink() && !info.isDirectory())
      throw new ApplyAbort(`${relative(root, current)} is not a folder`);
  }
}

/** One rename over the old lock (atomic), or one unlink when nothing is left installed. */
async function commitLockFile(
  lockPath: string,
  stagedLock: string | undefined,
  createdDirs: string[],
): Promise<void> {
  if (stagedLock === undefined) {
    await unlinkStep(lockPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return;
  }
  const folder = dirname(lockPath);
  if (!(await lstat(folder).catch(() => undefined))) {
    beforeChange();
    await mkdir(folder, { recursive: true });
    createdDirs.push(folder);
  }
  await renameStep(stagedLock, lockPath);
}

/** What the next run did with a staging folder an earlier, killed run left behind. */
export interface Recovered {
  readonly staging: string;
  /** `completed`: the run had committed its lock, only clean-up was left; `rolled-back`: undone. */
  readonly outcome: 'completed' | 'rolled-back';
  /** Files a person changed after the kill, left as they are. */
  readonly untouched: readonly string[];
}

/** Staging folders left in the root by a run that was killed mid-way. */
export async function findLeftoverStaging(root: string): Promise<string[]> {
  const entries = await readdir(root).catch(() => [] as string[]);
  return entries.filter((name) => name.startsWith(STAGING_PREFIX)).map((name) => join(root, name));
}

/**
 * Finish or undo every run that was killed in this scope root. Call only while holding the scope lock, so no
 * staging folder belongs to a live run.
 */
export async function recoverInterrupted(root: string, lockPath: string): Promise<Recovered[]> {
  const recovered: Recovered[] = [];
  for (const staging of await findLeftoverStaging(root)) {
    const info = await lstat(staging).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    const journal = await readJournal(staging);
    let outcome: Recovered['outcome'] = 'rolled-back';
    let untouched: string[] = [];
    if (journal && (await isCommitted(journal, lockPath))) {
      outcome = 'completed';
      await pruneEmptied(
        root,
        journal.steps.filter((entry) => entry.kind === 'delete').map((entry) => entry.path),
      );
    } else if (journal) {
      untouched = await rollBackJournal(root, staging, journal);
      await pruneEmptied(
        root,
        journal.steps.filter((entry) => entry.kind === 'write').map((entry) => entry.path),
      );
    }
    beforeChange();
    await rm(staging, { recursive: true, force: true });
    recovered.push({ staging, outcome, untouched });
  }
  return recovered;
}
