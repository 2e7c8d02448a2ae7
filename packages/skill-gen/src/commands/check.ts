import { relative } from 'node:path';
import { type Command, EXIT } from '../cli-io.js';
import { checkPack } from '../pack/build-pack.js';
import { TARGET_IDS } from '../targets/target-id.js';
import { parsePackOptions, reportFailure, usageFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack check [--config FILE] [--target T …] [--out DIR] [--format text|json]

Rebuild the pack in memory and compare it with the pack directory and its manifest. Each drifted file is
listed as modified (edited after the build), missing (in the manifest, not on disk), orphaned (on disk,
never produced) or stale (as built, but its sources changed since).

Options:
  -c, --config FILE  Pack config (default: skillpack.config.json)
  -t, --target T     Targets the pack was built for (${TARGET_IDS.join(', ')}; default: the config's)
  -o, --out DIR      Pack directory (default: the config's "out")
      --format F     text (default) or json (one JSON document)
  -h, --help         Show this help

Exit status: 0 no drift, 1 drift or a mistake in the config or sources, 2 usage error.
`;

export const command: Command = {
  name: 'check',
  summary: 'Exit 1 when a built pack drifted from its sources or manifest',
  usage: USAGE,
  async run(args, io) {
    let options: ReturnType<typeof parsePackOptions>;
    try {
      options = parsePackOptions(args, io, ['text', 'json']);
    } catch (error) {
      return usageFailure(io, 'check', (error as Error).message, USAGE);
    }
    if (options.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    try {
      const result = await checkPack(options.request);
      for (const warning of result.warnings) io.stderr(`skillpack check: warning: ${warning.message}\n`);
      const out = relative(io.cwd, result.outDir) || '.';
      if (options.format === 'json') {
        io.stdout(
          `${JSON.stringify({ schemaVersion: 1, out, clean: result.clean, drift: result.drift, changedSources: result.changedSources })}\n`,
        );
      } else if (result.clean) {
        io.stdout(`${out} matches its sources and manifest.\n`);
      } else {
        const width = Math.max(...result.drift.map((entry) => entry.path.length));
        const lines = result.drift.map(
          (entry) => `  ${entry.kind.padEnd(8)}  ${entry.path.padEnd(width)}  ${entry.detail}`,
        );
        io.stdout(
          `${out} drifted (${result.drift.length}):\n${lines.join('\n')}\nRun \`skillpack build\` to regenerate it.\n`,
        );
      }
      return result.clean ? EXIT.ok : EXIT.failed;
    } catch (error) {
      return reportFailure(io, 'check', error);
    }
  },
};
