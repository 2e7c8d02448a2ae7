import { describe, expect, it } from 'vitest';
import { semanticProgressFingerprint } from '../../src/conflux/index.js';
import { isSemanticProgressPath } from '../../src/conflux/semantic-progress.js';

/** Straightforward BigInt FNV-1a over the same byte sequence, to check the limb arithmetic. */
function referenceFnv(files: { path: string; content: string }[]): string {
  let hash = 0xcbf29ce484222325n;
  const encoder = new TextEncoder();
  for (const file of files) {
    for (const byte of [...encoder.encode(file.path), ...encoder.encode(file.content)]) {
      hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
    }
  }
  return hash.toString(16).padStart(16, '0');
}

describe('isSemanticProgressPath', () => {
  it.each([
    ['src/lib.rs', true],
    ['tests/a.rs', true],
    ['config/x.toml', true],
    ['openspec/specs/a/spec.md', true],
    ['openspec/changes/x/specs/runtime/spec.md', true],
    ['.cflx.jsonc', true],
    ['sub/.cflx.jsonc', true],
    ['crates/a/Cargo.toml', true],
    ['openspec/changes/x/tasks.md', true],
    ['README.md', false],
    ['.git/src/x', false],
    ['.cflx/runtime.json', false],
    ['logs/src/a', false],
    ['history/tests/a', false],
    ['src/APPLY_BLOCKED/x', false],
  ] as const)('%s -> %s', (path, expected) => {
    expect(isSemanticProgressPath(path)).toBe(expected);
  });
});

describe('semanticProgressFingerprint', () => {
  it('is FNV-1a 64 over counted paths and contents in path order', () => {
    const files = [
      { path: 'tests/b.rs', content: 'two ✓' },
      { path: 'src/a.rs', content: 'one' },
      { path: 'docs/ignored.md', content: 'x' },
    ];
    const fingerprint = semanticProgressFingerprint(files);
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint).toBe(referenceFnv([files[1]!, files[0]!]));
    expect(semanticProgressFingerprint([...files].reverse())).toBe(fingerprint);
    expect(
      semanticProgressFingerprint([
        { path: 'src/a.rs', content: new TextEncoder().encode('one') },
        files[0]!,
      ]),
    ).toBe(fingerprint);
    expect(semanticProgressFingerprint([])).toBe('cbf29ce484222325');
  });

  it('ignores runtime bookkeeping and the runtime-owned follow-up in tasks.md', () => {
    const base = [
      { path: 'src/lib.rs', content: 'one' },
      { path: 'openspec/changes/x/tasks.md', content: '## Implementation Tasks\n- [x] work\n' },
    ];
    const before = semanticProgressFingerprint(base);
    expect(semanticProgressFingerprint([...base, { path: '.cflx/runtime.json', content: 'r' }])).toBe(before);
    expect(
      semanticProgressFingerprint([
        base[0]!,
        {
          path: 'openspec/changes/x/tasks.md',
          content: `${base[1]!.content}\n## Acceptance #2 Failure Follow-up\n- [ ] f\n`,
        },
      ]),
    ).toBe(before);
    expect(semanticProgressFingerprint([{ path: 'src\\lib.rs', content: 'one' }, base[1]!])).toBe(before);
    expect(semanticProgressFingerprint([{ path: 'src/lib.rs', content: 'two' }, base[1]!])).not.toBe(before);
  });

  it('matches the reference on larger content', () => {
    const content = Array.from({ length: 5_000 }, (_, index) => String.fromCharCode(index % 0x7ff)).join('');
    expect(semanticProgressFingerprint([{ path: 'src/x', content }])).toBe(
      referenceFnv([{ path: 'src/x', content }]),
    );
  });
});
