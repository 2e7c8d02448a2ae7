// Codex's plugin table as an install step: a user-scope install of the pack's plugin enables it with a
// `[plugins."<id>"]` table in `.codex/config.toml` (with consent; else the exact lines are reported), recorded in
// the lock and taken out again by uninstall.
import { ok } from '@skillpack/core';
import type { RuntimeInstallStep } from '../../install/install-step.js';
import type { CodexPluginTarget } from './form.js';
import { formatCodexPluginActivation } from './plugin-format.js';
import { CODEX_PLUGIN_RECORD } from './plugin-lock.js';
import {
  type CodexPluginActivation,
  codexPluginRemovalReport,
  planCodexPluginRemoval,
  planCodexPluginTable,
} from './plugin-step.js';
import { pluginTable } from './plugin-toml.js';

/** The install options this step reads. */
export interface CodexPluginOptions {
  /** Consent to enable an installed Codex plugin in config.toml besides `--activate` (`--trust-codex-hooks`). */
  readonly enableCodexPlugin?: boolean;
}

/** The plan's config.toml report as it turned out: a table not added (a dry run, a refusal) is still to add. */
function outcomeOf(report: CodexPluginActivation, status: string): CodexPluginActivation {
  if (status === 'applied' || status === 'unchanged' || report.change === 'none') return report;
  const { change: _change, ...rest } = report;
  return {
    ...rest,
    change: 'none',
    enabled: false,
    ...(report.change === 'added' ? { configToml: pluginTable(report.id) } : {}),
  };
}

export const codexPluginTableStep: RuntimeInstallStep = {
  record: CODEX_PLUGIN_RECORD,
  report: 'codexPlugin',
  async plan(context) {
    const plugin = context.packForm as CodexPluginTarget | undefined;
    const planned = await planCodexPluginTable({
      scope: context.scope,
      root: context.root,
      name: context.pack.name,
      plugin: plugin !== undefined,
      previous: context.previous,
      consent: context.activate || (context.options as CodexPluginOptions).enableCodexPlugin === true,
      env: context.env,
    });
    if (!planned) return ok(undefined);
    return ok({
      ...(planned.action ? { action: planned.action } : {}),
      ...(planned.locked ? { locked: planned.locked } : {}),
      finish: async (status) => ok({ report: outcomeOf(planned.report, status) }),
    });
  },
  planRemoval: planCodexPluginRemoval,
  removalReport: codexPluginRemovalReport,
  format: (report, rerun) => formatCodexPluginActivation(report as CodexPluginActivation, rerun),
};
