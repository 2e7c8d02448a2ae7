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
import { formatErrorJson, formatListingJson, formatListingText } from '../install/format.js';
import { INSTALL_SCOPES, type InstallScope } from '../install/layout.js';
import { listScope, type ScopeListing } from '../install/operations.js';

const USAGE = `Usage: skillpack list [--scope project|user] [--runtime claude-code|codex|opencode]
                      [--dir PROJECT] [--home DIR] [--format text|json]

Show the packs skillpack installed, per scope and runtime, and how many of their files you changed since.

Options:
  --scope S     Only this scope (default: both)
  --runtime R   Only this runtime
  --dir D       The project directory (default: the working directory)
  --home D      The home directory (default: $SKILLPACK_HOME, else your home)
  --format F    text (default) or json (one JSON document)

Exit status: 0 listed, 2 usage or I/O error (for example a corrupt lock file).
`;

export const command: Command = {
  name: 'list',
  summary: 'Show installed packs per runtime and scope',
  usage: USAGE,
  async run(args, io) {
    let scopes: readonly InstallScope[];
    let runtime: ReturnType<typeof requireRuntime>;
    let roots: ReturnType<typeof resolveRoots>;
    let format: 'text' | 'json';
    try {
      const { values, positionals } = catchUsage(() =>
        parseArgs({
          args: [...args],
          allowPositionals: true,
          strict: true,
          options: { ...SCOPE_OPTIONS, runtime: { type: 'string' } },
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
    } catch (error) {
      return usageError(io, error);
    }
    const listings: ScopeListing[] = [];
    for (const scope of scopes) {
      const listing = await listScope({ scope, ...roots }, runtime);
      if (!listing.success) {
        if (format === 'json') io.stdout(formatErrorJson('list', listing.error));
        io.stderr(`skillpack list: ${listing.error.message}\n`);
        return exitCodeFor(listing.error);
      }
      listings.push(listing.data);
    }
    io.stdout(format === 'json' ? formatListingJson(listings) : formatListingText(listings));
    return EXIT.ok;
  },
};

function usageError(io: CliIo, error: unknown): number {
  if (!(error instanceof UsageError)) throw error;
  io.stderr(`skillpack list: ${error.message}\n\n${USAGE}`);
  return EXIT.usage;
}
