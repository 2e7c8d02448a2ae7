import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT, UsageError } from '../cli/exit-code.js';
import type { UninstallNote } from '../install/after-install-step.js';
import type { InstallScope } from '../install/layout.js';
import { skillGenRuntime } from '../runtimes/registry.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';
import { PLUGIN_CLI_OPTION } from './_plugin-cli-option.js';
import { runtimeOnlyOptions, runtimeOptionFields } from './_runtime-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'uninstall',
  summary: COMMAND_SUMMARIES.uninstall,
  description: `Remove the files skillpack installed for a pack (every runtime, or only --runtime) that are
unchanged since install, keep the ones you changed (and say so), prune folders this emptied and update
skillpack-lock.json. What install added to a runtime's own configuration (hook entries, permission rules, a
plugin's settings or config table, trust it recorded) is taken out exactly, every other byte left as it was. A
plugin form installed with --activate is unregistered by the runtime's own CLI first (its plugin uninstall
command; --plugin-cli PATH with --runtime names that CLI, or the runtime's own option below), then its staged
files are removed.`,
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
    'plugin-cli': PLUGIN_CLI_OPTION,
    ...runtimeOnlyOptions('uninstall'),
  },
  output: 'formats',
  exits: { ok: 'removed', failed: 'not installed, or the lock file is damaged' },
  async run({ io, values, positionals, format }) {
    const packName = positionals[0]!;
    if (packName === '') throw new UsageError('missing_argument', 'PACK_NAME must not be empty.');
    const [{ uninstallPack }, { formatOutcomeJson, formatOutcomeText }] = await Promise.all([
      import('../runtimes/runtime-install.js'),
      import('../install/format.js'),
    ]);
    const pluginCli = values['plugin-cli'];
    if (pluginCli !== undefined && values.runtime === undefined)
      throw new UsageError(
        'invalid_option',
        '--plugin-cli names the CLI of one runtime: give --runtime too.',
      );
    const runtime = values.runtime as RuntimeId | undefined;
    const roots = resolveRoots(values, io);
    const result = await uninstallPack({
      ...runtimeOptionFields(runtime, values),
      packName,
      ...(values.runtime === undefined ? {} : { runtime: values.runtime as RuntimeId }),
      scope: values.scope as InstallScope,
      ...roots,
      ...(pluginCli ? { pluginClis: { [values.runtime as RuntimeId]: pluginCli } } : {}),
      env: io.env,
      dryRun: values['dry-run'],
    });
    if (!result.success) throw result.error;
    // What the runtimes' own steps did (a plugin's config table taken out), and the trust install recorded (with
    // --activate), released once no install in the project needs it.
    const reports = Object.entries(result.data.runtimeReports ?? {});
    const notes: UninstallNote[] = [];
    const texts: string[] = [];
    for (const id of result.data.plan.runtimes) {
      const declaration = skillGenRuntime(id);
      for (const load of declaration.install.afterInstall) {
        const note = await (await load()).afterUninstall?.(result.data, io.env, { home: roots.home });
        if (note) notes.push(note);
      }
      for (const step of (await declaration.install.steps?.()) ?? []) {
        const report = reports.find(([key]) => key === step.report)?.[1];
        if (report !== undefined && step.format) texts.push(step.format(report, ''));
      }
    }
    if (format === 'json')
      io.stdout(
        formatOutcomeJson(result.data, {
          ...Object.fromEntries(reports),
          ...(notes.some((note) => note.released) ? { folderTrustRemoved: true } : {}),
        }),
      );
    else {
      io.stdout(formatOutcomeText(result.data));
      for (const note of notes) io.stdout(note.sentence);
      for (const text of texts) io.stdout(text);
    }
    return EXIT.ok;
  },
});
