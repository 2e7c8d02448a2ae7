import { existsSync } from 'node:fs';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { SKILL_GEN_RUNTIMES } from '../../src/runtimes/registry.js';
import { isTargetId, TARGET_IDS } from '../../src/targets/target-id.js';

describe('target ids', () => {
  it('are the runtime ids plus portable', () => {
    expect(TARGET_IDS).toEqual([...RUNTIME_IDS, 'portable']);
    for (const id of RUNTIME_IDS) expect(SKILL_GEN_RUNTIMES[id].render).toBeTypeOf('function');
  });

  it.each(RUNTIME_IDS)('%s names its renderer folder, its test, and its templates folder', (target) => {
    expect(existsSync(new URL(`../../src/runtimes/${target}/target.ts`, import.meta.url))).toBe(true);
    expect(existsSync(new URL(`../runtimes/${target}/target.test.ts`, import.meta.url))).toBe(true);
    expect(existsSync(new URL(`../../../../templates/${target}/skill.md.hbs`, import.meta.url))).toBe(true);
  });

  it('portable names its renderer, its test, and its templates folder', () => {
    expect(existsSync(new URL('../../src/targets/portable.ts', import.meta.url))).toBe(true);
    expect(existsSync(new URL('./portable.test.ts', import.meta.url))).toBe(true);
    expect(existsSync(new URL('../../../../templates/portable/skill.md.hbs', import.meta.url))).toBe(true);
  });

  it.each([
    ['codex', true],
    ['cursor', false],
    [undefined, false],
    ['constructor', false],
  ] as const)('isTargetId(%j) is %s', (value, expected) => {
    expect(isTargetId(value)).toBe(expected);
  });
});
