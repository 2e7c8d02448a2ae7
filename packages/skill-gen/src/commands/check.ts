import { join, relative } from 'node:path';
import { defineCommand, type OptionValues } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { writeJson } from '../cli/report.js';
import type { DriftEntry } from '../pack/check-pack.js';
import { PACK_OPTIONS, packRequest } from './_pack-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

/** A word safe in a POSIX shell as it is, or single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The build command that matches this check's options. */
function buildCommand(values: OptionValues<typeof PACK_OPTIONS>): string {
  return [
    'skillpack build',
    ...(values.config === PACK_OPTIONS.config.default ? [] : [`--config ${shellWord(values.config)}`]),
    ...(values.out === undefined ? [] : [`--out ${shellWord(values.out)}`]),
    ...(values.target.length > 0 ? [`--target ${values.target.join(',')}`] : []),
  ].join(' ');
}

/** The commands that fix the drift, in order: delete what the build does not own, then build. */
function fixes(out: string, drift: readonly DriftEntry[], build: string): string[] {
  const deletions = drift.filter((entry) => entry.fix === 'delete');
  const rebuilt = drift.length - deletions.length;
  return [
    ...deletions.map((entry) => `  rm ${shellWord(join(out, entry.path))}`),
    ...(rebuilt > 0 || deletions.some((entry) => entry.kind === 'modified') ? [`  ${build}`] : []),
  ];
}

export const command = defineCommand({
  name: 'check',
  summary: COMMAND_SUMMARIES.check,
  description: `Rebuild the pack in memory and compare it with the pack directory and its manifest. Each
drifted file is listed as modified (edited after the build), missing (in the manifest, not on disk),
orphaned (on disk, never produced, or no longer produced and edited since) or stale (as built, but its
sources changed since), with the commands that fix it: a build rewrites modified, missing and stale files
(edits in generated files are lost: make them in the sources); an orphaned file is not the build's to
delete, so check says to delete it.`,
  options: PACK_OPTIONS,
  output: 'formats',
  exits: { ok: 'no drift', failed: 'drift, or a mistake in the config or sources' },
  async run(context) {
    const { io, values } = context;
    const { checkPack } = await import('../runtimes/runtime-pack.js');
    const result = await checkPack(packRequest(context));
    const out = relative(io.cwd, result.outDir) || '.';
    if (context.format === 'json') {
      writeJson(io, {
        schemaVersion: 1,
        command: 'check',
        ok: true,
        out,
        clean: result.clean,
        drift: result.drift,
        changedSources: result.changedSources,
        warnings: result.warnings,
      });
      return result.clean ? EXIT.ok : EXIT.failed;
    }
    for (const warning of result.warnings) io.stderr(`skillpack check: warning: ${warning.message}\n`);
    if (result.clean) {
      io.stdout(`${out} matches its sources and manifest.\n`);
      return EXIT.ok;
    }
    const width = Math.max(...result.drift.map((entry) => entry.path.length));
    const lines = result.drift.map(
      (entry) => `  ${entry.kind.padEnd(8)}  ${entry.path.padEnd(width)}  ${entry.detail}`,
    );
    io.stdout(
      `${out} drifted (${result.drift.length}):\n${lines.join('\n')}\nTo fix it, run:\n${fixes(out, result.drift, buildCommand(values)).join('\n')}\n`,
    );
    return EXIT.failed;
  },
});
