import { readFileSync } from 'node:fs';
import { renderCompletionGatingTable } from '@skillpack/core/conflux';
import {
  ACTION_FIELDS,
  METHOD_PROFILES,
  RECOVERY_ADVICE,
  STANDARD_PROCESS,
  TOOL_NAMES,
} from '@skillpack/core/devflow';
import {
  CLI_TOOLS,
  executorStatusForNextExit,
  MAESTRO_ERROR_CODES,
  RESULT_FIELDS,
  renderInvocationLine,
  STAGE_DELEGATION,
} from '@skillpack/core/maestro';
import { COMPLETION_WARN_FIELDS, REQUIRED_BACKLOG_REFS } from '@skillpack/core/zaofu';
import { describe, expect, it } from 'vitest';
import { GENERATED_REFERENCES } from '../../../../examples/scripts/render-references.mjs';
import { LINT_RUNTIMES } from '../../src/lint/runtimes.js';
import { writePack } from '../../src/pack/write-pack.js';
import { runLint } from '../../src/runtimes/runtime-lint.js';
import { tempDir } from '../_support/temp.js';
import { EXAMPLE_PACK_CONFIGS, examplePack, examplesDir } from './_example-pack.js';

// Hand-written tables and lists in the skill sources restate core's data; these tests keep them equal.

function source(path: string): string {
  return readFileSync(`${examplesDir}skills/${path}`, 'utf8');
}

/** The rows of the Markdown table that starts with `header`, as trimmed cells. */
function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  if (start === -1) throw new Error(`no table with header ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('cflx-accept', () => {
  it('shows the completion-role gating table that gateVerification decides with, verbatim', () => {
    expect(source('cflx-accept/skill.md')).toContain(renderCompletionGatingTable());
  });
});

describe('maestro-ralph-cli', () => {
  const text = source('maestro-ralph-cli/skill.md');

  it('writes the first line of a delegated prompt exactly as renderInvocationLine does, for every CLI tool', () => {
    const rows = tableRows(text, '| cli_tool | First line |');
    expect(rows.map(([tool]) => tool)).toEqual([...CLI_TOOLS]);
    for (const [tool, line] of rows) {
      const expected = renderInvocationLine({
        cliTool: tool as (typeof CLI_TOOLS)[number],
        skill: '{step.skill}',
        args: '{resolved_args}',
        sessionId: '{session_id}',
      });
      expect(line, tool).toBe(`\`${expected}\``);
    }
  });

  it('maps every stage as STAGE_DELEGATION does', () => {
    const rows = tableRows(text, '| Stage | delegate_mode | delegate_role | delegate_rule |');
    const delegation = (mode?: string, role?: string, rule?: string) => ({
      delegate_mode: mode,
      delegate_role: role,
      delegate_rule: rule === 'none' ? null : rule?.slice(1, -1),
    });
    const mapped = rows.flatMap(([stages = '', mode, role, rule]) =>
      stages.split(', ').map((stage) => [stage, delegation(mode, role, rule)] as const),
    );
    expect(Object.fromEntries(mapped)).toEqual(STAGE_DELEGATION);
  });

  it('maps every result block field to where A_PARSE_RESULT puts it', () => {
    expect(tableRows(text, '| Field | Goes to |').map(([field]) => field)).toEqual([...RESULT_FIELDS]);
  });

  it('lists the ralph error codes in effect, then the CLI additions, with their severity', () => {
    const lines = text.split('\n');
    const header = '| Code | Severity | Meaning | Recovery |';
    const first = tableRows(text, header);
    const second = tableRows(lines.slice(lines.indexOf(header) + 1).join('\n'), header);
    expect(first.map(([code, severity]) => [code, severity])).toEqual(
      Object.entries(MAESTRO_ERROR_CODES.ralph).map(([code, entry]) => [code, entry.severity]),
    );
    expect(second.map(([code, severity]) => [code, severity])).toEqual(
      Object.entries(MAESTRO_ERROR_CODES['ralph-cli']).map(([code, entry]) => [code, entry.severity]),
    );
  });
});

describe('maestro renders', () => {
  it('write the execute wrapper one way in every form: by name, with the seed’s bare invocation table', async () => {
    const { pack } = await examplePack();
    const maestro = pack.files.filter((file) => /skills\/maestro-ralph-cli[^/]*\/SKILL\.md$/.test(file.path));
    // Twelve forms (Claude Code, Codex and Copilot CLI skill + plugin, Gemini CLI skill + extension, OpenCode, Qwen Code, Pi, portable),
    // the eleven runtime ones again inside the portable package: two skills each.
    expect(maestro.length).toBe(2 * (12 + 11));
    for (const file of maestro) {
      const text = String(file.content);
      expect(text, file.path).not.toContain('skillpack-examples:maestro');
      if (file.path.includes('/maestro-ralph-cli/')) {
        expect(text, file.path).toContain('| codex | `$maestro-ralph-cli-execute {step.skill}');
      }
    }
  }, 120_000);
});

describe('maestro-ralph-cli-execute', () => {
  it('turns the exit codes of ralph next into the STATUS executorStatusForNextExit gives', () => {
    const text = source('maestro-ralph-cli-execute/skill.md');
    const statuses = [...text.matchAll(/- exit (\d)[^:]*: (?:STATUS is )?`?([A-Z_]+)?`?/g)].map((match) => [
      Number(match[1]),
      match[2] ?? null,
    ]);
    expect(statuses).toEqual([0, 1, 2, 3].map((code) => [code, executorStatusForNextExit(code) ?? null]));
  });
});

describe('dev-flow', () => {
  const text = source('dev-flow/skill.md');

  it('requires the tool catalog of Core, in order', () => {
    const listed = [...text.matchAll(/^ {2}\d\. `(dev_flow_[a-z_]+)`$/gm)].map((match) => match[1]);
    expect(listed).toEqual([...TOOL_NAMES]);
  });

  it('names every Action field, in the order of the schema', () => {
    const sentence = text.slice(
      text.indexOf('An Action is inseparable:'),
      text.indexOf('For an active task'),
    );
    expect([...sentence.matchAll(/`([a-z_]+)`/g)].map((match) => match[1])).toEqual([...ACTION_FIELDS]);
  });

  it('obeys exactly the recovery advice values Core sends', () => {
    expect([...text.matchAll(/^- `([a-z_]+)`: /gm)].map((match) => match[1])).toEqual([...RECOVERY_ADVICE]);
  });

  it('states the method profiles in the handshake order', () => {
    expect(text).toContain(
      `\`method_profiles\` is exactly ${METHOD_PROFILES.map((profile) => `\`${profile}\``).join(', ')}, in that order`,
    );
  });

  it("lists each node's method steps as standard-development@1 defines them", () => {
    const rows = tableRows(source('dev-flow/references/method-profiles.md'), '| Node | Steps, in order |');
    const expected = STANDARD_PROCESS.nodes
      .filter((node) => node.node_id !== 'BLOCKED')
      .map((node) => [
        `\`${node.node_id}\``,
        node.method_steps.map((step) => `\`${step.step_id}\``).join(', '),
      ]);
    expect(rows).toEqual(expected);
  });

  it('gives every step of standard-development@1 its plain-equivalent work and a capability per profile', () => {
    const rows = tableRows(
      source('dev-flow/references/method-profiles.md'),
      '| Step | Purpose | Plain-equivalent work | `spec-kit` capability | `openspec` capability | Expected result |',
    );
    const steps = STANDARD_PROCESS.nodes.flatMap((node) =>
      node.method_steps.map((step) => `\`${step.step_id}\``),
    );
    expect(rows.map(([step]) => step)).toEqual(steps);
    for (const row of rows) {
      expect(row).toHaveLength(6);
      for (const cell of row) expect(cell, row[0]).not.toBe('');
    }
  });
});

describe('zf-harness-design-handoff', () => {
  const text = source('zf-harness-design-handoff/skill.md');

  it('names the six required backlog refs in order', () => {
    const sentence = text.slice(
      text.indexOf('six required backlog refs'),
      text.indexOf('- `critic_event_id` is'),
    );
    expect([...sentence.matchAll(/`([a-z_]+)`/g)].map((match) => match[1])).toEqual([
      ...REQUIRED_BACKLOG_REFS,
    ]);
  });

  it('recommends the fields the kernel warns about', () => {
    for (const field of COMPLETION_WARN_FIELDS) expect(text).toContain(`\`${field}\``);
  });
});

describe('generated references', () => {
  it.each(Object.entries(GENERATED_REFERENCES))('%s is a fresh render of the contracts', (path, render) => {
    expect(readFileSync(`${examplesDir}${path}`, 'utf8')).toBe(render());
  });
});

describe('the built example packs', () => {
  it.each([
    // 4 skills x twelve forms (Claude Code, Codex and Copilot CLI skill + plugin, Gemini CLI skill + extension, OpenCode, Qwen Code, Pi, portable), and the eleven runtime forms again inside the portable package (linted
    // by the runtime each one is for)
    [EXAMPLE_PACK_CONFIGS[0], 4 * (12 + 11)],
    // dev-flow for Codex only, as its plugin alone (pluginOnly): its seed is the Codex adapter
    [EXAMPLE_PACK_CONFIGS[1], 1],
  ])(
    '%s has no lint error for any runtime',
    async (config, files) => {
      const out = tempDir('skillpack-examples-lint-');
      await writePack(out, (await examplePack(config)).pack);
      const result = await runLint({
        paths: [out],
        runtimes: LINT_RUNTIMES,
        cwd: out,
      });
      expect(result.success).toBe(true);
      if (!result.success) return;
      expect(result.data.summary.files).toBe(files);
      expect(result.data.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    },
    120_000,
  );
});
