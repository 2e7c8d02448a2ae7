import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { ConfigError, fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { cliCommand } from '../cli/invocation.js';
import { toIoError } from '../errors/io-error.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { MANIFEST_FILE } from '../pack/manifest.js';
import { type ActivationReport, planActivation, planActivationRemoval } from './activation-plan.js';
import {
  type ApplyReport,
  type ApplyStep,
  applyPlan,
  findLeftoverStaging,
  type Recovered,
  recoverInterrupted,
} from './apply-plan.js';
import { probePaths } from './disk-state.js';
import {
  type HomePluginReport,
  planHomePlugin,
  registerHomePlugin,
  unregisterHomePlugins,
} from './home-plugin-step.js';
import { planHookConfig, planHookConfigRemoval } from './hook-config-plan.js';
import type { InstalledRuntime, InstalledRuntimes } from './install-declaration.js';
import { planInstall, planUninstall } from './install-plan.js';
import { installRecordFile } from './install-record.js';
import type { InstallStepPlan, RemovalContext, RuntimeInstallStep } from './install-step.js';
import { type InstallForm, type InstallScope, lockFilePath } from './layout.js';
import {
  emptyLockFile,
  findInstall,
  installNamed,
  type LockedInstall,
  type LockFile,
  NPM_PACKAGE_NAME,
} from './lock-file.js';
import { mcpSteps } from './mcp-server-step.js';
import { proveLockOwnership } from './ownership-proof.js';
import { safeParseLockFile } from './parse-lock-file.js';
import type { Plan, PlanAction } from './plan.js';
import type { PluginFormReport } from './plugin-form-report.js';
import { type ReadPack, readPack } from './read-pack.js';
import { acquireScopeLock, type ScopeLockOptions } from './scope-lock.js';

/** The options as the runtime's own steps read them, by field. */
const optionValues = (options: object): Readonly<Record<string, unknown>> =>
  options as Record<string, unknown>;

/** A runtime's own install steps (`install.steps`), loaded when it installs or uninstalls. */
async function stepsOf(runtime: InstalledRuntime): Promise<readonly RuntimeInstallStep[]> {
  return [...((await runtime.install.steps?.()) ?? []), ...mcpSteps(runtime.install.mcp)];
}

/** Which scope root an operation works in, and how long it waits for a concurrent operation. */
export interface ScopeOptions {
  readonly scope: InstallScope;
  /** The project directory (`--dir`, default the working directory). */
  readonly projectDir: string;
  /** The home directory (`--home`, `SKILLPACK_HOME`, else the OS home). */
  readonly home: string;
  /** How long to wait for a concurrent run in the same scope root (see `acquireScopeLock`). */
  readonly busy?: ScopeLockOptions;
}

/** `refused`: conflicts, nothing changed; `unchanged`: already as planned; `planned`: dry run. */
export type OperationStatus = 'applied' | 'unchanged' | 'planned' | 'refused';

/**
 * What `installPack` or `uninstallPack` did or would do: its status, its plan, and the scope root and lock
 * file.
 */
export interface OperationOutcome {
  readonly status: OperationStatus;
  readonly plan: Plan;
  readonly root: string;
  readonly lockFile: string;
  readonly applied?: ApplyReport;
  /** Runs killed earlier in this scope root that this run finished or rolled back before planning. */
  readonly recovered: readonly Recovered[];
  /** Under `--dry-run`: staging folders of killed runs that the next real run will recover. */
  readonly pendingRecovery: readonly string[];
  /** The permission rules the installed skills need to run headless, and whether they are in place. */
  readonly activation?: ActivationReport;
  /** `--form plugin`: the plugin, whether it is declared and enabled, and the steps that do it. */
  readonly pluginForm?: PluginFormReport | HomePluginReport;
  /**
   * What the runtime's own install steps did, each under its report key (Codex's `codexPlugin`: the plugin's
   * config.toml table, added, kept, removed or still to add).
   */
  readonly runtimeReports?: Readonly<Record<string, unknown>>;
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

/**
 * Read the scope's lock file; a missing one is empty, one that is not a regular file (a FIFO, a symlink) or
 * cannot be read is `lock_file_unreadable`, a damaged one is `lock_file_corrupt`.
 */
export async function readLockFile(
  runtimes: InstalledRuntimes,
  path: string,
  scope?: InstallScope,
): Promise<Result<LockFile, SkillpackError>> {
  const read = await readRegularFile(path, { maxBytes: 16 * 1024 * 1024 });
  if (!read.success) {
    if (read.error.code === 'file_not_found') return ok(emptyLockFile());
    return fail(
      new IoError('lock_file_unreadable', `Cannot read the lock file: ${read.error.message}`, {
        details: { file: path, reason: read.error.code },
        cause: read.error,
      }),
    );
  }
  return safeParseLockFile(runtimes, read.data.bytes.toString('utf8'), path, scope);
}

/**
 * Run `body` holding the scope root's busy file, after finishing or undoing any run that was killed there.
 * File-system failures become typed errors naming the file.
 */
async function underScopeLock(
  runtimes: InstalledRuntimes,
  options: ScopeOptions & { readonly dryRun: boolean },
  action: string,
  body: (
    root: string,
    lockFile: string,
    recovered: readonly Recovered[],
  ) => Promise<Result<OperationOutcome, SkillpackError>>,
): Promise<Result<OperationOutcome, SkillpackError>> {
  const root = await checkRoot(options);
  if (!root.success) return root;
  const lockFile = lockFilePath(options.scope, root.data);
  try {
    if (options.dryRun) return await body(root.data, lockFile, []);
    const busy = await acquireScopeLock(root.data, options.busy);
    if (!busy.success) return busy;
    try {
      const recovered = await recoverInterrupted(root.data, lockFile);
      for (const runtime of Object.values(runtimes))
        for (const step of await stepsOf(runtime)) await step.recover?.(root.data);
      return await body(root.data, lockFile, recovered);
    } finally {
      await busy.data.release();
    }
  } catch (error) {
    return fail(toIoError(error, action, root.data));
  }
}

async function settle(
  plan: Plan,
  context: {
    root: string;
    lockFile: string;
    packDir?: string;
    packBytes?: ReadonlyMap<string, Uint8Array>;
    dryRun: boolean;
    recovered: readonly Recovered[];
    onStep?: (step: ApplyStep) => void;
  },
): Promise<Result<OperationOutcome, SkillpackError>> {
  const pendingRecovery = context.dryRun ? await findLeftoverStaging(context.root) : [];
  const base = {
    plan,
    root: context.root,
    lockFile: context.lockFile,
    recovered: context.recovered,
    pendingRecovery,
  };
  if (plan.conflicts > 0) return ok({ status: 'refused', ...base });
  if (context.dryRun) return ok({ status: 'planned', ...base });
  if (!plan.changes) return ok({ status: 'unchanged', ...base });
  const applied = await applyPlan(plan, {
    root: context.root,
    lockPath: context.lockFile,
    ...(context.packDir === undefined ? {} : { packDir: context.packDir }),
    ...(context.packBytes === undefined ? {} : { packBytes: context.packBytes }),
    ...(context.onStep === undefined ? {} : { onStep: context.onStep }),
  });
  if (!applied.success) return applied;
  return ok({ status: 'applied', ...base, applied: applied.data });
}

/**
 * Options of `installPack`: the built pack, the runtime, the scope, and whether to overwrite or only plan. A
 * runtime's own options (`--codex-form`, `--claude PATH`) are fields its install steps read (`RuntimeInstallOptions`).
 */
export interface InstallOptions extends ScopeOptions {
  readonly packDir: string;
  readonly runtime: RuntimeId;
  readonly force: boolean;
  /** Also install runtime configuration files the pack carries (`--allow-runtime-config`); refused otherwise. */
  readonly allowRuntimeConfig?: boolean;
  /** Make the runtime configuration changes activation needs (`--activate`): permission rules, enabling a plugin. */
  readonly activate?: boolean;
  /** `skill` (default), the skills and the Stop hook, or `plugin`, the runtime's plugin form. */
  readonly form?: InstallForm;
  /** The CLI that installs a runtime's home plugin form (`--plugin-cli PATH`; default its command on PATH). */
  readonly pluginClis?: Readonly<Partial<Record<RuntimeId, string>>>;
  /** The environment the runtime's CLIs run with, and where they look (`CODEX_HOME`); default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly dryRun: boolean;
  readonly onStep?: (step: ApplyStep) => void;
}

/**
 * Plan, then (unless refused or a dry run) apply the install of a built pack's skill form for one runtime
 * (`runtimes`: every runtime's declaration, from the registry).
 */
export function installPack(
  runtimes: InstalledRuntimes,
  options: InstallOptions,
): Promise<Result<OperationOutcome, SkillpackError>> {
  return underScopeLock(runtimes, options, 'install into', async (root, lockFile, recovered) => {
    const lock = await readLockFile(runtimes, lockFile, options.scope);
    if (!lock.success) return lock;
    const pack = await readPack(runtimes, options.packDir, options.runtime, options.scope, {
      ...(options.form ? { form: options.form } : {}),
      options: optionValues(options),
      previousInstall: (name) => findInstall(lock.data, name, options.runtime),
    });
    if (!pack.success) return pack;
    return installFrom(runtimes[options.runtime], options, pack.data, lock.data, root, lockFile, recovered);
  });
}

/** The npm package a pack folder is (the `name` of its `package.json`: a portable pack), or `undefined`. */
async function npmPackageOf(packDir: string): Promise<string | undefined> {
  try {
    const manifest: unknown = JSON.parse(await readFile(join(packDir, 'package.json'), 'utf8'));
    const name =
      typeof manifest === 'object' && manifest !== null ? (manifest as { name?: unknown }).name : undefined;
    return typeof name === 'string' && name.length <= 214 && NPM_PACKAGE_NAME.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

async function installFrom(
  runtime: InstalledRuntime,
  options: InstallOptions,
  pack: ReadPack,
  lock: LockFile,
  root: string,
  lockFile: string,
  recovered: readonly Recovered[],
): Promise<Result<OperationOutcome, SkillpackError>> {
  const { name, version } = pack.manifest.pack;
  const previous = findInstall(lock, name, runtime.id);
  const form = options.form ?? 'skill';
  const pluginRoots = [runtime.install.localPlugin?.root, runtime.install.homePlugin?.stage];
  const previousForm = previous?.files.some((file) =>
    pluginRoots.some((folder) => folder !== undefined && file.path.startsWith(folder)),
  )
    ? 'plugin'
    : 'skill';
  if (previous && previousForm !== form)
    return fail(
      new ConfigError(
        'install_form_changed',
        `${name} is installed for ${runtime.id} in the ${previousForm} form here; \`${cliCommand(`uninstall ${name}`)}\` first to install the ${form} form.`,
        { details: { pack: name, runtime: runtime.id, installed: previousForm, requested: form } },
      ),
    );
  const proof = await proveLockOwnership({
    root,
    lockFile,
    installs: previous ? [previous] : [],
    // The previous install is of this runtime.
    declaration: () => runtime,
    installing: pack.manifest,
  });
  if (!proof.success) return proof;
  const record = installRecordFile(pack.manifest, pack.manifestBytes, runtime.id);
  const files = record ? [...pack.files, record] : pack.files;
  const paths = [...files.map((file) => file.path), ...(previous?.files.map((file) => file.path) ?? [])];
  const disk = probePaths(root, paths);
  const hookConfig = await planHookConfig({
    runtime,
    scope: options.scope,
    root,
    packDir: options.packDir,
    hook: pack.hook,
    previous,
    force: options.force,
  });
  if (!hookConfig.success) return hookConfig;
  const homePlugin = pack.homePlugin
    ? await planHomePlugin({
        runtime,
        home: options.home,
        pack: name,
        name: pack.homePlugin.name,
        previous,
        activate: options.activate ?? false,
        dryRun: options.dryRun,
        env: options.env ?? process.env,
        ...(options.pluginClis?.[runtime.id] ? { cli: options.pluginClis[runtime.id] } : {}),
      })
    : undefined;
  if (homePlugin && !homePlugin.success) return homePlugin;
  // The runtime's own steps, in its declaration's order: a step that edits the hook configuration file chains its
  // edit onto that file's planned action and takes its place.
  let settingsAction = hookConfig.data?.action;
  const steps: { step: RuntimeInstallStep; plan: InstallStepPlan }[] = [];
  // The last edit a step planned per file: a later step editing the same file chains onto it and supersedes it.
  const stepActions = new Map<string, PlanAction>();
  for (const step of await stepsOf(runtime)) {
    const planned = await step.plan({
      scope: options.scope,
      root,
      home: options.home,
      pack: { name, version },
      previous,
      form,
      activate: options.activate ?? false,
      dryRun: options.dryRun,
      env: options.env ?? process.env,
      options: optionValues(options),
      packForm: pack.packForm,
      packFiles: files.map((file) => file.path),
      plannedAction: (path) => stepActions.get(path),
      settingsAction,
    });
    if (!planned.success) return planned;
    if (!planned.data) continue;
    if (planned.data.settingsAction) settingsAction = planned.data.settingsAction;
    if (planned.data.action) stepActions.set(planned.data.action.path, planned.data.action);
    steps.push({ step, plan: planned.data });
  }
  for (const { plan } of steps) {
    const ready = await plan.ready?.();
    if (ready && !ready.success) return ready;
  }
  const skillName = steps.find(({ plan }) => plan.skillName)?.plan.skillName;
  const activation = await planActivation({
    skillRules: runtime.install.headlessSkillRules,
    scope: options.scope,
    root,
    packDir: options.packDir,
    files: pack.files,
    bytes: pack.bytes,
    previous,
    activate: options.activate ?? false,
    hookAction: settingsAction,
    ...(skillName ? { skillName } : {}),
  });
  const finalSettings = activation.hookAction ?? settingsAction;
  const hookPlan = hookConfig.data
    ? { ...hookConfig.data, ...(finalSettings ? { action: finalSettings } : {}) }
    : finalSettings
      ? { action: finalSettings }
      : undefined;
  const npmPackage = await npmPackageOf(options.packDir);
  const plan = planInstall({
    pack: { name, version, ...(npmPackage ? { package: npmPackage } : {}) },
    runtime,
    scope: options.scope,
    files,
    lock,
    disk,
    force: options.force,
    allowRuntimeConfig: options.allowRuntimeConfig ?? false,
    ...(hookPlan ? { hookConfig: hookPlan } : {}),
    activation,
    steps: steps.map(({ step, plan }) => ({
      key: step.record.key,
      ...(plan.action && stepActions.get(plan.action.path) === plan.action ? { action: plan.action } : {}),
      ...(plan.locked === undefined ? {} : { locked: plan.locked }),
    })),
    ...(homePlugin?.data.locked ? { homePlugin: homePlugin.data.locked } : {}),
  });
  const settled = await settle(plan, {
    root,
    lockFile,
    packDir: options.packDir,
    packBytes: new Map([...pack.bytes, [MANIFEST_FILE, pack.manifestBytes]]),
    dryRun: options.dryRun,
    recovered,
    onStep: options.onStep,
  });
  if (!settled.success) return settled;
  let pluginForm: PluginFormReport | HomePluginReport | undefined;
  const runtimeReports: Record<string, unknown> = {};
  for (const { step, plan } of steps) {
    const finished = await plan.finish(settled.data.status);
    if (!finished.success) return finished;
    if (finished.data.pluginForm) pluginForm = finished.data.pluginForm;
    if (step.report && finished.data.report !== undefined) runtimeReports[step.report] = finished.data.report;
  }
  const homeReport = homePlugin
    ? await registerHomePlugin(homePlugin.data, previous, settled.data.status)
    : undefined;
  if (homeReport && !homeReport.success) return homeReport;
  if (homeReport) pluginForm = homeReport.data;
  return ok({
    ...settled.data,
    ...(activation.report ? { activation: activation.report } : {}),
    ...(pluginForm ? { pluginForm } : {}),
    ...(Object.keys(runtimeReports).length > 0 ? { runtimeReports } : {}),
  });
}

/** Options of `uninstallPack`: the pack, the runtime (or every runtime), and whether to only plan. */
export interface UninstallOptions extends ScopeOptions {
  readonly packName: string;
  /** Only this runtime's install; every runtime's when absent. */
  readonly runtime?: RuntimeId;
  /** The CLI that uninstalls a runtime's home plugin form (`--plugin-cli PATH`; default its command on PATH). */
  readonly pluginClis?: Readonly<Partial<Record<RuntimeId, string>>>;
  /** The environment the runtime CLIs run with; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly dryRun: boolean;
  readonly onStep?: (step: ApplyStep) => void;
}

/** Remove what an install wrote and is unchanged; keep (release) files a person changed. */
export function uninstallPack(
  runtimes: InstalledRuntimes,
  options: UninstallOptions,
): Promise<Result<OperationOutcome, SkillpackError>> {
  return underScopeLock(runtimes, options, 'uninstall from', (root, lockFile, recovered) =>
    uninstallFrom(runtimes, options, root, lockFile, recovered),
  );
}

async function uninstallFrom(
  runtimes: InstalledRuntimes,
  options: UninstallOptions,
  rootDir: string,
  lockFile: string,
  recovered: readonly Recovered[],
): Promise<Result<OperationOutcome, SkillpackError>> {
  const root = { data: rootDir };
  const lock = await readLockFile(runtimes, lockFile, options.scope);
  if (!lock.success) return lock;
  const installs = lock.data.installs.filter(
    (install) =>
      installNamed(install, options.packName) &&
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
  const proof = await proveLockOwnership({
    root: root.data,
    lockFile,
    installs,
    declaration: (id) => runtimes[id],
  });
  if (!proof.success) return proof;
  const disk = probePaths(
    root.data,
    installs.flatMap((install) => install.files.map((file) => file.path)),
  );
  // The runtimes' own steps, each for the installs of its runtime, in the order the runtimes are registered.
  const stepsOfInstalls: { step: RuntimeInstallStep; installs: LockedInstall[] }[] = [];
  for (const runtime of Object.values(runtimes)) {
    const own = installs.filter((install) => install.runtime === runtime.id);
    if (own.length === 0) continue;
    for (const step of await stepsOf(runtime)) stepsOfInstalls.push({ step, installs: own });
  }
  let hookActions = await planActivationRemoval(
    root.data,
    installs,
    await planHookConfigRemoval(runtimes, root.data, installs),
    (install) => runtimes[install.runtime].install.headlessSkillRules,
  );
  for (const { step, installs: own } of stepsOfInstalls)
    hookActions = await step.planRemoval(root.data, own, hookActions);
  const plan = planUninstall({ installs, lock: lock.data, disk, hookActions });
  if (!options.dryRun && plan.conflicts === 0) {
    const context: RemovalContext = {
      scope: options.scope,
      root: root.data,
      home: options.home,
      env: options.env ?? process.env,
      options: optionValues(options),
    };
    for (const { step, installs: own } of stepsOfInstalls) {
      const undone = await step.beforeRemoval?.(own, context);
      if (undone && !undone.success) return undone;
    }
    const removed = await unregisterHomePlugins(runtimes, installs, {
      home: options.home,
      env: options.env ?? process.env,
      ...(options.pluginClis ? { clis: options.pluginClis } : {}),
    });
    if (!removed.success) return removed;
  }
  const settled = await settle(plan, {
    root: root.data,
    lockFile,
    dryRun: options.dryRun,
    recovered,
    onStep: options.onStep,
  });
  if (!settled.success) return settled;
  const runtimeReports: Record<string, unknown> = {};
  for (const { step, installs: own } of stepsOfInstalls) {
    const report = step.removalReport?.(root.data, own, plan.actions, settled.data.status === 'applied');
    if (step.report && report !== undefined) runtimeReports[step.report] = report;
  }
  return ok({
    ...settled.data,
    ...(Object.keys(runtimeReports).length > 0 ? { runtimeReports } : {}),
  });
}

/** One install a scope's lock file records, with how many of its files are unchanged, modified or missing. */
export interface InstalledPack {
  readonly install: LockedInstall;
  readonly unchanged: number;
  readonly modified: readonly string[];
  readonly missing: readonly string[];
}

/** What `listScope` found in one scope: the root, the lock file, and each installed pack. */
export interface ScopeListing {
  readonly scope: InstallScope;
  readonly root: string;
  readonly lockFile: string;
  readonly packs: readonly InstalledPack[];
}

/** The packs a scope's lock file records, with how many of their files are still as installed. */
export async function listScope(
  runtimes: InstalledRuntimes,
  options: ScopeOptions,
  runtime?: RuntimeId,
): Promise<Result<ScopeListing, SkillpackError>> {
  const root = scopeRoot(options);
  const lockFile = lockFilePath(options.scope, root);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) return ok({ scope: options.scope, root, lockFile, packs: [] });
  try {
    return await listInstalled(runtimes, options.scope, root, lockFile, runtime);
  } catch (error) {
    return fail(toIoError(error, 'list', lockFile));
  }
}

async function listInstalled(
  runtimes: InstalledRuntimes,
  scope: InstallScope,
  root: string,
  lockFile: string,
  runtime: RuntimeId | undefined,
): Promise<Result<ScopeListing, SkillpackError>> {
  const lock = await readLockFile(runtimes, lockFile, scope);
  if (!lock.success) return lock;
  const packs: InstalledPack[] = [];
  for (const install of lock.data.installs) {
    if (runtime !== undefined && install.runtime !== runtime) continue;
    const disk = probePaths(
      root,
      install.files.map((file) => file.path),
    );
    const modified: string[] = [];
    const missing: string[] = [];
    for (const file of install.files) {
      const state = disk.get(file.path);
      if (state?.kind === 'missing') missing.push(file.path);
      else if (state?.kind !== 'file' || state.sha256 !== file.sha256 || state.executable !== file.executable)
        modified.push(file.path);
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
  return ok({ scope, root, lockFile, packs });
}
