import { readdirSync, readFileSync } from 'node:fs';
import { builtinContracts } from '@skillpack/core/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { examplePack, examplesDir, type RenderedSkill, renderedSkills, repoRoot } from './_example-pack.js';

// The fidelity checklists (examples/fidelity/<seed>.json) cite every normative rule, table, enum and example
// of a seed document by section, verbatim; each phrase of an item must appear in every rendered copy of the
// seed's skill (reworded is fine, dropped is not), and each JSON example of the seed must validate.

interface ChecklistItem {
  readonly section: string;
  readonly kind: 'rule' | 'table' | 'enum' | 'example' | 'state-machine' | 'error-code';
  /** The seed's own words, verbatim (whitespace aside). */
  readonly text: string;
  /** Phrases every rendered SKILL.md of the skill (with its Markdown references) must contain. */
  readonly mustAppear: readonly string[];
  /** For a JSON example: the contract it must validate against, and the value (the seed's, placeholders filled). */
  readonly contract?: string;
  readonly value?: unknown;
  /** For an example written as agent text: the text, which the contract's extract must accept. */
  readonly output?: string;
}

interface Checklist {
  readonly seed: string;
  readonly config: string;
  readonly skills: readonly string[];
  /** The runtimes the seed supports; the pack must render the skill for exactly these. */
  readonly runtimes: readonly string[];
  readonly items: readonly ChecklistItem[];
}

const checklists = readdirSync(`${examplesDir}fidelity`)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map(
    (file) =>
      [file, JSON.parse(readFileSync(`${examplesDir}fidelity/${file}`, 'utf8')) as Checklist] as const,
  );

/** Compare text as prose: case, whitespace and Markdown emphasis or code marks do not matter. */
function normalize(text: string): string {
  return text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A seed as prose: unified-diff `+` prefixes removed, so wrapped lines join up. */
function seedText(file: string): string {
  return readFileSync(`${repoRoot}conformance/seeds/${file}`, 'utf8')
    .split('\n')
    .map((line) => (line.startsWith('+') ? line.slice(1) : line))
    .join('\n');
}

describe('the fidelity checklists', () => {
  it('cover all four seeds', () => {
    expect([...new Set(checklists.map(([, list]) => list.seed))].sort()).toEqual(
      readdirSync(`${repoRoot}conformance/seeds`)
        .filter((file) => file.endsWith('.txt'))
        .sort(),
    );
  });
});

describe.each(checklists)('%s', (_file, list) => {
  let skills: RenderedSkill[];
  const seed = normalize(seedText(list.seed));

  beforeAll(async () => {
    skills = renderedSkills(await examplePack(list.config)).filter((skill) =>
      list.skills.includes(skill.name),
    );
  }, 120_000);

  it('renders each skill for exactly the runtimes its seed supports', () => {
    for (const name of list.skills) {
      const targets = new Set(skills.filter((skill) => skill.name === name).map((skill) => skill.target));
      expect([...targets].sort(), name).toEqual([...list.runtimes].sort());
    }
  });

  it.each(list.items.map((item) => [`${item.section}: ${item.text.slice(0, 60)}`, item] as const))(
    'cites the seed verbatim: %s',
    (_name, item) => {
      expect(seed, item.section).toContain(normalize(item.section.replace(/^#+ /, '')));
      expect(seed).toContain(normalize(item.text));
    },
  );

  it.each(list.items.map((item) => [`${item.section}: ${item.text.slice(0, 60)}`, item] as const))(
    'every rendered skill keeps it: %s',
    (_name, item) => {
      for (const skill of skills) {
        const rendered = normalize(
          [skill.skillMd, ...skill.markdownReferences.map((reference) => reference.text)].join('\n'),
        );
        for (const phrase of item.mustAppear) {
          expect(rendered, `${skill.dir}SKILL.md is missing "${phrase}"`).toContain(normalize(phrase));
        }
      }
    },
  );

  const examples = list.items.filter((item) => item.contract !== undefined);
  it
    .runIf(examples.length > 0)
    .each(examples.map((item) => [`${item.section}: ${item.text.slice(0, 50)}`, item] as const))(
    "the seed's example validates against its contract: %s",
    (_name, item) => {
      const contract = builtinContracts.require(item.contract!);
      const result =
        item.output !== undefined ? contract.extract(item.output) : contract.validate(item.value);
      expect(result.success ? true : result.error.message).toBe(true);
    },
  );
});
