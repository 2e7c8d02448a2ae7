import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineCommand } from '../cli/command.js';
import { EXIT, UsageError } from '../cli/exit-code.js';
import { LINT_RUNTIMES, type LintRuntime } from '../lint/runtimes.js';
import { DEFAULT_CONFIG_FILE } from '../pack/pack-request.js';
import { CONFIG_OPTION } from './_contract-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'lint',
  summary: COMMAND_SUMMARIES.lint,
  description: `Check SKILL.md files (skill sources, built packs, any folder of skills) against each
runtime's load rules. Folders are searched for SKILL.md and skill.md files.`,
  positionals: [
    { name: 'PATH', multiple: true, description: 'A skill file or a folder to search (default: .)' },
  ],
  options: {
    runtime: {
      type: 'string',
      value: 'R',
      multiple: true,
      choices: LINT_RUNTIMES,
      description: 'Runtime to check for',
      defaultText: 'all',
    },
    config: {
      ...CONFIG_OPTION,
      description:
        'Pack config: skill sources must speak contracts it registers (built-ins and its "contracts" modules; default: skillpack.config.json, when present)',
    },
  },
  output: 'formats',
  exits: { ok: 'no errors', failed: 'an error-severity finding' },
  notes: `A skill inside a runtime's discovery folder (such as .claude/skills, .agents/skills or .gemini/skills)
or a built pack's target folder is checked only for the runtimes that load it from there.`,
  async run({ io, values, positionals, format }) {
    const [{ runLint }, { formatLintJson, formatLintText }] = await Promise.all([
      import('../runtimes/runtime-lint.js'),
      import('../lint/format.js'),
    ]);
    // With --config its contracts are loaded. Inside a pack project they are loaded when a skill source
    // needs them: linting a built pack or installed skills runs no contract module. Elsewhere none loads.
    const loadRegistry = async () => {
      const { loadCommandContracts } = await import('./_contract-options.js');
      return (await loadCommandContracts({ cwd: io.cwd, config: values.config })).registry;
    };
    const registry = values.config === undefined ? undefined : await loadRegistry();
    const implicit = registry === undefined && existsSync(resolve(io.cwd, DEFAULT_CONFIG_FILE));
    const wanted = values.runtime as readonly LintRuntime[];
    const result = await runLint({
      ...(registry ? { registry } : implicit ? { loadRegistry } : {}),
      paths: positionals.length > 0 ? positionals : ['.'],
      runtimes:
        wanted.length > 0 ? LINT_RUNTIMES.filter((runtime) => wanted.includes(runtime)) : LINT_RUNTIMES,
      cwd: io.cwd,
    });
    if (!result.success) throw result.error;
    const report = result.data;
    if (report.files.length === 0 && report.findings.length === 0)
      throw new UsageError('no_skill_files', 'no SKILL.md or skill.md found under the given paths', {
        details: { paths: positionals },
      });
    io.stdout(format === 'json' ? formatLintJson(report) : formatLintText(report));
    return report.summary.error > 0 ? EXIT.failed : EXIT.ok;
  },
});
