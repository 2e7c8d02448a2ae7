import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT, UsageError } from '../cli/exit-code.js';
import type { InstallScope } from '../install/layout.js';
import { skillGenRuntime } from '../runtimes/registry.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';
import { PLUGIN_CLI_OPTION } from './_plugin-cli-option.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'uninstall',
  summary: COMMAND_SUMMARIES.uninstall,
  description: `Remove the files skillpack installed for a pack (every runtime, or only --runtime) that are
unchanged since install, keep the ones you changed (and say so), prune folders this emptied and update
skillpack-lock.json. A Claude Code plugin form installed with --activate is unregistered with Claude Code's own
\`claude plugin uninstall\` and \`claude plugin marketplace remove\` (--claude PATH), and the keys install added to
.claude/settings.json are taken out, leaving the file as it was before. A Gemini CLI extension or Copilot CLI
plugin form installed with --activate is uninstalled by the runtime's own CLI first (\`gemini extensions
uninstall\`, \`copilot plugin uninstall\`; --plugin-cli PATH with --runtime), then its staged files are removed.`,
  positionals: [
    {
      name: 'PACK_NAME',
      required: true,
      description: 'The installed pack: its name, or the npm package it came from',
    },
  ],
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
    'plugin-cli': PLUGIN_CLI_OPTION,
  },
  output: 'formats',
  exits: { ok: 'removed', failed: 'not installed, or the lock file is damaged' },
  async run({ io, values, positionals, format }) {
    const packName = positionals[0]!;
    if (packName === '') throw new UsageError('missing_argument', 'PACK_NAME must not be empty.');
    const [{ uninstallPack }, { formatOutcomeJson, formatOutcomeText }, pluginFormat] = await Promise.all([
      import('../install/operations.js'),
      import('../install/format.js'),
      import('../runtimes/codex/plugin-format.js'),
    ]);
    const pluginCli = values['plugin-cli'];
    if (pluginCli !== undefined && values.runtime === undefined)
      throw new UsageError(
        'invalid_option',
        '--plugin-cli names the CLI of one runtime: give --runtime too.',
      );
    const result = await uninstallPack({
      packName,
      ...(values.runtime === undefined ? {} : { runtime: values.runtime as RuntimeId }),
      scope: values.scope as InstallScope,
      ...resolveRoots(values, io),
      ...(values.claude ? { claude: values.claude } : {}),
      ...(pluginCli ? { pluginClis: { [values.runtime as RuntimeId]: pluginCli } } : {}),
      env: io.env,
      dryRun: values['dry-run'],
    });
    if (!result.success) throw result.error;
    // skillpack's [plugins."…"] table left config.toml with the plugin it enabled (a step of the plan).
    const plugin = result.data.codexPlugin;
    // Take out the folder trust a project install recorded (--activate), once no install there needs it.
    const released: string[] = [];
    for (const id of result.data.plan.runtimes) {
      const step = await skillGenRuntime(id).install.folderTrust?.();
      const sentence = await step?.afterUninstall(result.data, io.env);
      if (sentence) released.push(sentence);
    }
    const untrusted = released.length > 0;
    if (format === 'json')
      io.stdout(
        formatOutcomeJson(result.data, {
          ...(plugin ? { codexPlugin: plugin } : {}),
          ...(untrusted ? { folderTrustRemoved: true } : {}),
        }),
      );
    else {
      io.stdout(formatOutcomeText(result.data));
      for (const sentence of released) io.stdout(sentence);
      if (plugin) io.stdout(pluginFormat.formatCodexPluginActivation(plugin, ''));
    }
    return EXIT.ok;
  },
});
