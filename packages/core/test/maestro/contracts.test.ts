import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../../src/contracts.js';
import { ProtocolError, toJsonSchema } from '../../src/index.js';
import { maestroContractError } from '../../src/maestro/fallback.js';
import {
  maestroContracts,
  maestroResultContract,
  maestroVerdictContract,
  parseResultBlock,
  parseVerdictBlock,
  safeParseResultBlock,
  safeParseVerdictBlock,
} from '../../src/maestro/index.js';
import { ResultFieldsSchema } from '../../src/maestro/result-schema.js';
import { ralphSessionJsonSchema } from '../../src/maestro/status-schema.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });

describe('maestro contracts', () => {
  it('registers maestro.result and maestro.verdict as text contracts in the builtin registry', () => {
    expect(maestroContracts.map((contract) => contract.id)).toEqual(['maestro.result', 'maestro.verdict']);
    for (const contract of maestroContracts) {
      expect(builtinContracts.get(contract.id)).toBe(contract);
      expect(contract.delivery).toBe('text');
      expect(contract.examples.length).toBeGreaterThanOrEqual(2);
      expect(contract.rules.length).toBeGreaterThan(0);
    }
  });

  describe.each(maestroContracts.map((contract) => [contract.id, contract] as const))(
    '%s',
    (_id, contract) => {
      const validate = ajv.compile(contract.toJSONSchema());

      it.each(contract.examples.map((example) => [example.name, example.value] as const))(
        'example %s validates against the emitted JSON Schema and round-trips render → extract',
        (_name, value) => {
          expect(validate(value), ajv.errorsText(validate.errors)).toBe(true);
          expect(contract.validate(value)).toEqual({ success: true, data: value });
          const extracted = contract.extract(`Some narration first.\n\n${contract.render(value)}\n`);
          expect(extracted.success && extracted.data).toEqual(value);
        },
      );

      it('accepts its own fallback as a valid value and rejects junk in the schema', () => {
        const fallback = contract.extract('no block here');
        expect(fallback.success).toBe(true);
        if (!fallback.success) return;
        expect(validate(fallback.data), ajv.errorsText(validate.errors)).toBe(true);
        expect(contract.validate(fallback.data).success).toBe(true);
        expect(validate({ fallback: false, STATUS: 'NEEDS_CONTEXT' })).toBe(false);
        const invalid = contract.validate({ fallback: false, STATUS: 'NEEDS_CONTEXT' });
        expect(invalid.success || invalid.error.code).toBe('invalid_payload');
      });

      it('corrects with the error, the exact block shape and a valid example', () => {
        const error = new ProtocolError('invalid_status', 'STATUS "WHATEVER" is not allowed.');
        const correction = contract.correct(error);
        expect(correction).toContain('STATUS "WHATEVER" is not allowed.');
        expect(correction).toMatch(/STATUS: <[A-Z_|]+>/);
        const firstExample = contract.examples[0];
        expect(correction).toContain(contract.render(firstExample?.value));
        const reparsed = contract.extract(correction.slice(correction.lastIndexOf('For example:')));
        expect(reparsed.success && reparsed.data).toEqual(firstExample?.value);
      });
    },
  );

  it.each([
    ['maestro.result', () => maestroResultContract.toJSONSchema()],
    ['maestro.verdict', () => maestroVerdictContract.toJSONSchema()],
    ['ralph-session', () => ralphSessionJsonSchema()],
  ] as const)('keeps the %s JSON Schema under review', async (name, emit) => {
    await expect(`${JSON.stringify(emit(), null, 2)}\n`).toMatchFileSnapshot(
      `./__snapshots__/${name}.schema.json`,
    );
  });

  it('emits the agent-written result fields as a closed object schema', () => {
    expect(toJsonSchema(ResultFieldsSchema)).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['STATUS', 'SUMMARY', 'ARTIFACTS', 'EVIDENCE', 'DECISIONS', 'CAVEATS', 'DEFERRED', 'SIGNALS'],
    });
  });
});

describe('maestroContractError (Stop hooks treat a fallback as not satisfied)', () => {
  it('is undefined for a valid block', () => {
    expect(
      maestroContractError(safeParseResultBlock('---RESULT---\nSTATUS: DONE\nSUMMARY: ok\n---END---')),
    ).toBeUndefined();
    expect(
      maestroContractError(safeParseVerdictBlock('---VERDICT---\nSTATUS: PASS\n---END---')),
    ).toBeUndefined();
  });

  it('turns a result fallback into an E013 error that correct() explains', () => {
    const error = maestroContractError(safeParseResultBlock('I am done, see plan.json'));
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error?.code).toBe('E013');
    expect(error?.details.fallback).toBe(true);
    expect(maestroResultContract.correct(error as ProtocolError)).toContain('No complete ---RESULT---');
  });

  it('turns a verdict fallback into an error with the failure code', () => {
    const error = maestroContractError(safeParseVerdictBlock('---VERDICT---\nSTATUS: OK\n---END---'));
    expect(error?.code).toBe('invalid_status');
    expect(maestroVerdictContract.correct(error as ProtocolError)).toContain('STATUS "OK"');
  });

  it('passes a failure through unchanged', () => {
    const result = safeParseResultBlock('---RESULT---\nSUMMARY: x\n---END---');
    expect(result.success).toBe(false);
    expect(maestroContractError(result)).toBe(result.success ? undefined : result.error);
  });

  it('keeps parse and extract in agreement', () => {
    const text = '---RESULT---\nSTATUS: DONE\nSUMMARY: ok\n---END---';
    expect(maestroResultContract.extract(text)).toEqual(safeParseResultBlock(text));
    expect(parseResultBlock(text).STATUS).toBe('DONE');
    expect(parseVerdictBlock('x').fallback).toBe(true);
  });
});
