import { describe, expect, it } from 'vitest';
import { acceptanceContract } from '../../src/conflux/acceptance-contract.js';
import { safeParseAcceptanceOutput } from '../../src/conflux/parse-output.js';

const codes = (text: string) => {
  const result = acceptanceContract.extract(text);
  return result.success ? (result.warnings ?? []).map((warning) => warning.code) : result.error.code;
};

describe('conflux.acceptance: more than one verdict in the final message', () => {
  it.each([
    [
      'the canonical pair: JSON verdict, then its legacy marker',
      '{"acceptance":"pass"}\nACCEPTANCE: PASS',
      [],
    ],
    ['a lone JSON verdict', 'Checked.\n{"acceptance":"pass"}', []],
    ['two JSON verdicts', '{"acceptance":"pass"}\n{"acceptance":"continue"}', ['several_verdicts']],
    ['the same JSON verdict twice', '{"acceptance":"pass"}\n{"acceptance":"pass"}', ['several_verdicts']],
    [
      'a marker that disagrees with the JSON',
      '{"acceptance":"pass"}\nACCEPTANCE: CONTINUE',
      ['several_verdicts'],
    ],
    ['two legacy markers', 'ACCEPTANCE: PASS\nACCEPTANCE: PASS', ['several_verdicts']],
    [
      'a second verdict inside a fence does not count',
      '{"acceptance":"pass"}\n```\n{"acceptance":"continue"}\n```',
      [],
    ],
  ] as const)('%s', (_, text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it('the first JSON verdict still decides, and the warning says what was found', () => {
    const result = acceptanceContract.extract('{"acceptance":"continue"}\n{"acceptance":"pass"}');
    expect(result.success && result.data.acceptance).toBe('continue');
    expect(result.success && result.warnings?.[0]?.details).toEqual({
      json: 2,
      legacy: 0,
      kinds: ['continue', 'pass'],
    });
  });

  it('safeParseAcceptanceOutput keeps Conflux parity: no warning unless asked', () => {
    const result = safeParseAcceptanceOutput('{"acceptance":"pass"}\n{"acceptance":"continue"}');
    expect(result.success && result.warnings).toBeUndefined();
  });
});
