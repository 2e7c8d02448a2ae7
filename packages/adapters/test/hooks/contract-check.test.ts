import { ProtocolError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { checkContracts, judgeContractResult } from '../../src/hooks/contract-check.js';
import { fallbackContract, GREETING, greetingContract, verdictContract } from './_contracts.js';

describe('checkContracts', () => {
  it('is satisfied by the contract whose payload the message holds', () => {
    const check = checkContracts([verdictContract, greetingContract], `Done.\n${GREETING}\n`);
    expect(check).toMatchObject({ satisfied: true, value: { greeting: 'hi' } });
    if (check.satisfied) expect(check.contract.id).toBe('test.greeting');
  });

  it('lists one typed failure per contract when none is satisfied', () => {
    const check = checkContracts([greetingContract, verdictContract], 'I am done.');
    expect(check.satisfied).toBe(false);
    if (check.satisfied) return;
    expect(check.failures.map((failure) => failure.contract.id)).toEqual(['test.greeting', 'test.verdict']);
    for (const failure of check.failures) {
      expect(failure.error).toBeInstanceOf(ProtocolError);
      expect(failure.error.code).toBe('missing_payload');
    }
  });

  it('reports the schema violation of an attempted payload', () => {
    const check = checkContracts([verdictContract], '{"verdict":"maybe"}');
    expect(check.satisfied).toBe(false);
    if (!check.satisfied) {
      expect(check.failures[0]?.error.code).toBe('invalid_payload');
      expect(check.failures[0]?.error.details).toMatchObject({ fieldPath: 'verdict' });
    }
  });

  it('treats a fallback result as not satisfied, keeping its warnings', () => {
    const check = checkContracts([fallbackContract], 'Finished, see above.');
    expect(check.satisfied).toBe(false);
    if (check.satisfied) return;
    const error = check.failures[0]!.error;
    expect(error.code).toBe('fallback_result');
    expect(error.message).toContain('No STATUS line');
    expect(error.details).toMatchObject({ warnings: [{ code: 'E013' }] });
    expect(check.failures[0]!.attempted).toBe(false);
    expect(checkContracts([fallbackContract], 'STATUS: DONE').satisfied).toBe(true);
  });

  it.each([
    ['I am done.', 'missing_payload', false],
    ['{"verdict":"maybe"}', 'invalid_payload', true],
  ] as const)('asks the contract whether %j attempts it', (text, code, attempted) => {
    const check = checkContracts([verdictContract], text);
    expect(check.satisfied ? [] : check.failures.map((f) => [f.error.code, f.attempted])).toEqual([
      [code, attempted],
    ]);
  });

  it('passes a failed result through unchanged', () => {
    const error = new ProtocolError('x', 'y');
    expect(judgeContractResult(greetingContract, { success: false, error })).toEqual({
      satisfied: false,
      error,
    });
  });
});
