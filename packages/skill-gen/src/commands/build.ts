import { relative } from 'node:path';
import { type Command, EXIT } from '../cli-io.js';
import { buildPack } from '../pack/build-pack.js';
import { TARGET_IDS } from '../targets/target-id.js';
import { parsePackOptions, reportFailure, usageFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack build [--config FILE] [--target T …] [--out DIR]

Render the pack's skill sources into the layout each runtime loads, with contract schemas, type
references, hook wiring and an ownership manifest (skillpack.manifest.json).

Options:
  -c, --config FILE  Pack config (default: skillpack.config.json)
  -t, --target T     Target to build; repeat or comma-separate (${TARGET_IDS.join(', ')}; default: the config's)
  -o, --out DIR      Pack directory (default: the config's "out", relative to the config file)
  -h, --help         Show this help

Exit status: 0 built, 1 a mistake in the config or a skill source (printed with its file, line and fix),
2 usage error.
`;

export const command: Command = {
  name: 'build',
  summary: 'Render skill packs for Claude Code, Codex, OpenCode and portable npm',
  usage: USAGE,
  async run(args, io) {
    let options: ReturnType<typeof parsePackOptions>;
    try {
      options = parsePackOptions(args, io);
    } catch (error) {
      return usageFailure(io, 'build', (error as Error).message, USAGE);
    }
    if (options.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    try {
      const result = await buildPack(options.request);
      for (const warning of result.warnings) io.stderr(`skillpack build: warning: ${warning.message}\n`);
      for (const path of result.kept) {
        io.stderr(
          `skillpack build: warning: kept ${path}: no longer produced, but changed after the last build\n`,
        );
      }
      const out = relative(io.cwd, result.outDir) || '.';
      io.stdout(
        `Built ${result.manifest.pack.name}@${result.manifest.pack.version} into ${out}: ${result.manifest.files.length} files for ${result.manifest.targets.join(', ')}${result.removed.length > 0 ? ` (${result.removed.length} obsolete files removed)` : ''}.\n`,
      );
      return EXIT.ok;
    } catch (error) {
      return reportFailure(io, 'build', error);
    }
  },
};
