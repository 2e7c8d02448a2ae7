import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { ConfigError, fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { toIoError } from '../errors/io-error.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { claudeCodeSkillRules } from '../runtimes/claude-code/activation.js';
import { PLUGIN_FORM_ROOT } from '../runtimes/claude-code/plugin.js';
import {
  type PluginFormReport,
  planPluginForm,
  planPluginFormRemoval,
  pluginWant,
} from '../runtimes/claude-code/plugin-plan.js';
import {
  checkClaude,
  claudePluginCommands,
  recoverClaudeSettings,
} from '../runtimes/claude-code/plugin-register.js';
import type { CodexForm } from '../runtimes/codex/form.js';
import {
  type CodexPluginActivation,
  codexPluginRemovalReport,
  planCodexPluginRemoval,
  planCodexPluginTable,
} from '../runtimes/codex/plugin-step.js';
import { pluginTable } from '../runtimes/codex/plugin-toml.js';
import { skillGenRuntime } from '../runtimes/registry.js';
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
import { type InstallForm, type InstallScope, lockFilePath } from './layout.js';
import {
  emptyLockFile,
  findInstall,
  installNamed,
  type LockedInstall,
  type LockFile,
  NPM_PACKAGE_NAME,
  safeParseLockFile,
} from './lock-file.js';
import { type Plan, planInstall, planUninstall } from './plan.js';
import { readPack } from './read-pack.js';
import { acquireScopeLock, type ScopeLockOptions } from './scope-lock.js';
import type { HeadlessSkillRules } from './skill-rules.js';

/** The permission rules a runtime's skills need headless (`install.headlessSkillRules`). */
function skillRulesOf(runtime: RuntimeId): HeadlessSkillRules | undefined {
  return skillGenRuntime(runtime).install.headlessSkillRules ? claudeCodeSkillRules : undefined;
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
  /** Codex's plugin form (user scope): the plugin's config.toml table, added, kept, removed or still to add. */
  readonly codexPlugin?: CodexPluginActivation;
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
  return safeParseLockFile(read.data.bytes.toString('utf8'), path, scope);
}

/**
 * Run `body` holding the scope root's busy file, after finishing or undoing any run that was killed there.
 * File-system failures become typed errors naming the file.
 */
async function underScopeLock(
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
      await recoverClaudeSettings(root.data);
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
 * Options of `installPack`: the built pack, the runtime, the scope, and whether to overwrite or only plan.
 */
export interface InstallOptions extends ScopeOptions {
  readonly packDir: string;
  readonly runtime: RuntimeId;
  readonly force: boolean;
  /** Also install runtime configuration files the pack carries (`--allow-runtime-config`). */
  readonly allowRuntimeConfig?: boolean;
  /** Make the runtime configuration changes activation needs (`--activate`): Claude Code's allow rules. */
  readonly activate?: boolean;
  /** For codex: the plugin or the standalone skills (`--codex-form`; default in `resolveCodexForm`). */
  readonly codexForm?: CodexForm;
  /** For claude-code: `skill` (default), the skills and the Stop hook, or `plugin`, its plugin from a local marketplace. */
  readonly form?: InstallForm;
  /** The `claude` executable the plugin form registers the plugin with (default `claude` on PATH). */
  readonly claude?: string;
  /** The CLI that installs a runtime's home plugin form (`--plugin-cli PATH`; default its command on PATH). */
  readonly pluginClis?: Readonly<Partial<Record<RuntimeId, string>>>;
  /** Consent to enable an installed Codex plugin in config.toml (`--activate`, `--trust-codex-hooks`). */
  readonly enableCodexPlugin?: boolean;
  /** The environment, for where Codex looks (`CODEX_HOME`); default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly dryRun: boolean;
  readonly onStep?: (step: ApplyStep) => void;
}

/** Plan, then (unless refused or a dry run) apply the install of a built pack's skill form for one runtime. */
export function installPack(options: InstallOptions): Promise<Result<OperationOutcome, SkillpackError>> {
  return underScopeLock(options, 'install into', async (root, lockFile, recovered) => {
    let pack = await readPack(options.packDir, options.runtime, options.scope, {
      ...(options.codexForm ? { codexForm: options.codexForm } : {}),
      ...(options.form ? { form: options.form } : {}),
    });
    if (!pack.success) return pack;
    // The default form is sticky: a pack installed as standalone Codex skills stays so on upgrade, rather than
    // turning into a plugin that Codex loads only once the user consents (`--codex-form plugin` switches).
    if (pack.data.codexPlugin && !options.codexForm) {
      const lock = await readLockFile(lockFile, options.scope);
      const previous = lock.success
        ? findInstall(lock.data, pack.data.manifest.pack.name, 'codex')
        : undefined;
      if (previous?.files.some((file) => file.path.startsWith('.agents/skills/'))) {
        pack = await readPack(options.packDir, options.runtime, options.scope, { codexForm: 'skills' });
        if (!pack.success) return pack;
      }
    }
    return installFrom(options, pack.data, root, lockFile, recovered);
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
  options: InstallOptions,
  pack: Awaited<ReturnType<typeof readPack>> extends Result<infer T, SkillpackError> ? T : never,
  rootDir: string,
  lockFile: string,
  recovered: readonly Recovered[],
): Promise<Result<OperationOutcome, SkillpackError>> {
  const root = { data: rootDir };
  const lock = await readLockFile(lockFile, options.scope);
  if (!lock.success) return lock;
  const { name, version } = pack.manifest.pack;
  const previous = findInstall(lock.data, name, options.runtime);
  const form = options.form ?? 'skill';
  const homeForm = skillGenRuntime(options.runtime).install.homePlugin;
  const previousForm = previous?.files.some(
    (file) =>
      file.path.startsWith(PLUGIN_FORM_ROOT) ||
      (homeForm !== undefined && file.path.startsWith(homeForm.stage)),
  )
    ? 'plugin'
    : 'skill';
  if (previous && previousForm !== form)
    return fail(
      new ConfigError(
        'install_form_changed',
        `${name} is installed for ${options.runtime} in the ${previousForm} form here; \`skillpack uninstall ${name}\` first to install the ${form} form.`,
        { details: { pack: name, runtime: options.runtime, installed: previousForm, requested: form } },
      ),
    );
  const paths = [...pack.files.map((file) => file.path), ...(previous?.files.map((file) => file.path) ?? [])];
  const disk = await probePaths(root.data, paths);
  const hookConfig = await planHookConfig({
    runtime: options.runtime,
    scope: options.scope,
    root: root.data,
    packDir: options.packDir,
    hook: pack.hook,
    previous,
    force: options.force,
  });
  if (!hookConfig.success) return hookConfig;
  const claude = {
    claude: options.claude ?? 'claude',
    scope: options.scope,
    root: root.data,
    home: options.home,
  };
  const homePlugin = pack.homePlugin
    ? await planHomePlugin({
        runtime: options.runtime,
        home: options.home,
        pack: name,
        name: pack.homePlugin.name,
        previous,
        activate: options.activate ?? false,
        dryRun: options.dryRun,
        env: options.env ?? process.env,
        ...(options.pluginClis?.[options.runtime] ? { cli: options.pluginClis[options.runtime] } : {}),
      })
    : undefined;
  if (homePlugin && !homePlugin.success) return homePlugin;
  const pluginForm =
    form === 'plugin' && !homePlugin
      ? await planPluginForm({
          scope: options.scope,
          root: root.data,
          name,
          previous,
          activate: options.activate ?? false,
          hookAction: hookConfig.data?.action,
          ...(options.claude ? { claude: options.claude } : {}),
        })
      : undefined;
  const registering = pluginForm?.locked !== undefined && options.activate === true && !options.dryRun;
  if (registering) {
    const usable = await checkClaude(claude);
    if (!usable.success) return usable;
  }
  const activation = await planActivation({
    skillRules: skillRulesOf(options.runtime),
    scope: options.scope,
    root: root.data,
    packDir: options.packDir,
    files: pack.files,
    bytes: pack.bytes,
    previous,
    activate: options.activate ?? false,
    hookAction: pluginForm ? pluginForm.hookAction : hookConfig.data?.action,
    // Claude Code 2.1.328 names a plugin's skills <plugin>:<skill>, in the Skill call and in its allow rule.
    ...(form === 'plugin' ? { skillName: (skill: string) => `${pluginForm!.want.plugin}:${skill}` } : {}),
  });
  const codexPlugin = skillGenRuntime(options.runtime).install.pluginConfigTable
    ? await planCodexPluginTable({
        scope: options.scope,
        root: root.data,
        name,
        plugin: pack.codexPlugin !== undefined,
        previous,
        consent: options.enableCodexPlugin ?? false,
        env: options.env ?? process.env,
      })
    : undefined;
  const hookPlan = hookConfig.data
    ? { ...hookConfig.data, ...(activation.hookAction ? { action: activation.hookAction } : {}) }
    : activation.hookAction
      ? { action: activation.hookAction }
      : undefined;
  const npmPackage = await npmPackageOf(options.packDir);
  const plan = planInstall({
    pack: { name, version, ...(npmPackage ? { package: npmPackage } : {}) },
    runtime: options.runtime,
    scope: options.scope,
    files: pack.files,
    lock: lock.data,
    disk,
    force: options.force,
    allowRuntimeConfig: options.allowRuntimeConfig ?? false,
    ...(hookPlan ? { hookConfig: hookPlan } : {}),
    activation,
    ...(pluginForm ? { claudePlugin: pluginForm } : {}),
    ...(codexPlugin ? { codexPlugin } : {}),
    ...(homePlugin?.data.locked ? { homePlugin: homePlugin.data.locked } : {}),
  });
  const settled = await settle(plan, {
    root: root.data,
    lockFile,
    packDir: options.packDir,
    packBytes: pack.bytes,
    dryRun: options.dryRun,
    recovered,
    onStep: options.onStep,
  });
  if (!settled.success) return settled;
  if (registering && (settled.data.status === 'applied' || settled.data.status === 'unchanged')) {
    const registered = await claudePluginCommands('register', claude, pluginForm.want);
    if (!registered.success) return registered;
  }
  const homeReport = homePlugin
    ? await registerHomePlugin(homePlugin.data, previous, settled.data.status)
    : undefined;
  if (homeReport && !homeReport.success) return homeReport;
  return ok({
    ...settled.data,
    ...(activation.report ? { activation: activation.report } : {}),
    ...(pluginForm ? { pluginForm: pluginForm.report } : {}),
    ...(homeReport ? { pluginForm: homeReport.data } : {}),
    ...(codexPlugin ? { codexPlugin: codexPluginOutcome(codexPlugin.report, settled.data.status) } : {}),
  });
}

/** The plan's config.toml report as it turned out: a table not added (a dry run, a refusal) is still to add. */
function codexPluginOutcome(report: CodexPluginActivation, status: OperationStatus): CodexPluginActivation {
  if (status === 'applied' || status === 'unchanged' || report.change === 'none') return report;
  const { change: _change, ...rest } = report;
  return {
    ...rest,
    change: 'none',
    enabled: false,
    ...(report.change === 'added' ? { configToml: pluginTable(report.id) } : {}),
  };
}

/** Options of `uninstallPack`: the pack, the runtime (or every runtime), and whether to only plan. */
export interface UninstallOptions extends ScopeOptions {
  readonly packName: string;
  /** Only this runtime's install; every runtime's when absent. */
  readonly runtime?: RuntimeId;
  /** The `claude` executable that unregisters a plugin form (default `claude` on PATH). */
  readonly claude?: string;
  /** The CLI that uninstalls a runtime's home plugin form (`--plugin-cli PATH`; default its command on PATH). */
  readonly pluginClis?: Readonly<Partial<Record<RuntimeId, string>>>;
  /** The environment the runtime CLIs run with; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly dryRun: boolean;
  readonly onStep?: (step: ApplyStep) => void;
}

/** Remove what an install wrote and is unchanged; keep (release) files a person changed. */
export function uninstallPack(options: UninstallOptions): Promise<Result<OperationOutcome, SkillpackError>> {
  return underScopeLock(options, 'uninstall from', (root, lockFile, recovered) =>
    uninstallFrom(options, root, lockFile, recovered),
  );
}

async function uninstallFrom(
  options: UninstallOptions,
  rootDir: string,
  lockFile: string,
  recovered: readonly Recovered[],
): Promise<Result<OperationOutcome, SkillpackError>> {
  const root = { data: rootDir };
  const lock = await readLockFile(lockFile, options.scope);
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
  const disk = await probePaths(
    root.data,
    installs.flatMap((install) => install.files.map((file) => file.path)),
  );
  const hookActions = await planCodexPluginRemoval(
    root.data,
    installs,
    await planPluginFormRemoval(
      root.data,
      installs,
      await planActivationRemoval(
        root.data,
        installs,
        await planHookConfigRemoval(root.data, installs),
        (install) => skillRulesOf(install.runtime),
      ),
    ),
  );
  const plan = planUninstall({ installs, lock: lock.data, disk, hookActions });
  if (!options.dryRun && plan.conflicts === 0) {
    for (const install of installs) {
      if (!install.claudePlugin) continue;
      const context = {
        claude: options.claude ?? 'claude',
        scope: options.scope,
        root: root.data,
        home: options.home,
      };
      const unregistered = await claudePluginCommands(
        'unregister',
        context,
        pluginWant(root.data, install.claudePlugin.marketplace),
      );
      if (!unregistered.success) return unregistered;
    }
    const removed = await unregisterHomePlugins(installs, {
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
  const codexPlugin = codexPluginRemovalReport(
    root.data,
    installs,
    plan.actions,
    settled.data.status === 'applied',
  );
  return ok({ ...settled.data, ...(codexPlugin ? { codexPlugin } : {}) });
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
  options: ScopeOptions,
  runtime?: RuntimeId,
): Promise<Result<ScopeListing, SkillpackError>> {
  const root = scopeRoot(options);
  const lockFile = lockFilePath(options.scope, root);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) return ok({ scope: options.scope, root, lockFile, packs: [] });
  try {
    return await listInstalled(options.scope, root, lockFile, runtime);
  } catch (error) {
    return fail(toIoError(error, 'list', lockFile));
  }
}

async function listInstalled(
  scope: InstallScope,
  root: string,
  lockFile: string,
  runtime: RuntimeId | undefined,
): Promise<Result<ScopeListing, SkillpackError>> {
  const lock = await readLockFile(lockFile, scope);
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
