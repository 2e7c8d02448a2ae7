// Skill sources, SKILL.md, pack config, lock file and manifest on untrusted text: typed results, no throw.
import { readdirSync, readFileSync } from 'node:fs';
import { ConfigError, SkillpackError } from '@skillpack/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { PackConfigSchema } from '../../src/config/pack-config.js';
import { LockFileSchema } from '../../src/install/lock-file.js';
import { LINT_RUNTIMES } from '../../src/lint/runtimes.js';
import { ManifestSchema, safeParseManifest } from '../../src/pack/manifest.js';
import { safeParseLockFile } from '../../src/runtimes/runtime-install.js';
import { lintSkillFile } from '../../src/runtimes/runtime-lint.js';
import { SkillFrontMatterSchema } from '../../src/source/front-matter-schema.js';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import { configText, fixturesDir, goldenDir } from '../_support/temp.js';
import {
  AWKWARD_TOKENS,
  anyValue,
  expectPlainData,
  expectPrototypesUntouched,
  mutated,
  prototypeSnapshot,
  runs,
  tokenText,
} from './_support/core-support.js';

const examplesDir = new URL('../../../../examples/', import.meta.url);

const SKILL_SOURCES = [
  ...readdirSync(new URL('skills/', examplesDir)).map((name) =>
    readFileSync(new URL(`skills/${name}/skill.md`, examplesDir), 'utf8'),
  ),
  ...readdirSync(`${goldenDir}skills`).map((name) =>
    readFileSync(`${goldenDir}skills/${name}/skill.md`, 'utf8'),
  ),
];
const LINT_CASES = readdirSync(`${fixturesDir}lint/cases`).flatMap((name) => {
  const dir = `${fixturesDir}lint/cases/${name}`;
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(`${dir}/${entry.name}`)
        .filter((file) => file.toLowerCase() === 'skill.md')
        .map((file) => readFileSync(`${dir}/${entry.name}/${file}`, 'latin1')),
    );
});
const CONFIGS = [configText(), readFileSync(`${goldenDir}skillpack.config.json`, 'utf8')];
const MANIFEST = readFileSync(
  new URL('../__snapshots__/golden/skillpack.manifest.json', import.meta.url),
  'utf8',
);
const LOCK = JSON.stringify({
  lockfileVersion: 1,
  installs: [
    {
      pack: { name: 'demo-pack', version: '1.0.0' },
      runtime: 'claude-code',
      scope: 'project',
      files: [{ path: '.claude/skills/demo/SKILL.md', sha256: 'a'.repeat(64), executable: false }],
    },
  ],
});

const FRONT_MATTER_TOKENS = [
  '---\n',
  '---js\n',
  '---javascript\n',
  'name: x\n',
  'description: "a: b"\n',
  '__proto__:\n  polluted: true\n',
  'constructor: x\n',
  '!!js/function "function () {}"\n',
  '&a [*a]\n',
  '<<: *a\n',
  '{{> partial}}',
  '{{#each x}}',
  '\t',
  '  - ',
  ': ',
] as const;
const JSON_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"name"',
  ':',
  ',',
  '"__proto__":{}',
  '"../x"',
  '"C:\\\\x"',
  'null',
  '1e999',
] as const;

/** A result whose failure is a typed error with a code and a bounded message. */
function expectTyped(result: { success: boolean; error?: unknown }): void {
  if (result.success) return;
  expect(result.error).toBeInstanceOf(SkillpackError);
  const error = result.error as SkillpackError;
  expect(error.code).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length).toBeLessThan(8_192);
}

describe('safeParseSkillFile (skill sources, as build reads them)', () => {
  it('never throws; a success holds front matter its schema accepts', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(
        fc.oneof(
          mutated(SKILL_SOURCES, FRONT_MATTER_TOKENS),
          tokenText([...FRONT_MATTER_TOKENS, ...AWKWARD_TOKENS]),
          anyValue,
        ),
        (input) => {
          const result = safeParseSkillFile(input, 'skills/x/skill.md');
          expectTyped(result);
          if (!result.success) {
            expect(result.error).toBeInstanceOf(ConfigError);
            return;
          }
          expect(SkillFrontMatterSchema.safeParse(result.data.frontMatter).success).toBe(true);
          expectPlainData(result.data.frontMatter);
          expect(typeof result.data.body).toBe('string');
        },
      ),
      runs(300),
    );
    expectPrototypesUntouched(before);
  });
});

describe('lintSkillFile (SKILL.md and sources, as lint reads them)', () => {
  it('never throws and reports findings with a rule, a severity and a line inside the file', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          mutated([...LINT_CASES, ...SKILL_SOURCES], FRONT_MATTER_TOKENS),
          tokenText([...FRONT_MATTER_TOKENS, ...AWKWARD_TOKENS]),
        ),
        fc.constantFrom('SKILL.md', 'skill.md'),
        (text, fileName) => {
          const bytes = Buffer.from(text, 'latin1');
          const findings = lintSkillFile(
            { file: `x/${fileName}`, fileName, folderName: 'x', bytes, folderEntries: [] },
            LINT_RUNTIMES,
          );
          const lines = text.split('\n').length;
          for (const finding of findings) {
            expect(finding.rule).toMatch(/^[a-z0-9-]+$/);
            expect(['error', 'warning', 'info']).toContain(finding.severity);
            expect(finding.line).toBeGreaterThanOrEqual(1);
            expect(finding.line).toBeLessThanOrEqual(lines + 1);
          }
        },
      ),
      runs(200),
    );
  });
});

describe.each([
  [
    'safeParsePackConfig',
    (text: unknown) => safeParsePackConfig(text, 'skillpack.config.json'),
    CONFIGS,
    PackConfigSchema,
  ],
  [
    'safeParseLockFile',
    (text: unknown) => safeParseLockFile(text, 'skillpack-lock.json'),
    [LOCK],
    LockFileSchema,
  ],
  [
    'safeParseManifest',
    (text: unknown) => safeParseManifest(text, 'skillpack.manifest.json'),
    [MANIFEST],
    ManifestSchema,
  ],
] as const)('%s', (_name, parse, seeds, schema) => {
  it('never throws; a success passes its own schema again', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(fc.oneof(mutated(seeds, JSON_TOKENS), tokenText(JSON_TOKENS), anyValue), (input) => {
        const result = parse(input);
        expectTyped(result);
        if (!result.success) return;
        expect(schema.safeParse(result.data).success).toBe(true);
        expectPlainData(result.data);
      }),
      runs(300),
    );
    expectPrototypesUntouched(before);
  });
});
