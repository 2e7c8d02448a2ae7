import { describe, expect, it } from 'vitest';
import { type ContractValidators, provenContract } from '../../src/hooks/fast-answer.js';

const isDone = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { done?: unknown }).done === true;

describe('provenContract reads each kind of build read (issue #42)', () => {
  const reads: ContractValidators = {
    'acme.done': isDone,
    'acme.marker': { satisfiedBy: (text) => text.includes('VERDICT: PASS') },
    'acme.zod': null,
  };

  it('proves a contract by its predicate on a JSON object, or by its plain read of the whole text', () => {
    expect(provenContract(reads, ['acme.done'], 'ok\n{"done": true}')).toBe('acme.done');
    expect(provenContract(reads, ['acme.marker'], 'VERDICT: PASS')).toBe('acme.marker');
    // A plugin carrying both kinds (a user's contract and a built-in's plain read) proves either.
    expect(provenContract(reads, ['acme.done', 'acme.marker'], 'VERDICT: PASS')).toBe('acme.marker');
    expect(provenContract(reads, ['acme.marker', 'acme.done'], '{"done": true}')).toBe('acme.done');
  });

  it('proves nothing it cannot: a refused answer, a contract left to zod, an id without a read', () => {
    expect(provenContract(reads, ['acme.done', 'acme.marker'], '{"done": false}')).toBeUndefined();
    expect(provenContract(reads, ['acme.zod'], '{"done": true}')).toBeUndefined();
    expect(provenContract(reads, ['acme.done', 'acme.unknown'], '{"done": true}')).toBeUndefined();
    expect(provenContract(reads, ['constructor'], '{}')).toBeUndefined();
  });
});
