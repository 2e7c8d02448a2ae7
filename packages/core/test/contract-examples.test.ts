import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtinContracts } from '../src/contracts.js';
import { defineContract } from '../src/define-contract.js';
import { ConfigError, ProtocolError } from '../src/errors.js';

const FindingSchema = z.object({ id: z.string(), severity: z.enum(['low', 'high']) });
const ReviewSchema = z.object({ findings: z.array(FindingSchema) });

const review = (examples: readonly { name: string; value: unknown }[], extra: object = {}) =>
  defineContract({
    id: 'acme.review',
    version: '1.0.0',
    title: 'Review',
    description: 'Findings of a review.',
    delivery: 'text',
    schema: ReviewSchema,
    examples: examples as { name: string; value: z.output<typeof ReviewSchema> }[],
    ...extra,
  });

describe('defineContract checks its examples', () => {
  it('refuses an example its schema rejects, naming the contract, the example and the field', () => {
    let thrown: unknown;
    try {
      review([
        { name: 'ok', value: { findings: [{ id: 'a', severity: 'low' }] } },
        { name: 'medium-severity', value: { findings: [{ id: 'b', severity: 'medium' }] } },
      ]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.code).toBe('invalid_contract_example');
    expect(error.message).toContain('Contract "acme.review" example "medium-severity"');
    expect(error.message).toContain('findings[0].severity');
    expect(error.details).toMatchObject({
      contract: 'acme.review',
      example: 'medium-severity',
      issues: [expect.objectContaining({ path: 'findings[0].severity' })],
    });
  });

  it('refuses an example its own validate rejects', () => {
    const validate = () => ({
      success: false as const,
      error: new ProtocolError('no_refunds', 'No refunds.'),
    });
    expect(() => review([{ name: 'any', value: { findings: [] } }], { validate })).toThrow(
      expect.objectContaining({
        code: 'invalid_contract_example',
        details: expect.objectContaining({ errorCode: 'no_refunds' }),
      }),
    );
  });

  it('refuses an example the contract parses but rejects as a fallback', () => {
    const rejectValue = () => new ProtocolError('fallback', 'A derived value.');
    expect(() => review([{ name: 'derived', value: { findings: [] } }], { rejectValue })).toThrow(
      expect.objectContaining({ code: 'invalid_contract_example' }),
    );
  });

  it('accepts valid examples', () => {
    expect(
      review([{ name: 'ok', value: { findings: [{ id: 'a', severity: 'high' }] } }]).examples,
    ).toHaveLength(1);
  });

  it.each(builtinContracts.list().map((contract) => [contract.id, contract] as const))(
    'every example of the built-in %s satisfies it',
    (_id, contract) => {
      for (const example of contract.examples) expect(contract.validate(example.value).success).toBe(true);
    },
  );
});

describe('a missing field', () => {
  const contract = defineContract({
    id: 'acme.triage',
    version: '1.0.0',
    title: 'Triage',
    description: 'A triage.',
    delivery: 'text',
    schema: z.object({ severity: z.enum(['low', 'high']), kind: z.literal('bug'), summary: z.string() }),
    examples: [{ name: 'bug', value: { severity: 'low', kind: 'bug', summary: 'Crash.' } }],
  });

  it('reads the same for an enum, a literal and a string', () => {
    const result = contract.validate({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.details.issues).toEqual([
      {
        path: 'severity',
        code: 'invalid_value',
        message: 'Invalid input: expected one of "low"|"high", received undefined',
      },
      { path: 'kind', code: 'invalid_value', message: 'Invalid input: expected "bug", received undefined' },
      {
        path: 'summary',
        code: 'invalid_type',
        message: 'Invalid input: expected string, received undefined',
      },
    ]);
    expect(result.error.message).not.toContain('Invalid option');
  });

  it("keeps zod's message for an enum value that is present but wrong", () => {
    const result = contract.validate({ severity: 'medium', kind: 'bug', summary: 'Crash.' });
    expect(result.success ? '' : result.error.message).toContain(
      'severity: Invalid option: expected one of "low"|"high"',
    );
  });
});
