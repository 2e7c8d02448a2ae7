import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AnyContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import { buildGolden, readTree } from '../_support/golden-build.js';

interface ShownExample {
  readonly contract: string;
  readonly name: string;
  readonly text: string;
}

/** The examples a rendered SKILL.md shows: under each `## Output: <title>`, `#### Example: <name>` + fence. */
function shownExamples(markdown: string, contracts: readonly AnyContract[]): ShownExample[] {
  const shown: ShownExample[] = [];
  let contract: AnyContract | undefined;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('## '))
      contract = contracts.find((candidate) => line === `## Output: ${candidate.title}`);
    const heading = /^#### Example: (.+)$/.exec(line);
    if (!heading || !contract) continue;
    let open = i + 1;
    while (!/^`{3,}/.test(lines[open] ?? '`')) open++;
    const fence = /^`+/.exec(lines[open]!)![0];
    const close = lines.findIndex((candidate, index) => index > open && candidate === fence);
    shown.push({ contract: contract.id, name: heading[1]!, text: lines.slice(open + 1, close).join('\n') });
  }
  return shown;
}

let out: string;
let skills: { path: string; text: string; contracts: AnyContract[] }[];

beforeAll(async () => {
  ({ out } = await buildGolden());
  skills = readTree(out)
    .filter((entry) => entry.path.endsWith('/SKILL.md'))
    .map((entry) => {
      const text = entry.bytes.toString('utf8');
      const name = /^name: "([^"]+)"$/m.exec(text)![1]!;
      const file = new URL(`../fixtures/golden/skills/${name}/skill.md`, import.meta.url);
      const source = safeParseSkillFile(readFileSync(file, 'utf8'), file.pathname);
      if (!source.success) throw source.error;
      const ids = source.data.frontMatter.contracts ?? [];
      return { path: entry.path, text, contracts: ids.map((id) => builtinContracts.require(id)) };
    });
}, 120_000);

describe('closed loop: what a SKILL.md shows is what the parser accepts', () => {
  it('covers every rendered skill of every target', () => {
    // Twelve forms of two skills (Claude Code, Codex and Copilot CLI skill + plugin, Gemini CLI skill + extension, OpenCode, Qwen Code, Pi, portable), and the eleven runtime forms again inside the portable package.
    expect(skills.length).toBe(2 * (12 + 11));
  });

  it('shows every named example of each contract a skill speaks, in order', () => {
    for (const skill of skills) {
      for (const contract of skill.contracts) {
        const names = shownExamples(skill.text, skill.contracts).filter(
          (example) => example.contract === contract.id,
        );
        expect(
          names.map((example) => example.name),
          skill.path,
        ).toEqual(contract.examples.map((example) => example.name));
      }
    }
  });

  it("parses every shown example back, with the contract's extract, to its named example", () => {
    let checked = 0;
    for (const skill of skills) {
      for (const shown of shownExamples(skill.text, skill.contracts)) {
        const contract = builtinContracts.require(shown.contract);
        const result = contract.extract(shown.text);
        expect(result.success, `${skill.path} ${shown.name}`).toBe(true);
        if (!result.success) continue;
        // conflux.acceptance's parser adds where the verdict came from (`source`); every field of the named
        // example must come back unchanged, and rendering the parsed value gives the shown text again.
        const example = contract.examples.find((candidate) => candidate.name === shown.name)!;
        expect(result.data).toMatchObject(example.value as object);
        expect(contract.render(result.data)).toBe(shown.text);
        checked++;
      }
    }
    // 23 rendered forms of each skill: five examples in the acceptance skill, three in the maestro one.
    expect(checked).toBe(23 * (5 + 3));
  });

  it('validates every example against the emitted JSON Schema with ajv (draft 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const skill of skills) {
      for (const contract of skill.contracts) {
        const dir = join(out, dirname(skill.path), 'references');
        const validate = ajv.compile(
          JSON.parse(readFileSync(join(dir, `${contract.id}.schema.json`), 'utf8')),
        );
        for (const example of contract.examples) {
          expect(
            validate(example.value),
            `${skill.path} ${example.name}: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
        }
        expect(validate({ surely: 'not this' })).toBe(false);
      }
    }
  });

  it('emits an OpenAI-strict schema for Codex that ajv compiles and that closes every object', () => {
    const ajv = new Ajv2020({ strict: false });
    const codexSkills = skills.filter((skill) => skill.path.startsWith('codex/'));
    expect(codexSkills.length).toBe(4);
    for (const skill of codexSkills) {
      for (const contract of skill.contracts) {
        const path = join(out, dirname(skill.path), 'references', `${contract.id}.openai.schema.json`);
        // A text-block contract (maestro.result) is never a JSON final message: no --output-schema for it.
        expect(existsSync(path), path).toBe(contract.jsonFinalMessage);
        if (!contract.jsonFinalMessage) continue;
        const text = readFileSync(path, 'utf8');
        expect(() => ajv.compile(JSON.parse(text))).not.toThrow();
        expect(text).not.toMatch(/"additionalProperties": true/);
      }
    }
  });
});
