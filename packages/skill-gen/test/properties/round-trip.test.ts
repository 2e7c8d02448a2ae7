// Lock file, manifest and front matter: what skill-gen writes reads back exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { type LockFile, serializeLockFile } from '../../src/install/lock-file.js';
import { skillFolder } from '../../src/install/lock-ownership.js';
import { type Manifest, safeParseManifest, serializeManifest } from '../../src/pack/manifest.js';
import { toSkillMarkdown, toYaml } from '../../src/render/yaml.js';
import { SKILL_GEN_RUNTIME_LIST, skillGenRuntime } from '../../src/runtimes/registry.js';
import { safeParseLockFile } from '../../src/runtimes/runtime-install.js';
import { lintSkillFile } from '../../src/runtimes/runtime-lint.js';
import { runs } from './_support/core-support.js';

const sha = fc.stringMatching(/^[0-9a-f]{64}$/);
const segment = fc
  .stringMatching(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,10}$/)
  .filter((name) => name !== '..' && name !== '.');
const safePath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const name = fc.stringMatching(/^[a-z0-9]+(?:-[a-z0-9]+){0,2}$/);
const version = fc.stringMatching(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/);

const lockFile: fc.Arbitrary<LockFile> = fc
  .uniqueArray(
    fc.record({
      pack: fc.record({ name, version }),
      // Every declared runtime: a new one gets the property by being declared.
      runtime: fc.constantFrom(...SKILL_GEN_RUNTIME_LIST.map((runtime) => runtime.id)),
      scope: fc.constantFrom('project', 'user'),
      skills: fc.uniqueArray(segment, { minLength: 1, maxLength: 3 }),
      files: fc.uniqueArray(fc.record({ path: safePath, sha256: sha, executable: fc.boolean() }), {
        selector: (file) => file.path,
        maxLength: 4,
      }),
    }),
    { selector: (install) => `${install.runtime} ${install.pack.name}`, maxLength: 4 },
  )
  .map((installs) => {
    // A skill belongs to one install at most: later installs drop skills an earlier one records.
    const taken = new Set<string>();
    return {
      lockfileVersion: 1 as const,
      installs: installs.map((install) => {
        const skills = install.skills
          .filter((skill) => !taken.has(skillFolder(skillGenRuntime(install.runtime), install.scope, skill)))
          .sort();
        for (const skill of skills)
          taken.add(skillFolder(skillGenRuntime(install.runtime), install.scope, skill));
        // Lock entries must lie in the install's own skills (see lock-ownership.ts).
        const files =
          skills.length === 0
            ? []
            : install.files.map((file, index) => ({
                ...file,
                path: `${skillFolder(skillGenRuntime(install.runtime), install.scope, skills[index % skills.length]!)}${file.path}`,
              }));
        return { ...install, skills, files };
      }),
    };
  });

const manifest: fc.Arbitrary<Manifest> = fc.record({
  schemaVersion: fc.constant(1 as const),
  generator: fc.record({ name: fc.constant('@skillpack/skill-gen'), version }),
  pack: fc.record({ name, version }),
  targets: fc.subarray(['claude-code', 'codex', 'opencode', 'portable'] as const),
  contracts: fc.uniqueArray(
    fc.record({ id: fc.constantFrom('conflux.acceptance', 'maestro.result'), version }),
    {
      selector: (contract) => contract.id,
    },
  ),
  sources: fc.array(fc.record({ path: safePath, sha256: sha }), { maxLength: 3 }),
  files: fc.uniqueArray(fc.record({ path: safePath, sha256: sha, executable: fc.boolean() }), {
    selector: (file) => file.path,
    maxLength: 5,
  }),
});

const byPath = <T extends { path: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

describe('lock file: serialise then parse', () => {
  it('gives back the same installs, and serialising twice gives the same bytes', () => {
    fc.assert(
      fc.property(lockFile, (lock) => {
        const text = serializeLockFile(lock);
        const parsed = safeParseLockFile(text, 'skillpack-lock.json');
        expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
        if (!parsed.success) return;
        const normalise = (value: LockFile) =>
          [...value.installs]
            .map((install) => ({ ...install, files: byPath(install.files) }))
            .sort((a, b) => `${a.runtime} ${a.pack.name}`.localeCompare(`${b.runtime} ${b.pack.name}`));
        expect(normalise(parsed.data)).toEqual(normalise(lock));
        expect(serializeLockFile(parsed.data)).toBe(text);
      }),
      runs(200),
    );
  });
});

describe('manifest: serialise then parse', () => {
  it('gives back the same manifest', () => {
    fc.assert(
      fc.property(manifest, (value) => {
        const parsed = safeParseManifest(serializeManifest(value), 'skillpack.manifest.json');
        expect(parsed.success && parsed.data).toEqual(value);
      }),
      runs(200),
    );
  });
});

/** Front matter text that YAML or a template engine would read differently if it were not quoted. */
const trickyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc
    .array(
      fc.constantFrom(
        '---',
        ': ',
        '#',
        '- ',
        '{{name}}',
        '{{> x}}',
        '"',
        "'",
        '\\',
        '\n',
        '\r\n',
        'yes',
        'null',
        '0x1F',
        '1e3',
        '&a',
        '*a',
        '!!js/function',
        '`',
        '\u2028',
        '😀',
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join('')),
);

describe('front matter: serialise then read', () => {
  it('every string comes back exactly through YAML, and a SKILL.md body never leaks into it', () => {
    fc.assert(
      fc.property(trickyText, trickyText, trickyText, (description, compatibility, body) => {
        const frontMatter = { name: 'demo', description, compatibility, metadata: { note: body } };
        expect(YAML.parse(toYaml(frontMatter))).toEqual(frontMatter);
        const markdown = toSkillMarkdown(frontMatter, body);
        const closing = markdown.indexOf('\n---\n', 4);
        expect(YAML.parse(markdown.slice(4, closing + 1))).toEqual(frontMatter);
        const findings = lintSkillFile(
          { file: 'demo/SKILL.md', fileName: 'SKILL.md', folderName: 'demo', bytes: Buffer.from(markdown) },
          ['claude-code'],
        );
        const structural = findings.filter((finding) => /front-matter|yaml/.test(finding.rule));
        expect(structural.filter((finding) => finding.severity === 'error')).toEqual([]);
      }),
      runs(300),
    );
  });
});
