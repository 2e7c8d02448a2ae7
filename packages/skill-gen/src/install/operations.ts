import { readFile, stat } from 'node:fs/promises';
import type { RuntimeId } from '@skillpack/adapters';
import { ConfigError, fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { type ApplyReport, type ApplyStep, applyPlan, findLeftoverStaging } from './apply-plan.js';
import { probePaths } from './disk-state.js';
import { type InstallScope, lockFilePath } from './layout.js';
import {
  emptyLockFile,
  findInstall,
  type LockedInstall,
  type LockFile,
  safeParseLockFile,
} from './lock-file.js';
import { type Plan, planInstall, planUninstall } from './plan.js';
import { readPack } from './read-pack.js';

export interface ScopeOptions {
  readonly scope: InstallScope;
  /** The project directory (`--dir`, default the working directory). */
  readonly projectDir: string;
  /** The home directory (`--home`, `SKILLPACK_HOME`, else the OS home). */
  readonly home: string;
}

/** `refused`: conflicts, nothing changed; `unchanged`: already as planned; `planned`: dry run. */
export type OperationStatus = 'applied' | 'unchanged' | 'planned' | 'refused';

export interface OperationOutcome {
  readonly status: OperationStatus;
  readonly plan: Plan;
  readonly root: string;
  readonly lockFile: string;
  readonly applied?: ApplyReport;
  /** Staging folders from an earlier run that was killed; they may hold backups. */
  readonly leftovers: readonly string[];
}

export function scopeRoot(options: ScopeOptions): string {
  return options.scope === 'project' ? options.projectDir : options.home;
}

async function checkRoot(options: ScopeOptions): Promise<Result<string, SkillpackError>> {
  const root = scopeRoot(options);
  const info = await stat(root).catch(() => undefined);
  if (info?.isDirectory()) return ok(root);
  const what =
    options.scope === 'project' ? 'project directory (--dir)' : 'home directory (--home or SKILLPACK_HOME)';
  return fail(
    new IoError('scope_root_not_found', `The ${what} ${root} does not exist.`, { details: { root } }),
  );
}

/** Read the scope's lock file; a missing one is empty, a damaged one is `lock_file_corrupt`. */
export async function readLockFile(path: string): Promise<Result<LockFile, SkillpackError>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(emptyLockFile());
    return fail(
      new IoError('lock_file_unreadable', `Cannot read the lock file ${path}: ${(error as Error).message}`, {
        details: { file: path },
        cause: error,
      }),
    );
  }
  return safeParseLockFile(text, path);
}

async function settle(
  plan: Plan,
  context: {
    root: string;
    lockFile: string;
    packDir?: string;
    dryRun: boolean;
    onStep?: (step: ApplyStep) => void;
  },
): Promise<Result<OperationOutcome, SkillpackError>> {
  const leftovers = await findLeftoverStaging(context.root);
  const base = { plan, root: context.root, lockFile: context.lockFile, leftovers };
  if (plan.conflicts > 0) return ok({ status: 'refused', ...base });
  if (context.dryRun) return ok({ status: 'planned', ...base });
  if (!plan.changes) return ok({ status: 'unchanged', ...base });
  const applied = await applyPlan(plan, {
    root: context.root,
    lockPath: context.lockFile,
    ...(context.packDir === undefined ? {} : { packDir: context.packDir }),
    ...(context.onStep === undefined ? {} : { onStep: context.onStep }),
  });
  if (!applied.success) return applied;
  return ok({ status: 'applied', ...base, applied: applied.data });
}

export interface InstallOptions extends ScopeOptions {
  readonly packDir: string;
  readonly runtime: RuntimeId;
  readonly force: boolean;
  readonly dryRun: boolean;
  readonly onStep?: (step: ApplyStep) => void;
}

/** Plan, then (unless refused or a dry run) apply the install of a built pack's skill form for one runtime. */
export async function installPack(
  options: InstallOptions,
): Promise<Result<OperationOutcome, SkillpackError>> {
  const root = await checkRoot(options);
  if (!root.success) return root;
  const pack = await readPack(options.packDir, options.runtime, options.scope);
  if (!pack.success) return pack;
  const lockFile = lockFilePath(options.scope, root.data);
  const lock = await readLockFile(lockFile);
  if (!lock.success) return lock;
  const { name, version } = pack.data.manifest.pack;
  const previous = findInstall(lock.data, name, options.runtime);
  const paths = [
    ...pack.data.files.map((file) => file.path),
    ...(previous?.files.map((file) => file.path) ?? []),
  ];
  const disk = await probePaths(root.data, paths);
  const plan = planInstall({
    pack: { name, version },
    runtime: options.runtime,
    scope: options.scope,
    files: pack.data.files,
    lock: lock.data,
    disk,
    force: options.force,
  });
  return settle(plan, {
    root: root.data,
    lockFile,
    packDir: options.packDir,
    dryRun: options.dryRun,
    onStep: options.onStep,
  });
}

export interface UninstallOptions extends ScopeOptions {
  readonly packName: string;
  /** Only this runtime's install; every runtime's when absent. */
  readonly runtime?: RuntimeId;
  readonly dryRun: boolean;
  readonly onStep?: (step: ApplyStep) => void;
}

/** Remove what an install wrote and is unchanged; keep (release) files a person changed. */
export async function uninstallPack(
  options: UninstallOptions,
): Promise<Result<OperationOutcome, SkillpackError>> {
  const root = await checkRoot(options);
  if (!root.success) return root;
  const lockFile = lockFilePath(options.scope, root.data);
  const lock = await readLockFile(lockFile);
  if (!lock.success) return lock;
  const installs = lock.data.installs.filter(
    (install) =>
      install.pack.name === options.packName &&
      (options.runtime === undefined || install.runtime === options.runtime),
  );
  if (installs.length === 0) {
    const forRuntime = options.runtime ? ` for ${options.runtime}` : '';
    return fail(
      new ConfigError(
        'not_installed',
        `${options.packName} is not installed${forRuntime} in the ${options.scope} scope (${lockFile}).`,
        {
          details: { pack: options.packName, runtime: options.runtime, lockFile },
        },
      ),
    );
  }
  const disk = await probePaths(
    root.data,
    installs.flatMap((install) => install.files.map((file) => file.path)),
  );
  const plan = planUninstall({ installs, lock: lock.data, disk });
  return settle(plan, { root: root.data, lockFile, dryRun: options.dryRun, onStep: options.onStep });
}

export interface InstalledPack {
  readonly install: LockedInstall;
  readonly unchanged: number;
  readonly modified: readonly string[];
  readonly missing: readonly string[];
}

export interface ScopeListing {
  readonly scope: InstallScope;
  readonly root: string;
  readonly lockFile: string;
  readonly packs: readonly InstalledPack[];
}

/** The packs a scope's lock file records, with how many of their files are still as installed. */
export async function listScope(
  options: ScopeOptions,
  runtime?: RuntimeId,
): Promise<Result<ScopeListing, SkillpackError>> {
  const root = scopeRoot(options);
  const lockFile = lockFilePath(options.scope, root);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) return ok({ scope: options.scope, root, lockFile, packs: [] });
  const lock = await readLockFile(lockFile);
  if (!lock.success) return lock;
  const packs: InstalledPack[] = [];
  for (const install of lock.data.installs) {
    if (runtime !== undefined && install.runtime !== runtime) continue;
    const disk = await probePaths(
      root,
      install.files.map((file) => file.path),
    );
    const modified: string[] = [];
    const missing: string[] = [];
    for (const file of install.files) {
      const state = disk.get(file.path);
      if (state?.kind === 'missing') missing.push(file.path);
      else if (state?.kind !== 'file' || state.sha256 !== file.sha256) modified.push(file.path);
    }
    packs.push({
      install,
      unchanged: install.files.length - modified.length - missing.length,
      modified,
      missing,
    });
  }
  packs.sort(
    (a, b) =>
      a.install.runtime.localeCompare(b.install.runtime) ||
      a.install.pack.name.localeCompare(b.install.pack.name),
  );
  return ok({ scope: options.scope, root, lockFile, packs });
}
