// The step of `install --form plugin` (and `uninstall`) for a runtime whose own CLI installs its plugin form into
// the home (`install.homePlugin`): planned before the files are staged (the CLI checked, the lock record
// decided), run after they are (the CLI installs the staged folder), and undone on uninstall before the staged
// files go. A dry run and an install without `--activate` run no command.
import { stat } from 'node:fs/promises';
import type { RuntimeId } from '@skillpack/adapters';
import { fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import type { HomePluginForm, SkillGenRuntime, SkillGenRuntimes } from '../runtimes/runtime-declaration.js';
import { homePluginSteps, installedAbsolute, stagedAbsolute } from './home-plugin.js';
import { checkHomePluginCli, type HomePluginContext, homePluginCommand } from './home-plugin-register.js';
import type { LockedHomePlugin, LockedInstall } from './lock-file.js';

/** What install reports of a home plugin form: the plugin, its staged folder, whether the CLI installed it. */
export interface HomePluginReport {
  readonly form: 'plugin';
  readonly runtime: RuntimeId;
  readonly plugin: string;
  /** The staged folder (absolute) the CLI installs from. */
  readonly folder: string;
  /** Where the runtime's CLI keeps the installed copy (absolute). */
  readonly installed: string;
  /** The runtime's CLI installed the plugin (now or before). */
  readonly active: boolean;
  /** Run (or install again with `--activate`) to have the runtime's CLI install the plugin. */
  readonly steps: readonly string[];
}

export interface HomePluginPlan {
  readonly runtime: RuntimeId;
  /** The pack, whose name names the staged folder. */
  readonly pack: string;
  readonly context: HomePluginContext;
  readonly name: string;
  /** What the lock records once applied: the plugin the CLI installed, or (not activating) nothing new. */
  readonly locked?: LockedHomePlugin;
  /** Whether the CLI runs after the files are staged. */
  readonly registering: boolean;
}

const formOf = (runtime: SkillGenRuntime): HomePluginForm => {
  const form = runtime.install.homePlugin;
  if (!form) throw new Error(`${runtime.id} has no home plugin form`);
  return form;
};

function contextFor(
  runtime: SkillGenRuntime,
  home: string,
  env: NodeJS.ProcessEnv,
  cli: string | undefined,
): HomePluginContext {
  const form = formOf(runtime);
  return { title: runtime.title, form, cli: cli ?? form.command, home, env };
}

/**
 * Plan the CLI's part: with `--activate` (not a dry run) the CLI must run (`--version`) before anything changes,
 * and the lock records the plugin; without, an earlier install's record is kept.
 */
export async function planHomePlugin(input: {
  readonly runtime: SkillGenRuntime;
  readonly home: string;
  readonly pack: string;
  readonly name: string;
  readonly previous: LockedInstall | undefined;
  readonly activate: boolean;
  readonly dryRun: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly cli?: string;
}): Promise<Result<HomePluginPlan, SkillpackError>> {
  const context = contextFor(input.runtime, input.home, input.env, input.cli);
  const registering = input.activate && !input.dryRun;
  if (registering) {
    const usable = await checkHomePluginCli(context);
    if (!usable.success) return usable;
  }
  const locked = input.activate ? { name: input.name } : input.previous?.homePlugin;
  return ok({
    runtime: input.runtime.id,
    pack: input.pack,
    context,
    name: input.name,
    registering,
    ...(locked ? { locked } : {}),
  });
}

/**
 * Have the CLI install the staged folder once the files are in place: a plugin an earlier install registered is
 * uninstalled first when the staged files changed (the CLI keeps a copy), left alone when nothing did.
 */
export async function registerHomePlugin(
  plan: HomePluginPlan,
  previous: LockedInstall | undefined,
  status: 'applied' | 'unchanged' | 'planned' | 'refused',
): Promise<Result<HomePluginReport, SkillpackError>> {
  const { context, name } = plan;
  const path = stagedAbsolute(context.form, context.home, plan.pack);
  const installed = installedAbsolute(context.form, context.home, plan.pack, name);
  // Recorded and still in the CLI's store: a run whose registration failed (or a copy a person removed) is
  // registered again rather than taken at the lock's word.
  const inPlace = previous?.homePlugin?.name === name && (await isDirectory(installed));
  // Files staged anew while the CLI holds a copy of the earlier ones: that copy is what the runtime loads.
  const stale = inPlace && status === 'applied';
  let active = inPlace && !stale;
  const done = status === 'applied' || status === 'unchanged';
  if (plan.registering && done && !active) {
    if (previous?.homePlugin) {
      const removed = await unregisterOne(context, plan.pack, previous.homePlugin.name);
      if (!removed.success) return removed;
    }
    const registered = await homePluginCommand('register', context, { path, name });
    if (!registered.success) return registered;
    active = true;
  }
  return ok({
    form: 'plugin',
    runtime: plan.runtime,
    plugin: name,
    folder: path,
    installed,
    active,
    steps: homePluginSteps(context.form, context.cli, { path, name }, stale),
  });
}

/**
 * Have the CLI uninstall the plugin `name`. Its failure is one only while its copy is still in the CLI's store
 * (or the CLI cannot run): a plugin a person already removed has nothing left to take out.
 */
async function unregisterOne(
  context: HomePluginContext,
  pack: string,
  name: string,
): Promise<Result<void, SkillpackError>> {
  const path = stagedAbsolute(context.form, context.home, pack);
  const removed = await homePluginCommand('unregister', context, { path, name });
  if (removed.success || removed.error.code === 'plugin_cli_not_found') return removed;
  const left = await isDirectory(installedAbsolute(context.form, context.home, pack, name));
  return left ? removed : ok(undefined);
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

/** Have each runtime's CLI uninstall the plugins `installs` recorded, before their staged files are removed. */
export async function unregisterHomePlugins(
  runtimes: SkillGenRuntimes,
  installs: readonly LockedInstall[],
  options: {
    readonly home: string;
    readonly env: NodeJS.ProcessEnv;
    readonly clis?: Readonly<Partial<Record<RuntimeId, string>>>;
  },
): Promise<Result<void, SkillpackError>> {
  for (const install of installs) {
    if (!install.homePlugin) continue;
    const context = contextFor(
      runtimes[install.runtime],
      options.home,
      options.env,
      options.clis?.[install.runtime],
    );
    const removed = await unregisterOne(context, install.pack.name, install.homePlugin.name);
    if (!removed.success) return fail(removed.error);
  }
  return ok(undefined);
}
