import { describe, expect, it } from 'vitest';
import { capHookString, HOOK_STRING_LIMIT, renderStopHookOutput } from '../../src/hooks/stop-hook-output.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('capHookString', () => {
  it('keeps strings within the limit unchanged', () => {
    const text = 'x'.repeat(HOOK_STRING_LIMIT);
    expect(capHookString(text)).toBe(text);
  });

  it('cuts longer strings to the limit and marks the cut', () => {
    const capped = capHookString('y'.repeat(HOOK_STRING_LIMIT * 3));
    expect(capped.length).toBeLessThanOrEqual(HOOK_STRING_LIMIT);
    expect(capped.endsWith('… (truncated)')).toBe(true);
  });

  it('never leaves half a surrogate pair at the cut', () => {
    for (let limit = 20; limit < 26; limit++) {
      const capped = capHookString('😀'.repeat(40), limit);
      expect(LONE_SURROGATE.test(capped)).toBe(false);
      expect(capped.length).toBeLessThanOrEqual(limit);
    }
  });
});

describe('renderStopHookOutput', () => {
  it('prints one JSON line with only the known keys, strings capped', () => {
    const output = { decision: 'block', reason: 'r'.repeat(20_000), extra: 'dropped' } as const;
    const text = renderStopHookOutput(output);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('\n')).toBe(text.length - 1);
    const parsed = JSON.parse(text) as Record<string, string>;
    expect(Object.keys(parsed)).toEqual(['decision', 'reason']);
    expect(parsed.reason!.length).toBeLessThanOrEqual(HOOK_STRING_LIMIT);
  });

  it('prints an empty object when the stop is let through silently', () => {
    expect(renderStopHookOutput({})).toBe('{}\n');
  });
});
