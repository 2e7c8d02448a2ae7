import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/index.js';
import {
  maestroVerdictContract,
  parseVerdictBlock,
  renderVerdictBlock,
  safeParseVerdictBlock,
  type VerdictFields,
} from '../../src/maestro/index.js';
import { CONFIDENCE_LEVELS, VERDICT_STATUSES } from '../../src/maestro/verdict-schema.js';

const block = (...lines: string[]) => ['---VERDICT---', ...lines, '---END---'].join('\n');

describe('safeParseVerdictBlock', () => {
  it('reads every field of the last complete block', () => {
    const text = [
      block('STATUS: FAIL'),
      'after a second look:',
      block(
        'STATUS: PARTIAL',
        'REASON: two of five must-haves fail',
        'GAP_SUMMARY: refresh is not wired',
        'CONFIDENCE: medium',
        'CONFIDENCE_SCORE: 64',
        'WEAKEST_DIMENSION: completeness',
      ),
    ].join('\n');
    expect(safeParseVerdictBlock(text)).toEqual({
      success: true,
      data: {
        fallback: false,
        STATUS: 'PARTIAL',
        REASON: 'two of five must-haves fail',
        GAP_SUMMARY: 'refresh is not wired',
        CONFIDENCE: 'medium',
        CONFIDENCE_SCORE: 64,
        WEAKEST_DIMENSION: 'completeness',
      },
    });
  });

  it('reads KEY=value lines as the goal-audit prompts write them, and a score with %', () => {
    const data = parseVerdictBlock(
      block('STATUS=PASS', 'REASON=all green', 'CONFIDENCE=HIGH', 'CONFIDENCE_SCORE=97%'),
    );
    expect(data).toMatchObject({
      fallback: false,
      STATUS: 'PASS',
      REASON: 'all green',
      CONFIDENCE: 'high',
      CONFIDENCE_SCORE: 97,
    });
  });

  it('keeps an unusable CONFIDENCE as null with a warning, and lists empty fields', () => {
    const result = safeParseVerdictBlock(block('STATUS: PASS', 'CONFIDENCE: very', 'CONFIDENCE_SCORE: 80'));
    expect(result.success && result.data).toMatchObject({ CONFIDENCE: null, CONFIDENCE_SCORE: 80 });
    expect(result.success && result.warnings?.map((warning) => warning.code)).toEqual([
      'invalid_confidence',
      'missing_field',
    ]);
  });

  it.each([
    ['no block at all', 'The gate looks fine to me.', 'missing_block', false],
    ['a truncated block', 'done\n---VERDICT---\nSTATUS: PASS', 'missing_block', true],
    ['a block without STATUS', block('REASON: fine'), 'missing_status', false],
    ['a lower-case STATUS', block('STATUS: pass'), 'invalid_status', false],
    ['a STATUS outside the enum', block('STATUS: proceed'), 'invalid_status', false],
    ['a score above 100', block('STATUS: PASS', 'CONFIDENCE_SCORE: 101'), 'invalid_confidence_score', false],
    ['a fractional score', block('STATUS: PASS', 'CONFIDENCE_SCORE: 9.5'), 'invalid_confidence_score', false],
    ['a worded score', block('STATUS: PASS', 'CONFIDENCE_SCORE: high'), 'invalid_confidence_score', false],
  ] as const)('falls back to fix on %s', (_name, text, code, truncated) => {
    const result = safeParseVerdictBlock(text);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toEqual({
      fallback: true,
      parse_failed: true,
      verdict: 'fix',
      confidence_score: 0,
      error_code: code,
      truncated,
    });
    expect(result.warnings?.[0]?.code).toBe(code);
    expect(result.warnings?.[0]?.message).toContain('Fallback applied: gate verdict "fix"');
  });

  it.each([
    ['0', 0],
    ['100', 100],
    ['85 %', 85],
    ['007', 7],
  ] as const)('reads the score %j as %j', (raw, score) => {
    expect(parseVerdictBlock(block('STATUS: PASS', `CONFIDENCE_SCORE: ${raw}`))).toMatchObject({
      CONFIDENCE_SCORE: score,
    });
  });
});

const word = fc.stringMatching(/^[a-z0-9.-]{1,10}$/);
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));
const verdictFields: fc.Arbitrary<VerdictFields> = fc.record({
  STATUS: fc.constantFrom(...VERDICT_STATUSES),
  REASON: fc.option(text, { nil: null }),
  GAP_SUMMARY: fc.option(text, { nil: null }),
  CONFIDENCE: fc.option(fc.constantFrom(...CONFIDENCE_LEVELS), { nil: null }),
  CONFIDENCE_SCORE: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  WEAKEST_DIMENSION: fc.option(text, { nil: null }),
});

describe('renderVerdictBlock', () => {
  it.each(maestroVerdictContract.examples.map((example) => [example.name, example.value] as const))(
    'round-trips the named example %s',
    (_name, value) => {
      expect(parseVerdictBlock(maestroVerdictContract.render(value))).toEqual(value);
    },
  );

  it('round-trips any representable value (property)', () => {
    fc.assert(
      fc.property(verdictFields, (value) => {
        expect(parseVerdictBlock(renderVerdictBlock(value))).toEqual({ fallback: false, ...value });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a fallback, a score outside 0-100 and a continuation line with "="', () => {
    const base: VerdictFields = {
      STATUS: 'PASS',
      REASON: null,
      GAP_SUMMARY: null,
      CONFIDENCE: null,
      CONFIDENCE_SCORE: null,
      WEAKEST_DIMENSION: null,
    };
    const fallback = parseVerdictBlock('nothing');
    expect(() => renderVerdictBlock(fallback)).toThrow(ConfigError);
    expect(() => renderVerdictBlock({ ...base, CONFIDENCE_SCORE: 101 })).toThrow(/CONFIDENCE_SCORE/);
    expect(() => renderVerdictBlock({ ...base, REASON: 'a\nB=c' })).toThrow(ConfigError);
  });
});
