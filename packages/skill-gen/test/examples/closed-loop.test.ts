import { extractContract, RUNTIME_IDS, readAgentRun } from '@skillpack/adapters';
import type { AnyContract } from '@skillpack/core';
import { type AcceptanceVerdict, toVerdictJson } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  examplePacks,
  type RenderedSkill,
  renderedSkills,
  type ShownExample,
  shownExamples,
} from './_example-pack.js';
import { wrapFinalMessage } from './_runtime-streams.js';

/** The skills of the main example pack, rendered for every target. */
const SKILL_NAMES = [
  'cflx-accept',
  'maestro-ralph-cli',
  'maestro-ralph-cli-execute',
  'zf-harness-design-handoff',
];

let skills: RenderedSkill[];

beforeAll(async () => {
  skills = renderedSkills(await examplePacks());
}, 120_000);

/** The value a parse result stands for: the Conflux parser adds where the verdict came from. */
function comparable(contract: AnyContract, value: unknown): unknown {
  return contract.id === 'conflux.acceptance' ? toVerdictJson(value as AcceptanceVerdict) : value;
}

function exampleValue(contract: AnyContract, name: string): unknown {
  const example = contract.examples.find((candidate) => candidate.name === name);
  if (!example) throw new Error(`${contract.id} has no example "${name}"`);
  return example.value;
}

/** Every example a rendered skill shows, in its SKILL.md and in its Markdown references. */
function examplesOf(skill: RenderedSkill): (ShownExample & { readonly file: string })[] {
  return [{ path: 'SKILL.md', text: skill.skillMd }, ...skill.markdownReferences].flatMap(({ path, text }) =>
    shownExamples(text, skill.contracts).map((shown) => ({ ...shown, file: `${skill.dir}${path}` })),
  );
}

describe('the example pack', () => {
  it('renders the seed skills for the runtimes their seeds support, in the skill folder and the plugin forms', () => {
    const forms = skills.map((skill) => `${skill.pack}/${skill.target}/${skill.form}/${skill.name}`).sort();
    const expected = [
      ...SKILL_NAMES.flatMap((name) =>
        [
          'claude-code/plugin',
          'claude-code/skill',
          'codex/plugin',
          'codex/skill',
          'opencode/skill',
          'copilot-cli/plugin',
          'copilot-cli/skill',
          'gemini-cli/skill',
          'pi/skill',
          'portable/skill',
          'qwen-code/skill',
        ].map((form) => `skillpack-examples/${form}/${name}`),
      ),
      // Seed 003 is the Codex adapter, installed as the dev-flow-codex plugin and never as a bare skill.
      'dev-flow-codex/codex/plugin/dev-flow',
    ].sort();
    expect(forms).toEqual(expected);
  });

  it('declares at least one contract in every skill, and the shown examples cover 19 contracts', () => {
    for (const skill of skills) expect(skill.contracts.length, skill.dir).toBeGreaterThan(0);
    const shown = new Set(skills.flatMap((skill) => examplesOf(skill).map((example) => example.contract)));
    expect([...shown].sort()).toEqual([...builtinContracts.ids].sort());
  });
});

describe('closed loop: every example a skill shows parses back to the value it was rendered from', () => {
  it('shows every example of every contract a skill speaks, once and in order, in every target', () => {
    for (const skill of skills) {
      const shown = examplesOf(skill);
      for (const contract of skill.contracts) {
        const names = shown
          .filter((example) => example.contract === contract.id)
          .map((example) => example.name);
        expect(names, `${skill.dir} ${contract.id}`).toEqual(
          contract.examples.map((example) => example.name),
        );
      }
    }
  });

  it("parses each extracted example with the contract's own extract", () => {
    let checked = 0;
    for (const skill of skills) {
      for (const shown of examplesOf(skill)) {
        const contract = builtinContracts.require(shown.contract);
        const result = contract.extract(shown.text);
        expect(result.success, `${shown.file}:${shown.line} ${shown.name}`).toBe(true);
        if (!result.success) continue;
        expect(comparable(contract, result.data), `${shown.file}:${shown.line}`).toEqual(
          exampleValue(contract, shown.name),
        );
        checked++;
      }
    }
    // 4 skills x 6 rendered forms, and dev-flow's 2 Codex forms with 16 examples each in its generated reference.
    expect(checked).toBeGreaterThan(130);
  });

  it('reads each extracted example back from every runtime’s raw output through readAgentRun + extractContract', async () => {
    const unique = new Map<string, ShownExample>();
    for (const skill of skills)
      for (const shown of examplesOf(skill)) unique.set(`${shown.contract}\n${shown.text}`, shown);
    for (const shown of unique.values()) {
      const contract = builtinContracts.require(shown.contract);
      for (const runtime of RUNTIME_IDS) {
        const raw = wrapFinalMessage(runtime, `Here is the answer.\n${shown.text}`);
        const run = await readAgentRun(raw);
        expect(run.runtime).toBe(runtime);
        expect(run.finalText?.endsWith(shown.text), `${runtime} ${shown.name}`).toBe(true);
        const result = extractContract(run, contract.id, { registry: builtinContracts });
        expect(result.success, `${runtime} ${contract.id} ${shown.name}`).toBe(true);
        if (result.success)
          expect(comparable(contract, result.data)).toEqual(exampleValue(contract, shown.name));
      }
    }
    expect(unique.size).toBe(
      builtinContracts.ids.reduce((sum, id) => sum + builtinContracts.require(id).examples.length, 0),
    );
  });
});

describe('rendered JSON Schemas (draft 2020-12)', () => {
  it("validate every example of each contract a skill speaks, from the skill's own reference file", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
    let validated = 0;
    for (const skill of skills) {
      for (const contract of skill.contracts) {
        const text = skill.files.get(`references/${contract.id}.schema.json`);
        expect(text, `${skill.dir}references/${contract.id}.schema.json`).toBeDefined();
        const schema = JSON.parse(text!) as Record<string, unknown>;
        expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        const validate = compiled.get(text!) ?? ajv.compile(schema);
        compiled.set(text!, validate);
        for (const example of contract.examples) {
          const valid = validate(example.value);
          expect(
            valid,
            `${skill.dir} ${contract.id} ${example.name}: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
          validated++;
        }
      }
    }
    expect(validated).toBeGreaterThan(100);
  });

  it('reject a value that breaks the schema, so the check above can fail', () => {
    const ajv = new Ajv2020({ strict: false });
    const skill = skills.find((candidate) => candidate.name === 'cflx-accept')!;
    const validate = ajv.compile(JSON.parse(skill.files.get('references/conflux.acceptance.schema.json')!));
    expect(validate({ acceptance: 'gated' })).toBe(false);
    expect(validate({ acceptance: 'fail', findings: [{ id: 'x', severity: 'blocker' }] })).toBe(false);
  });

  it('carry the OpenAI-strict variant in the Codex skills only, for contracts that can be a JSON final message', () => {
    for (const skill of skills) {
      for (const contract of skill.contracts) {
        const strict = skill.files.get(`references/${contract.id}.openai.schema.json`);
        if (skill.target === 'codex' && contract.jsonFinalMessage)
          expect(strict, `${skill.dir} ${contract.id}`).toBeDefined();
        else expect(strict, `${skill.dir} ${contract.id}`).toBeUndefined();
      }
    }
  });
});
