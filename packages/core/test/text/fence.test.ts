import { describe, expect, it } from 'vitest';
import { createFenceTracker } from '../../src/index.js';

function classify(lines: readonly string[]) {
  const fence = createFenceTracker();
  return lines.map((line) => fence.step(line));
}

describe('createFenceTracker', () => {
  it('opens on three backticks and closes only on a bare run at least as long', () => {
    expect(classify(['a', '```json', 'x', '```json', '``', '````', 'b'])).toEqual([
      'outside',
      'fence',
      'inside',
      'inside',
      'inside',
      'fence',
      'outside',
    ]);
  });

  it('does not close a tilde fence with backticks, nor with a shorter run', () => {
    expect(classify(['~~~~', '```', '~~~', '~~~~~', 'x'])).toEqual([
      'fence',
      'inside',
      'inside',
      'fence',
      'outside',
    ]);
  });

  it('closes on a run followed only by Unicode whitespace', () => {
    expect(classify(['```', 'x', '```\u00a0\u2003', 'y'])).toEqual(['fence', 'inside', 'fence', 'outside']);
    expect(classify(['```', '``` x', 'y'])).toEqual(['fence', 'inside', 'inside']);
  });

  it('needs the run at the start of the (trimmed) line', () => {
    expect(classify(['text ```', '``', 'x'])).toEqual(['outside', 'outside', 'outside']);
  });

  it('reports the info string while open', () => {
    const fence = createFenceTracker();
    fence.step('```json');
    expect(fence.open).toBe(true);
    expect(fence.info).toBe('json');
  });
});
