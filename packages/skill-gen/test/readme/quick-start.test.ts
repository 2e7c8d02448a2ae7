import { readFileSync } from 'node:fs';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { TARGET_IDS } from '../../src/targets/target-id.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const start = readme.indexOf('### Quick start');
const quickStart = readme.slice(start, readme.indexOf('\n```\n', start));
const numbers = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('the quick start', () => {
  it('promises the targets `skillpack build` writes by default: every runtime and portable', () => {
    const build = quickStart.split('\n').find((line) => line.startsWith('npm run build'));
    expect(build).toContain(`all ${numbers[RUNTIME_IDS.length]} runtimes and portable`);
    expect(TARGET_IDS).toEqual([...RUNTIME_IDS, 'portable']);
    expect(build).not.toMatch(/\{[a-z-]+(?:,[a-z-]+)+\}/);
  });
});
