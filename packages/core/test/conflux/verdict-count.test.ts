import { describe, expect, it } from 'vitest';
import { acceptanceContract, findVerdictLines, multipleVerdictsWarning } from '../../src/conflux/index.js';

describe('more than one verdict in the final message', () => {
  it.each([
    ['{"acceptance":"pass"}\n{"acceptance":"fail","findings":["src/a.ts:1 broken"]}', 'json', [1, 2]],
    ['ACCEPTANCE: FAIL\nACCEPTANCE: PASS', 'legacy', [1, 2]],
    [
      '{"acceptance":"continue"}\nACCEPTANCE: CONTINUE\n{"acceptance":"pass"}\nACCEPTANCE: PASS',
      'json',
      [1, 3],
    ],
  ] as const)('warns on %j; the first verdict still decides', (text, source, lines) => {
    expect(multipleVerdictsWarning(text)).toMatchObject({
      code: 'multiple_verdicts',
      details: { source, lines, count: 2 },
    });
    const result = acceptanceContract.extract(text);
    expect(result.success && result.warnings?.map((warning) => warning.code)).toEqual(['multiple_verdicts']);
  });

  it.each([
    ['{"acceptance":"pass"}\nACCEPTANCE: PASS'],
    ['{"acceptance":"pass"}'],
    ['```\n{"acceptance":"fail","findings":["x"]}\n```\n{"acceptance":"pass"}'],
    ['The JSON verdict {"acceptance":"pass"} comes last.\n{"acceptance":"pass"}'],
  ])('does not warn on %j (the rollout pair, one verdict, a fenced or inline example)', (text) => {
    expect(multipleVerdictsWarning(text)).toBeUndefined();
    const result = acceptanceContract.extract(text);
    expect(result.success && result.warnings).toBeUndefined();
  });

  it('lists at most ten lines and counts them all', () => {
    const found = findVerdictLines(Array.from({ length: 12 }, () => '{"acceptance":"pass"}').join('\n'));
    expect(found.json).toHaveLength(10);
    expect(found.count.json).toBe(12);
  });

  it.each([undefined, 42, {}])('reads %j as no message', (junk) => {
    expect(findVerdictLines(junk as unknown as string).count).toEqual({ json: 0, legacy: 0 });
  });
});
