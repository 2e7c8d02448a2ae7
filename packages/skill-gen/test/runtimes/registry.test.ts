import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { SOURCE_ONLY_KEYS } from '../../src/lint/known-keys.js';
import { lintFacts } from '../../src/lint/lint-facts.js';
import { LINT_RUNTIMES } from '../../src/lint/runtimes.js';
import { perRuntime, SKILL_GEN_RUNTIMES, skillGenRuntime } from '../../src/runtimes/registry.js';
import { LINT_RULES } from '../../src/runtimes/runtime-lint.js';
import {
  RUNTIMES_TABLE_BEGIN,
  RUNTIMES_TABLE_END,
  renderRuntimesTable,
  withRuntimesTable,
} from '../../src/runtimes/runtimes-table.js';
import { RUNTIME_CONFIG_SECTIONS, RUNTIME_FRONT_MATTER_SECTIONS } from '../../src/runtimes/sections.js';
import { SkillFrontMatterSchema } from '../../src/source/front-matter-schema.js';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(PACKAGE, 'src');
const pinned = (
  JSON.parse(readFileSync(join(PACKAGE, '../../e2e/runtimes/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies;

describe('the skill-gen runtime registry', () => {
  it("registers each declaration's own front-matter section in the sections registry", () => {
    for (const id of RUNTIME_IDS)
      expect(RUNTIME_FRONT_MATTER_SECTIONS[id]).toBe(SKILL_GEN_RUNTIMES[id].frontMatter);
  });

  it("registers each declaration's own config section, and only those, in the sections registry", () => {
    const sections: Readonly<Record<string, unknown>> = RUNTIME_CONFIG_SECTIONS;
    for (const id of RUNTIME_IDS) expect(sections[id]).toBe(skillGenRuntime(id).config);
    expect(
      Object.keys(RUNTIME_CONFIG_SECTIONS).every((id) => RUNTIME_IDS.some((known) => known === id)),
    ).toBe(true);
  });

  it('gives each enforcement bundle one name: runtimes that share a name share the bundle', () => {
    const byName = new Map<string, unknown>();
    for (const id of RUNTIME_IDS) {
      const { enforcement } = SKILL_GEN_RUNTIMES[id];
      expect(byName.get(enforcement.name) ?? enforcement).toBe(enforcement);
      byName.set(enforcement.name, enforcement);
    }
  });

  it('has one declaration per runtime id, under its own id', () => {
    expect(Object.keys(SKILL_GEN_RUNTIMES).sort()).toEqual([...RUNTIME_IDS].sort());
    for (const id of RUNTIME_IDS) expect(SKILL_GEN_RUNTIMES[id].id).toBe(id);
  });

  it.each(RUNTIME_IDS)(
    '%s: the version doctor proves with is the one e2e/runtimes/package.json pins',
    (id) => {
      const { docs, testedVersion } = SKILL_GEN_RUNTIMES[id];
      expect(pinned[docs.npmPackage]).toBe(testedVersion);
    },
  );

  it('derives every list of runtimes: lint, source-only keys, renderers, front-matter sections', () => {
    expect(LINT_RUNTIMES).toEqual([...RUNTIME_IDS, 'portable']);
    expect(SOURCE_ONLY_KEYS).toEqual(['contracts', ...RUNTIME_IDS]);
    const facts = lintFacts(perRuntime((runtime) => runtime.lint));
    for (const id of RUNTIME_IDS) {
      expect(facts.recognised[id]).toBe(SKILL_GEN_RUNTIMES[id].lint.recognisedKeys);
      expect(facts.sidecar[id]).toBe(SKILL_GEN_RUNTIMES[id].lint.sidecarKeys);
      expect(SKILL_GEN_RUNTIMES[id].render).toBeTypeOf('function');
      expect(SkillFrontMatterSchema.shape).toHaveProperty([id]);
    }
  });

  it('every lint rule decides every runtime (a severity or off)', () => {
    for (const rule of LINT_RULES)
      expect(Object.keys(rule.severity).sort()).toEqual([...LINT_RUNTIMES].sort());
  });
});

describe('the supported-runtimes table of the README', () => {
  const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');

  it('is the table the declarations and e2e/runtimes/package.json give (`npm run docs` writes it)', () => {
    expect(readme).toContain(RUNTIMES_TABLE_BEGIN);
    expect(readme).toContain(RUNTIMES_TABLE_END);
    expect(withRuntimesTable(readme, renderRuntimesTable(pinned))).toBe(readme);
  });

  it('has one row per runtime, with its pinned version', () => {
    const table = renderRuntimesTable(pinned);
    for (const id of RUNTIME_IDS) {
      const { docs, title } = SKILL_GEN_RUNTIMES[id];
      expect(table).toContain(`| ${title} (\`${id}\`) | \`${docs.npmPackage}\` ${pinned[docs.npmPackage]} |`);
    }
    expect(renderRuntimesTable({})).toContain('not pinned');
  });

  it('refuses a README without markers', () => {
    expect(withRuntimesTable('no markers', 'x')).toBeUndefined();
  });
});

/** Source text without comments, so prose naming a runtime does not count. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** A runtime's own files: its declaration, its target renderer, and the files named after it. */
function ownFile(path: string): boolean {
  const name = path.split(/[\\/]/).at(-1)!.replace(/\.ts$/, '');
  const owners = [...RUNTIME_IDS, 'claude'];
  return path.startsWith('runtimes/') || owners.some((id) => name === id || name.startsWith(`${id}-`));
}

describe('fitness: no file outside a runtime’s own files compares against a runtime id', () => {
  it('src has no `=== id`, `!== id`, `case id` or `includes(id)` outside them', () => {
    const ids = RUNTIME_IDS.join('|');
    const comparison = new RegExp(
      `[!=]==?\\s*['"\`](${ids})['"\`]|['"\`](${ids})['"\`]\\s*[!=]==?|case\\s+['"\`](${ids})['"\`]|includes\\(\\s*['"\`](${ids})['"\`]\\s*\\)`,
    );
    const offenders = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && !ownFile(path.replaceAll('\\', '/')))
      .filter((path) => comparison.test(code(join(SRC, path))))
      .sort();
    expect(offenders).toEqual([]);
  });
});
