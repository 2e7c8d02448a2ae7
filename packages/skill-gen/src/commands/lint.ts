import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ContractRegistry } from '@skillpack/core';
import { type CliIo, type Command, EXIT } from '../cli-io.js';
import { formatLintJson, formatLintText } from '../lint/format.js';
import { runLint } from '../lint/run-lint.js';
import { isLintRuntime, LINT_RUNTIMES, type LintRuntime } from '../lint/runtimes.js';
import { DEFAULT_CONFIG_FILE } from '../pack/pack-request.js';
import { reportFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack lint [PATH…] [--runtime claude-code|codex|opencode|portable …] [--format text|json]
                      [--config FILE]

Check SKILL.md files (skill sources, built packs, any folder of skills) against each runtime's load rules.
PATH defaults to the current directory; folders are searched for SKILL.md and skill.md files.

Options:
  --runtime R   Runtime to check for; repeat or comma-separate (default: ${LINT_RUNTIMES.join(', ')})
  --format F    text (default) or json (one JSON document)
  -c, --config F  Pack config: skill sources must speak contracts it registers (built-ins and its
                "contracts" modules; default: skillpack.config.json, when present)
  -h, --help    Show this help

A skill inside a runtime's discovery folder (.claude/skills, .agents/skills, .opencode/skills) or a built
pack's target folder is checked only for the runtimes that load it from there.
Exit status: 0 no errors, 1 an error-severity finding, 2 usage or I/O error.
`;

function usageError(io: CliIo, message: string): number {
  io.stderr(`skillpack lint: ${message}\n\n${USAGE}`);
  return EXIT.usage;
}

export const command: Command = {
  name: 'lint',
  summary: 'Check SKILL.md files against Claude Code, Codex, OpenCode and Agent Skills load rules',
  usage: USAGE,
  async run(args, io) {
    let parsed: ReturnType<typeof parseLintArgs>;
    try {
      parsed = parseLintArgs(args);
    } catch (error) {
      return usageError(io, (error as Error).message);
    }
    if (parsed.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    const runtimes: LintRuntime[] = [];
    for (const value of parsed.runtimes) {
      if (!isLintRuntime(value)) return usageError(io, `unknown runtime ${JSON.stringify(value)}`);
      if (!runtimes.includes(value)) runtimes.push(value);
    }
    if (parsed.format !== 'text' && parsed.format !== 'json') {
      return usageError(io, `--format must be text or json, got ${JSON.stringify(parsed.format)}`);
    }
    // Inside a pack project the contracts are known; elsewhere lint loads none.
    let registry: ContractRegistry | undefined;
    if (parsed.config !== undefined || existsSync(resolve(io.cwd, DEFAULT_CONFIG_FILE))) {
      try {
        const { loadCommandContracts } = await import('./_contract-options.js');
        ({ registry } = await loadCommandContracts({ cwd: io.cwd, config: parsed.config }));
      } catch (error) {
        return reportFailure(io, 'lint', error);
      }
    }
    const result = await runLint({
      ...(registry ? { registry } : {}),
      paths: parsed.paths.length > 0 ? parsed.paths : ['.'],
      runtimes:
        runtimes.length > 0 ? LINT_RUNTIMES.filter((runtime) => runtimes.includes(runtime)) : LINT_RUNTIMES,
      cwd: io.cwd,
    });
    if (!result.success) {
      if (parsed.format === 'json')
        io.stdout(`${JSON.stringify({ schemaVersion: 1, error: result.error.toJSON() })}\n`);
      io.stderr(`skillpack lint: ${result.error.message}\n`);
      return EXIT.usage;
    }
    const report = result.data;
    if (report.files.length === 0 && report.findings.length === 0) {
      if (parsed.format === 'json') io.stdout(formatLintJson(report));
      io.stderr('skillpack lint: no SKILL.md or skill.md found under the given paths\n');
      return EXIT.usage;
    }
    io.stdout(parsed.format === 'json' ? formatLintJson(report) : formatLintText(report));
    return report.summary.error > 0 ? EXIT.failed : EXIT.ok;
  },
};

function parseLintArgs(args: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      runtime: { type: 'string', multiple: true },
      format: { type: 'string', default: 'text' },
      config: { type: 'string', short: 'c' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return {
    paths: positionals,
    runtimes: (values.runtime ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()),
    format: values.format ?? 'text',
    config: values.config,
    help: values.help ?? false,
  };
}
