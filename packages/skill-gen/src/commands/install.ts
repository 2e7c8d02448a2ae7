import { resolve } from 'node:path';
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
import { installPack } from '../install/operations.js';

const USAGE = `Usage: skillpack install <built-pack-dir> --runtime claude-code|codex|opencode --scope project|user
                         [--dir PROJECT] [--home DIR] [--force] [--allow-runtime-config] [--dry-run]
                         [--format text|json]

Copy a built pack's skills for one runtime into its discovery folder (.claude/skills, .agents/skills,
.opencode/skills; user scope: ~/.claude, ~/.agents/skills, ~/.config/opencode) and record every file in
skillpack-lock.json. Files are staged and renamed into place; a failure rolls the whole install back, and
a run that was killed is finished or rolled back by the next one. Runs in one scope take turns.
Runtime configuration a pack carries (settings, config, MCP servers, agents: anything outside the skill,
hook and plugin folders) is refused and named in the plan unless you pass --allow-runtime-config.

Options:
  --runtime R   The runtime to install for
  --scope S     project (into --dir, default the working directory) or user (into the home directory)
  --dir D       The project directory
  --home D      The home directory for --scope user (default: $SKILLPACK_HOME, else your home)
  --force       Overwrite files that were changed since install or that skillpack did not install
  --allow-runtime-config
                Also install the runtime configuration files the pack carries (never deleted later)
  --dry-run     Print the plan and change nothing
  --format F    text (default) or json (one JSON document)

Exit status: 0 installed (or nothing to do), 1 refused (conflicts, unsafe or tampered pack), 2 usage or I/O error.
`;

export const command: Command = {
  name: 'install',
  summary: "Install a built pack's skills for one runtime, tracked in skillpack-lock.json",
  usage: USAGE,
  async run(args, io) {
    let request: Parameters<typeof installPack>[0];
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
            force: { type: 'boolean', default: false },
            'allow-runtime-config': { type: 'boolean', default: false },
            'dry-run': { type: 'boolean', default: false },
          },
        }),
      );
      if (values.help) {
        io.stdout(USAGE);
        return EXIT.ok;
      }
      format = requireFormat(values.format);
      if (positionals.length !== 1) throw new UsageError('give exactly one built pack directory');
      request = {
        packDir: resolve(io.cwd, positionals[0]!),
        runtime: requireRuntime(values.runtime, true)!,
        scope: requireScope(values.scope),
        ...resolveRoots(values, io),
        force: values.force ?? false,
        allowRuntimeConfig: values['allow-runtime-config'] ?? false,
        dryRun: values['dry-run'] ?? false,
      };
    } catch (error) {
      return usageError(io, error);
    }
    const result = await installPack(request);
    if (!result.success) {
      if (format === 'json') io.stdout(formatErrorJson('install', result.error));
      io.stderr(`skillpack install: ${result.error.message}\n`);
      return exitCodeFor(result.error);
    }
    io.stdout(format === 'json' ? formatOutcomeJson(result.data) : formatOutcomeText(result.data));
    return result.data.status === 'refused' ? EXIT.failed : EXIT.ok;
  },
};

function usageError(io: CliIo, error: unknown): number {
  if (!(error instanceof UsageError)) throw error;
  io.stderr(`skillpack install: ${error.message}\n\n${USAGE}`);
  return EXIT.usage;
}
