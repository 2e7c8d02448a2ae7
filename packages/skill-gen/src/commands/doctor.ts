import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { INSTALL_SCOPES, type InstallScope } from '../install/layout.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';

export const command = defineCommand({
  name: 'doctor',
  summary: 'Ask each runtime whether it loads the installed skills and runs their hooks',
  description: `For every pack skillpack installed, ask each runtime's own CLI, offline, whether it loads the
pack's skills and runs its hook or plugin: \`opencode debug skill\` and \`opencode debug config\`, \`codex debug
prompt-input\` and \`codex app-server\` (hooks/list, with trust), and Claude Code's init event (stopped before
any model call).`,
  options: {
    runtime: { ...RUNTIME_OPTION, description: 'Only this runtime', defaultText: 'every runtime' },
    scope: { ...SCOPE_OPTION, description: 'Only this scope', defaultText: 'both' },
    ...ROOT_OPTIONS,
    'bin-dir': {
      type: 'string',
      value: 'DIR',
      description: 'Where the runtime CLIs are',
      defaultText: 'found on PATH',
    },
  },
  output: 'formats',
  exits: {
    ok: 'every skill loaded and every hook or plugin active',
    failed: 'something is not (or could not be checked)',
  },
  async run({ io, values, format }) {
    const [{ listScope }, { diagnoseInstall }, { formatReportText, toReport }] = await Promise.all([
      import('../install/operations.js'),
      import('../doctor/probes.js'),
      import('../doctor/report.js'),
    ]);
    const scopes = values.scope === undefined ? INSTALL_SCOPES : [values.scope as InstallScope];
    const roots = resolveRoots(values, io);
    const diagnoses = [];
    for (const scope of scopes) {
      const listing = await listScope({ scope, ...roots }, values.runtime as RuntimeId | undefined);
      if (!listing.success) throw listing.error;
      for (const pack of listing.data.packs) {
        diagnoses.push(
          await diagnoseInstall(pack.install, {
            root: listing.data.root,
            cwd: roots.projectDir,
            env: io.env,
            binDir: values['bin-dir'],
          }),
        );
      }
    }
    const report = toReport(diagnoses);
    io.stdout(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : formatReportText(report));
    return report.ok ? EXIT.ok : EXIT.failed;
  },
});
