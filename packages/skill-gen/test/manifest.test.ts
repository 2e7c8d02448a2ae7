import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { textFile } from '../src/files/output-file.js';
import {
  createManifest,
  isSafeRelativePath,
  safeParseManifest,
  serializeManifest,
} from '../src/pack/manifest.js';
import { JUNK_INPUTS, prototypeIsClean } from './_support/junk.js';

const manifest = createManifest({
  generator: { name: '@skillpack/skill-gen', version: '0.1.0' },
  pack: { name: 'demo', version: '1.0.0' },
  targets: ['portable', 'codex'],
  contracts: [
    { id: 'b.x', version: '1' },
    { id: 'a.y', version: '2' },
  ],
  sources: [
    { path: 'skills/z/skill.md', sha256: 'a'.repeat(64) },
    { path: 'skillpack.config.json', sha256: 'b'.repeat(64) },
  ],
  files: [
    textFile('portable/b.txt', 'b'),
    { path: 'portable/a.sh', content: Uint8Array.from([1, 2]), executable: true },
  ],
});

describe('manifest', () => {
  it('is sorted, hashed and has no timestamps', () => {
    expect(manifest).toEqual({
      schemaVersion: 1,
      generator: { name: '@skillpack/skill-gen', version: '0.1.0' },
      pack: { name: 'demo', version: '1.0.0' },
      targets: ['codex', 'portable'],
      contracts: [
        { id: 'a.y', version: '2' },
        { id: 'b.x', version: '1' },
      ],
      sources: [
        { path: 'skillpack.config.json', sha256: 'b'.repeat(64) },
        { path: 'skills/z/skill.md', sha256: 'a'.repeat(64) },
      ],
      files: [
        {
          path: 'portable/a.sh',
          sha256: 'a12871fee210fb8619291eaea194581cbd2531e4b23759d225f6806923f63222',
          executable: true,
        },
        {
          path: 'portable/b.txt',
          sha256: '3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d',
          executable: false,
        },
      ],
    });
    expect(serializeManifest(manifest)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('parses its own serialisation', () => {
    expect(safeParseManifest(serializeManifest(manifest))).toEqual({ success: true, data: manifest });
  });

  it.each([
    ['a path escaping the pack', { path: '../etc/passwd' }],
    ['an absolute path', { path: '/etc/passwd' }],
    ['a Windows path', { path: 'C:\\x' }],
    ['a bad hash', { sha256: 'nope' }],
    ['a missing executable flag', { executable: undefined }],
  ])('refuses a file entry with %s', (_label, change) => {
    const bad = { ...manifest, files: [{ ...manifest.files[0]!, ...change }] };
    const result = safeParseManifest(JSON.stringify(bad));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('manifest_invalid');
  });

  it('refuses a path listed twice', () => {
    const result = safeParseManifest(
      JSON.stringify({ ...manifest, files: [manifest.files[0], manifest.files[0]] }),
    );
    expect(result.success || result.error.message).toContain('twice');
  });

  it.each(JUNK_INPUTS)('returns a typed failure for %s', (_label, input) => {
    let result: ReturnType<typeof safeParseManifest> | undefined;
    expect(() => {
      result = safeParseManifest(input);
    }).not.toThrow();
    expect(result?.success).toBe(false);
    if (result && !result.success) expect(result.error).toBeInstanceOf(ConfigError);
    expect(prototypeIsClean()).toBe(true);
  });
});

describe('isSafeRelativePath', () => {
  it.each([
    ['a/b.txt', true],
    ['.claude/skills/x/SKILL.md', true],
    ['a/../b', false],
    ['..', false],
    ['./a', false],
    ['/a', false],
    ['a//b', false],
    ['a\\b', false],
    ['C:/a', false],
    ['a\0b', false],
    ['', false],
  ] as const)('%j is %s', (path, expected) => {
    expect(isSafeRelativePath(path)).toBe(expected);
  });
});
