import type { InstalledRuntime } from './install-declaration.js';
import type { InstallScope } from './layout.js';
import {
  findInstall,
  type LockedActivation,
  type LockedFile,
  type LockedHomePlugin,
  type LockedInstall,
  type LockFile,
  serializeLockFile,
} from './lock-file.js';
import { ownsPath, skillOfPath, skillsOfPaths } from './lock-ownership.js';
import type { DiskState, FileContent, HookConfigPlan, PackFile, Plan, PlanAction } from './plan.js';

export interface InstallPlanInput {
  /** `package`: the npm package the pack came from, recorded in the lock. */
  readonly pack: { readonly name: string; readonly version: string; readonly package?: string };
  readonly runtime: InstalledRuntime;
  readonly scope: InstallScope;
  readonly files: readonly PackFile[];
  readonly lock: LockFile;
  /** The state of every pack target path and every path the lock records for this pack; absent = missing. */
  readonly disk: ReadonlyMap<string, DiskState>;
  readonly force: boolean;
  /** Install runtime configuration files the pack carries (`--allow-runtime-config`); refused otherwise. */
  readonly allowRuntimeConfig?: boolean;
  /** The edit of the runtime's hook configuration (see `planHookConfig`), recorded in the lock. */
  readonly hookConfig?: HookConfigPlan;
  /** The permission rules `--activate` adds (see `planActivation`), recorded in the lock. */
  readonly activation?: { readonly action?: PlanAction; readonly locked?: LockedActivation };
  /** The runtime's own install steps (install/install-step.ts): each one's edit and its record in the lock. */
  readonly steps?: readonly {
    readonly key: string;
    readonly action?: PlanAction;
    readonly locked?: unknown;
  }[];
  /** The plugin the runtime's CLI installs from the staged folder (see `home-plugin.ts`), recorded in the lock. */
  readonly homePlugin?: LockedHomePlugin;
}

const MISSING: DiskState = { kind: 'missing' };
const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function finish(
  operation: Plan['operation'],
  base: Pick<Plan, 'pack' | 'runtimes' | 'scope'>,
  actions: PlanAction[],
  before: LockFile,
  lock: LockFile,
): Plan {
  const lockChanged = serializeLockFile(before) !== serializeLockFile(lock);
  const changing = actions.some((action) => action.type !== 'keep' && action.type !== 'conflict');
  return {
    operation,
    ...base,
    actions: actions.sort(byPath),
    lock,
    lockChanged,
    conflicts: actions.filter((action) => action.type === 'conflict').length,
    changes: changing || lockChanged,
  };
}

/** Compare the pack, the lock and the disk, and decide what to do with every path. Pure. */
export function planInstall(input: InstallPlanInput): Plan {
  const { runtime } = input;
  const previous = findInstall(input.lock, input.pack.name, runtime.id);
  const previousFiles = new Map(previous?.files.map((file) => [file.path, file]));
  const otherOwners = new Map<string, LockedInstall>();
  const otherSkills = new Map<string, LockedInstall>();
  for (const install of input.lock.installs) {
    if (install === previous) continue;
    for (const file of install.files) otherOwners.set(file.path, install);
    if (install.runtime === runtime.id) for (const skill of install.skills) otherSkills.set(skill, install);
  }
  // The skills the pack's files are in: what this install records, and the only skill folders it owns.
  const skills = skillsOfPaths(
    runtime,
    input.scope,
    input.files.filter((file) => !file.runtimeConfig).map((file) => file.path),
  );
  const self = { pack: input.pack, runtime: runtime.id, scope: input.scope, skills };
  const actions: PlanAction[] = [];
  const packPaths = new Set<string>();
  for (const packFile of input.files) {
    // A file in a folder a pack may own but outside this pack's own skills, hook and plugin files (another
    // pack's hook, a hook script of the user's) is runtime configuration: installed only when asked, never
    // deleted.
    const file =
      packFile.runtimeConfig || ownsPath(runtime, self, packFile.path)
        ? packFile
        : { ...packFile, runtimeConfig: true };
    packPaths.add(file.path);
    const content: FileContent = {
      source: file.source,
      sha256: file.sha256,
      executable: file.executable,
      ...(file.runtimeConfig ? { runtimeConfig: true as const } : {}),
    };
    const disk = input.disk.get(file.path) ?? MISSING;
    // Runtime configuration is never replaced on the lock's word: it may hold a person's own settings.
    const recorded = previousFiles.get(file.path);
    const owned = file.runtimeConfig || recorded?.runtimeConfig ? undefined : recorded;
    const skill = skillOfPath(runtime, input.scope, file.path);
    const other = otherOwners.get(file.path) ?? (skill === undefined ? undefined : otherSkills.get(skill));
    const conflict = (reason: Extract<PlanAction, { type: 'conflict' }>['reason'], detail: string) =>
      actions.push({ type: 'conflict', path: file.path, reason, detail });
    if (file.runtimeConfig && !input.allowRuntimeConfig) {
      conflict(
        'runtime-config',
        'runtime configuration, not a skill; skillpack installs it only with --allow-runtime-config',
      );
    } else if (disk.kind === 'outside-root')
      conflict('outside-root', `a parent folder resolves to ${disk.resolved}`);
    else if (other) {
      conflict(
        'owned-by-other',
        `installed by ${other.pack.name}@${other.pack.version} for ${other.runtime}`,
      );
    } else if (disk.kind === 'symlink')
      conflict('symlink', 'a symbolic link is in the way; skillpack never writes through one');
    else if (disk.kind === 'directory' || disk.kind === 'other')
      conflict('not-a-file', `a ${disk.kind === 'directory' ? 'folder' : 'special file'} is in the way`);
    else if (disk.kind === 'missing')
      actions.push({ type: 'write', path: file.path, reason: recorded ? 'restore' : 'new', ...content });
    else if (disk.sha256 === file.sha256 && disk.executable === file.executable) {
      actions.push({ type: 'keep', path: file.path, reason: recorded ? 'unchanged' : 'adopt-identical' });
    } else if (owned && disk.sha256 === owned.sha256 && disk.executable === owned.executable) {
      actions.push({
        type: 'replace',
        path: file.path,
        reason: 'update',
        previousSha256: disk.sha256,
        ...content,
      });
    } else if (disk.sha256 === file.sha256 && !(owned && disk.executable !== owned.executable)) {
      actions.push({
        type: 'replace',
        path: file.path,
        reason: 'mode',
        previousSha256: disk.sha256,
        ...content,
      });
    } else if (input.force) {
      const reason = owned ? 'forced-modified' : 'forced-foreign';
      actions.push({ type: 'replace', path: file.path, reason, previousSha256: disk.sha256, ...content });
    } else if (owned && disk.sha256 === owned.sha256)
      conflict('modified', 'its executable bit changed since skillpack installed it');
    else if (owned) conflict('modified', 'changed since skillpack installed it');
    else conflict('foreign', 'a file skillpack did not install is in the way');
  }
  for (const file of previous?.files ?? []) {
    if (!packPaths.has(file.path)) actions.push(removal(file, input.disk, 'removed-from-pack'));
  }
  if (input.hookConfig?.action) actions.push(input.hookConfig.action);
  if (input.activation?.action) actions.push(input.activation.action);
  for (const step of input.steps ?? []) if (step.action) actions.push(step.action);
  const installs = input.lock.installs.filter((install) => install !== previous);
  installs.push({
    pack: { ...input.pack },
    runtime: runtime.id,
    scope: input.scope,
    skills,
    ...(input.hookConfig?.locked ? { hookConfig: input.hookConfig.locked } : {}),
    ...(input.activation?.locked ? { activation: input.activation.locked } : {}),
    ...Object.fromEntries(
      (input.steps ?? []).flatMap((step) => (step.locked === undefined ? [] : [[step.key, step.locked]])),
    ),
    ...(input.homePlugin ? { homePlugin: input.homePlugin } : {}),
    files: input.files.map((file) => ({
      path: file.path,
      sha256: file.sha256,
      executable: file.executable,
      ...(file.runtimeConfig || !ownsPath(runtime, self, file.path) ? { runtimeConfig: true as const } : {}),
    })),
  });
  const base = { pack: input.pack, runtimes: [runtime.id], scope: input.scope };
  return finish('install', base, actions, input.lock, { ...input.lock, installs });
}

/** Delete a recorded file only when content and mode are as installed; runtime configuration is never deleted. */
function removal(
  locked: LockedFile,
  disk: ReadonlyMap<string, DiskState>,
  reason: 'removed-from-pack' | 'uninstall',
): PlanAction {
  const { path } = locked;
  const state = disk.get(path) ?? MISSING;
  if (state.kind === 'missing') return { type: 'release', path, reason: 'missing' };
  if (state.kind !== 'file') return { type: 'release', path, reason: 'not-a-file' };
  if (state.sha256 !== locked.sha256 || state.executable !== locked.executable)
    return { type: 'release', path, reason: 'modified' };
  if (locked.runtimeConfig) return { type: 'release', path, reason: 'runtime-config' };
  return { type: 'delete', path, reason, sha256: locked.sha256 };
}

export interface UninstallPlanInput {
  readonly installs: readonly LockedInstall[];
  readonly lock: LockFile;
  readonly disk: ReadonlyMap<string, DiskState>;
  /** Taking the installs' entries out of the runtime's hook configuration (see `planHookConfigRemoval` and the runtimes' install steps). */
  readonly hookActions?: readonly PlanAction[];
}

/** Remove the given installs: delete files that are unchanged, release the rest. Pure. */
export function planUninstall(input: UninstallPlanInput): Plan {
  const actions = input.installs.flatMap((install) =>
    install.files.map((file) => removal(file, input.disk, 'uninstall')),
  );
  actions.push(...(input.hookActions ?? []));
  const removed = new Set(input.installs);
  const first = input.installs[0];
  const base = {
    pack: first ? first.pack : { name: '', version: '' },
    runtimes: input.installs.map((install) => install.runtime),
    scope: first ? first.scope : ('project' as const),
  };
  const lock = { ...input.lock, installs: input.lock.installs.filter((install) => !removed.has(install)) };
  return finish('uninstall', base, actions, input.lock, lock);
}
