// Claude Code's plugin form as an install step: its local marketplace is staged with the pack's files; with
// `--activate` the plugin is declared and enabled in `.claude/settings.json` (chained onto the hook entry's edit of
// the same file) and registered with Claude Code's own `claude plugin` commands; uninstall reverses both.
import { ok } from '@skillpack/core';
import { lockedRecord, type RuntimeInstallStep } from '../../install/install-step.js';
import { CLAUDE_PLUGIN_RECORD } from './plugin-lock.js';
import { planPluginForm, planPluginFormRemoval, pluginWant } from './plugin-plan.js';
import { checkClaude, claudePluginCommands, recoverClaudeSettings } from './plugin-register.js';

/** The install options this step reads (`--claude PATH`). */
export interface ClaudePluginOptions {
  /** The `claude` executable that registers (or unregisters) a plugin form (default `claude` on PATH). */
  readonly claude?: string;
}

const claudeOf = (options: Readonly<Record<string, unknown>>) => (options as ClaudePluginOptions).claude;

export const claudePluginFormStep: RuntimeInstallStep = {
  record: CLAUDE_PLUGIN_RECORD,
  async plan(context) {
    if (context.form !== 'plugin') return ok(undefined);
    const claude = claudeOf(context.options);
    const planned = await planPluginForm({
      scope: context.scope,
      root: context.root,
      name: context.pack.name,
      previous: context.previous,
      activate: context.activate,
      hookAction: context.settingsAction,
      ...(claude ? { claude } : {}),
    });
    const commands = {
      claude: claude ?? 'claude',
      scope: context.scope,
      root: context.root,
      home: context.home,
    };
    const registering = planned.locked !== undefined && context.activate && !context.dryRun;
    return ok({
      ...(planned.locked ? { locked: planned.locked } : {}),
      ...(planned.hookAction ? { settingsAction: planned.hookAction } : {}),
      // Claude Code 2.1.328 names a plugin's skills <plugin>:<skill>, in the Skill call and in its allow rule.
      skillName: (skill: string) => `${planned.want.plugin}:${skill}`,
      ...(registering ? { ready: () => checkClaude(commands) } : {}),
      async finish(status) {
        if (registering && (status === 'applied' || status === 'unchanged')) {
          const registered = await claudePluginCommands('register', commands, planned.want);
          if (!registered.success) return registered;
        }
        return ok({ pluginForm: planned.report });
      },
    });
  },
  recover: recoverClaudeSettings,
  planRemoval: (root, installs, actions) => planPluginFormRemoval(root, installs, actions),
  async beforeRemoval(installs, context) {
    for (const install of installs) {
      const locked = lockedRecord(install, CLAUDE_PLUGIN_RECORD);
      if (!locked) continue;
      const commands = {
        claude: claudeOf(context.options) ?? 'claude',
        scope: context.scope,
        root: context.root,
        home: context.home,
      };
      const unregistered = await claudePluginCommands(
        'unregister',
        commands,
        pluginWant(context.root, locked.marketplace),
      );
      if (!unregistered.success) return unregistered;
    }
    return ok(undefined);
  },
};
