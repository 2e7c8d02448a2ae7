import { parseArgs } from 'node:util';
import { type CliIo, type Command, EXIT } from '../cli-io.js';
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
import { formatErrorJson, formatOutcomeJson, formatOutcomeText } from '../install/format.js';
import { uninstallPack } from '../install/operations.js';

const USAGE = `Usage: skillpack uninstall <pack-name> --scope project|user [--runtime claude-code|codex|opencode]
                           [--dir PROJECT] [--home DIR] [--dry-run] [--format text|json]

Remove the files skillpack installed for a pack (every runtime, or only --runtime) that are unchanged since
install, keep the ones you changed (and say so), prune folders this emptied and update skillpack-lock.json.

Options:
  --scope S     project (in --dir, default the working directory) or user (in the home directory)
  --runtime R   Only the install for this runtime
  --dir D       The project directory
  --home D      The home directory for --scope user (default: $SKILLPACK_HOME, else your home)
  --dry-run     Print the plan and change nothing
  --format F    text (default) or json (one JSON document)

Exit status: 0 removed, 1 not installed, 2 usage or I/O error (for example a corrupt lock file).
`;

export const command: Command = {
  name: 'uninstall',
  summary: 'Remove an installed pack, keeping any file you changed',
  usage: USAGE,
  async run(args, io) {
    let request: Parameters<typeof uninstallPack>[0];
    let format: 'text' | 'json';
    try {
      const { values, positionals } = catchUsage(() =>
        parseArgs({
          args: [...args],
          allowPositionals: true,
          strict: true,
          options: {
            ...SCOPE_OPTIONS,
            runtime: { type: 'string' },
            'dry-run': { type: 'boolean', default: false },
          },
        }),
      );
      if (values.help) {
        io.stdout(USAGE);
        return EXIT.ok;
      }
      format = requireFormat(values.format);
      if (positionals.length !== 1 || positionals[0] === '')
        throw new UsageError('give exactly one pack name');
      const runtime = requireRuntime(values.runtime, false);
      request = {
        packName: positionals[0]!,
        ...(runtime === undefined ? {} : { runtime }),
        scope: requireScope(values.scope),
        ...resolveRoots(values, io),
        dryRun: values['dry-run'] ?? false,
      };
    } catch (error) {
      return usageError(io, error);
    }
    const result = await uninstallPack(request);
    if (!result.success) {
      if (format === 'json') io.stdout(formatErrorJson('uninstall', result.error));
      io.stderr(`skillpack uninstall: ${result.error.message}\n`);
      return exitCodeFor(result.error);
    }
    io.stdout(format === 'json' ? formatOutcomeJson(result.data) : formatOutcomeText(result.data));
    return EXIT.ok;
  },
};

function usageError(io: CliIo, error: unknown): number {
  if (!(error instanceof UsageError)) throw error;
  io.stderr(`skillpack uninstall: ${error.message}\n\n${USAGE}`);
  return EXIT.usage;
}
