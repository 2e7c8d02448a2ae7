import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtinContracts } from '../src/contracts.js';
import { defineContract } from '../src/define-contract.js';

describe('jsonFinalMessage: whether the whole final message may be one JSON object', () => {
  const base = {
    version: '1.0.0',
    title: 'Demo',
    description: 'd',
    schema: z.object({ a: z.string() }),
    examples: [],
  };

  it.each([
    ['text', undefined, true],
    ['payload', undefined, false],
    ['text', false, false],
  ] as const)('%s delivery with %s declared is %s', (delivery, declared, expected) => {
    const contract = defineContract({ ...base, id: 'demo.answer', delivery, jsonFinalMessage: declared });
    expect(contract.jsonFinalMessage).toBe(expected);
  });

  it('holds for the Conflux verdict and not for the maestro text blocks or the payload contracts', () => {
    const json = builtinContracts.ids.filter((id) => builtinContracts.require(id).jsonFinalMessage);
    expect(json).toEqual(['conflux.acceptance']);
  });
});
