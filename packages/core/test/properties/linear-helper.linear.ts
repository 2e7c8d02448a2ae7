import { describe, expect, it } from 'vitest';
import { LINEAR_LIMIT, measureLinearGrowth, repeatTo } from './_support/linear.js';

/** The linear-time checks are only worth something if they catch quadratic work. */
describe('the linear-time measurement', () => {
  it('reports a quadratic scan as far above the limit', () => {
    const quadratic = (text: string) => {
      let count = 0;
      // Each position searches the rest of the text for a character it never holds.
      for (let i = 0; i < text.length; i++) if (text.indexOf('c', i) === -1) count++;
      return count;
    };
    const growth = measureLinearGrowth((size) => repeatTo('a', size), quadratic, 2_000);
    expect(growth.ratio).toBeGreaterThan(LINEAR_LIMIT);
  }, 60_000);

  it('reports a linear scan below the limit', () => {
    const linear = (text: string) => text.split('\n').length;
    const growth = measureLinearGrowth((size) => repeatTo('line\n', size), linear, 50_000);
    expect(growth.ratio).toBeLessThan(LINEAR_LIMIT);
  }, 60_000);
});
