import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT, UsageError } from '../cli/exit-code.js';
import type { InstallScope } from '../install/layout.js';
import { skillGenRuntime } from '../runtimes/registry.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';

export const command = defineCommand({
  name: 'uninstall',
  summary: 'Remove an installed pack, keeping any file you changed',
  description: `Remove the files skillpack installed for a pack (every runtime, or only --runtime) that are
unchanged since install, keep the ones you changed (and say so), prune folders this emptied and update
skillpack-lock.json. A Claude Code plugin form installed with --activate is unregistered with Claude Code's own
\`claude plugin uninstall\` and \`claude plugin marketplace remove\` (--claude PATH), and the keys install added to
.claude/settings.json are taken out, leaving the file as it was before.`,
  positionals: [{ name: 'PACK_NAME', required: true, description: 'The name of the installed pack' }],
  options: {
    scope: { ...SCOPE_OPTION, required: true },
    runtime: {
      ...RUNTIME_OPTION,
      description: 'Only the install for this runtime',
      defaultText: 'every runtime',
    },
    ...ROOT_OPTIONS,
    'dry-run': { type: 'boolean', description: 'Print the plan and change nothing' },
    claude: {
      type: 'string',
      value: 'PATH',
      description: 'The claude executable that unregisters a --form plugin install (default: claude on PATH)',
    },
  },
  output: 'formats',
  exits: { ok: 'removed', failed: 'not installed, or the lock file is damaged' },
  async run({ io, values, positionals, format }) {
    const packName = positionals[0]!;
    if (packName === '') throw new UsageError('missing_argument', 'PACK_NAME must not be empty.');
    const [
      { uninstallPack },
      { formatOutcomeJson, formatOutcomeText },
      { syncCodexPluginTable },
      pluginFormat,
    ] = await Promise.all([
      import('../install/operations.js'),
      import('../install/format.js'),
      import('../install/codex-plugin-step.js'),
      import('../install/codex-plugin-format.js'),
    ]);
    const result = await uninstallPack({
      packName,
      ...(values.runtime === undefined ? {} : { runtime: values.runtime as RuntimeId }),
      scope: values.scope as InstallScope,
      ...resolveRoots(values, io),
      ...(values.claude ? { claude: values.claude } : {}),
      dryRun: values['dry-run'],
    });
    if (!result.success) throw result.error;
    // Take skillpack's [plugins."…"] table out of config.toml with the plugin it enabled.
    const plugin = result.data.plan.runtimes.some((id) => skillGenRuntime(id).install.pluginConfigTable)
      ? await syncCodexPluginTable(result.data, { consent: false, env: io.env })
      : undefined;
    if (format === 'json') io.stdout(formatOutcomeJson(result.data, plugin ? { codexPlugin: plugin } : {}));
    else {
      io.stdout(formatOutcomeText(result.data));
      if (plugin) io.stdout(pluginFormat.formatCodexPluginActivation(plugin, ''));
    }
    return EXIT.ok;
  },
});
