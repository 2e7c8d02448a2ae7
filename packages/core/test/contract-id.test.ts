import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT_ID_PATTERN, contractIdProblem } from '../src/contract-id.js';
import { defineContract } from '../src/define-contract.js';

const spec = (id: string) => ({
  id,
  version: '1.0.0',
  title: 'Refund decision',
  description: 'Whether to refund.',
  delivery: 'text' as const,
  schema: z.object({ refund: z.boolean() }),
  examples: [{ name: 'yes', value: { refund: true } }],
});

describe('contract ids', () => {
  it.each([
    'conflux.acceptance',
    'zaofu.arch-proposal-done',
    'devflow.apply-arguments',
    'shop.refund_decision',
    'acme.billing.refund-v2',
    'acme.2fa',
  ])('accepts %s', (id) => {
    expect(CONTRACT_ID_PATTERN.test(id)).toBe(true);
    expect(contractIdProblem(id)).toBeUndefined();
    expect(defineContract(spec(id)).id).toBe(id);
  });

  it.each([
    ['review', 'acme.review'],
    ['Shop.Refund Decision', 'shop.refund-decision'],
    ['shop..refund', 'shop.refund'],
    ['shop.refund__decision', 'shop.refund_decision'],
    ['shop.refund-', 'shop.refund'],
    ['9shop.refund', 'contract-9shop.refund'],
    ['a-b', 'acme.a-b'],
    ['', 'acme.contract'],
  ])('refuses %j, naming the rule and the nearest valid id %s', (id, nearest) => {
    const problem = contractIdProblem(id);
    expect(problem).toContain('"family.name"');
    expect(problem).toContain(`the nearest valid id is "${nearest}"`);
    expect(CONTRACT_ID_PATTERN.test(nearest)).toBe(true);
    expect(() => defineContract(spec(id))).toThrow(
      expect.objectContaining({ code: 'invalid_contract_id', message: problem }),
    );
  });

  it('refuses a non-string id without echoing it', () => {
    expect(contractIdProblem(42)).toMatch(/^Contract id a number is not valid: expected/);
  });
});
