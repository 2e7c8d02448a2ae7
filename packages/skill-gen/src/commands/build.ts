import { join, relative, sep } from 'node:path';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { writeJson } from '../cli/report.js';
import { PACK_OPTIONS, packRequest } from './_pack-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'build',
  summary: COMMAND_SUMMARIES.build,
  description: `Render the pack's skill sources into the layout each runtime loads, with contract schemas,
type references, hook wiring and an ownership manifest (skillpack.manifest.json). Files an earlier build
wrote that this one no longer produces are removed, unless you changed them since.`,
  options: {
    ...PACK_OPTIONS,
    'dry-run': { type: 'boolean', description: 'Render and compare, write nothing; print what would change' },
  },
  output: 'formats',
  exits: {
    ok: 'built',
    failed: 'a mistake in the config or a skill source (printed with its file, line and fix)',
  },
  async run(context) {
    const { io, values, progress } = context;
    const { buildPack } = await import('../runtimes/runtime-pack.js');
    const dryRun = values['dry-run'];
    const result = await buildPack(packRequest(context), {
      dryRun,
      onProgress: (step, done, total) => progress.update(step, done, total),
    });
    progress.end();
    const out = relative(io.cwd, result.outDir) || '.';
    const { pack, targets, files } = result.manifest;
    if (context.format === 'json') {
      const fromCwd = (path: string) => relative(io.cwd, join(result.outDir, path)).split(sep).join('/');
      writeJson(io, {
        schemaVersion: 1,
        command: 'build',
        ok: true,
        dryRun,
        out,
        pack,
        targets,
        files: files.length,
        changed: result.changed,
        removed: result.removed,
        kept: result.kept,
        warnings: result.warnings,
        reads: result.reads.files,
        writes: dryRun ? [] : result.changed.map(fromCwd),
        packages: result.reads.packages,
      });
      return EXIT.ok;
    }
    for (const warning of result.warnings) io.stderr(`skillpack build: warning: ${warning.message}\n`);
    for (const path of result.kept) {
      io.stderr(
        `skillpack build: warning: kept ${path}: no longer produced, but changed after the last build (delete it if you do not need it)\n`,
      );
    }
    const removed = result.removed.length > 0 ? ` (${result.removed.length} obsolete files removed)` : '';
    if (dryRun) {
      const lines = [
        ...result.changed.map((path) => `  write   ${path}`),
        ...result.removed.map((path) => `  remove  ${path}`),
      ];
      io.stdout(
        `Dry run: building ${pack.name}@${pack.version} into ${out} would write ${result.changed.length} of ${result.written} files and remove ${result.removed.length}${lines.length > 0 ? ':' : '.'}\n${lines.map((line) => `${line}\n`).join('')}`,
      );
      return EXIT.ok;
    }
    io.stdout(
      `Built ${pack.name}@${pack.version} into ${out}: ${files.length} files for ${targets.join(', ')}${removed}.\n`,
    );
    return EXIT.ok;
  },
});
