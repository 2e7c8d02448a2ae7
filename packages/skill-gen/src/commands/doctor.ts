import { parseArgs } from 'node:util';
import { type Command, EXIT } from '../cli-io.js';
import { diagnoseInstall } from '../doctor/probes.js';
import { formatReportText, type PackDiagnosis, toReport } from '../doctor/report.js';
import {
  catchUsage,
  exitCodeFor,
  requireFormat,
  requireRuntime,
  requireScope,
  resolveRoots,
  SCOPE_OPTIONS,
  UsageError,
} from '../install/cli-options.js';
import { formatErrorJson } from '../install/format.js';
import { INSTALL_SCOPES, type InstallScope } from '../install/layout.js';
import { listScope } from '../install/operations.js';

const USAGE = `Usage: skillpack doctor [--runtime claude-code|codex|opencode] [--scope project|user]
                        [--dir PROJECT] [--home DIR] [--bin-dir DIR] [--format text|json]

For every pack skillpack installed, ask each runtime's own CLI, offline, whether it loads the pack's skills
and runs its hook or plugin: \`opencode debug skill\` and \`opencode debug config\`, \`codex debug prompt-input\`
and \`codex app-server\` (hooks/list, with trust), and Claude Code's init event (stopped before any model call).

Options:
  --runtime R   Only this runtime
  --scope S     Only this scope (default: both)
  --dir D       The project directory (default: the working directory)
  --home D      The home directory (default: $SKILLPACK_HOME, else your home)
  --bin-dir D   Where the runtime CLIs are (default: found on PATH)
  --format F    text (default) or json (one JSON document)

Exit status: 0 every skill loaded and every hook or plugin active, 1 something is not (or could not be
checked), 2 usage or I/O error.
`;

export const command: Command = {
  name: 'doctor',
  summary: 'Ask each runtime whether it loads the installed skills and runs their hooks',
  usage: USAGE,
  async run(args, io) {
    let scopes: readonly InstallScope[];
    let runtime: ReturnType<typeof requireRuntime>;
    let roots: ReturnType<typeof resolveRoots>;
    let format: 'text' | 'json';
    let binDir: string | undefined;
    try {
      const { values, positionals } = catchUsage(() =>
        parseArgs({
          args: [...args],
          allowPositionals: true,
          strict: true,
          options: { ...SCOPE_OPTIONS, runtime: { type: 'string' }, 'bin-dir': { type: 'string' } },
        }),
      );
      if (values.help) {
        io.stdout(USAGE);
        return EXIT.ok;
      }
      if (positionals.length > 0)
        throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
      format = requireFormat(values.format);
      scopes = values.scope === undefined ? INSTALL_SCOPES : [requireScope(values.scope)];
      runtime = requireRuntime(values.runtime, false);
      roots = resolveRoots(values, io);
      binDir = values['bin-dir'];
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.stderr(`skillpack doctor: ${error.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    const diagnoses: PackDiagnosis[] = [];
    for (const scope of scopes) {
      const listing = await listScope({ scope, ...roots }, runtime);
      if (!listing.success) {
        if (format === 'json') io.stdout(formatErrorJson('doctor', listing.error));
        io.stderr(`skillpack doctor: ${listing.error.message}\n`);
        return exitCodeFor(listing.error);
      }
      for (const pack of listing.data.packs) {
        diagnoses.push(
          await diagnoseInstall(pack.install, {
            root: listing.data.root,
            cwd: roots.projectDir,
            env: io.env,
            binDir,
          }),
        );
      }
    }
    const report = toReport(diagnoses);
    io.stdout(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : formatReportText(report));
    return report.ok ? EXIT.ok : EXIT.failed;
  },
};
