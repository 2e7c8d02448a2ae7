import type { CreateNodesV2 as NxCreateNodesV2 } from 'nx/src/devkit-exports.js';
import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../src/glob.ts';
import { createNodesV2, type SkillpackNxOptions } from '../src/index.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../src/options.ts';

// The plugin's own declaration of Nx's API must stay assignable to Nx's (checked by `npm run typecheck`).
const asNx: NxCreateNodesV2<SkillpackNxOptions> =
  createNodesV2 as unknown as NxCreateNodesV2<SkillpackNxOptions>;
const assignable: (value: typeof createNodesV2) => NxCreateNodesV2<SkillpackNxOptions> = (value) => value;

describe('options', () => {
  it('defaults every name, and takes the ones given', () => {
    expect(resolveOptions(undefined)).toEqual(DEFAULT_OPTIONS);
    expect(resolveOptions({ buildTargetName: 'pack', configGlob: 'packs/*/skillpack.config.json' })).toEqual({
      ...DEFAULT_OPTIONS,
      buildTargetName: 'pack',
      configGlob: 'packs/*/skillpack.config.json',
    });
    expect(asNx[0]).toBe('**/*.json');
    expect(assignable(createNodesV2)).toBe(createNodesV2);
  });

  it('rejects an unknown option, a blank name, a non-object and two targets of one name, saying what it expected', () => {
    expect(() => resolveOptions({ buildTarget: 'x' })).toThrow(
      /unknown option "buildTarget"; expected one of buildTargetName/,
    );
    expect(() => resolveOptions({ lintTargetName: ' ' })).toThrow(
      /"lintTargetName" must be a non-empty string/,
    );
    expect(() => resolveOptions('skillpack')).toThrow(/must be an object/);
    expect(() => resolveOptions({ checkTargetName: 'skillpack-build' })).toThrow(/must differ/);
  });
});

describe('globToRegExp', () => {
  it('matches ** across folders (none included), * and ? within one name, and {a,b}', () => {
    const glob = globToRegExp('**/skillpack.config.json');
    expect(
      ['skillpack.config.json', 'a/skillpack.config.json', 'a/b/skillpack.config.json'].every((file) =>
        glob.test(file),
      ),
    ).toBe(true);
    expect(glob.test('a/other.json')).toBe(false);
    expect(glob.test('a/xskillpack.config.json')).toBe(false);
    const one = globToRegExp('packs/*/skillpack.{config,pack}.json');
    expect(one.test('packs/a/skillpack.pack.json')).toBe(true);
    expect(one.test('packs/a/b/skillpack.config.json')).toBe(false);
    expect(() => globToRegExp('packs/{a,b')).toThrow(/unclosed/);
  });
});
