// maestro blocks: whatever the renderer accepts parses back to the same value; a truncated block falls back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/index.js';
import {
  maestroResultContract,
  maestroVerdictContract,
  renderResultBlock,
  renderVerdictBlock,
  safeParseResultBlock,
  safeParseVerdictBlock,
} from '../../src/maestro/index.js';
import { RESULT_STATUSES } from '../../src/maestro/result-schema.js';
import { CONFIDENCE_LEVELS, VERDICT_STATUSES } from '../../src/maestro/verdict-schema.js';
import { runs } from './_support/arbitraries.js';

const PLAIN_WORDS = ['fix', 'the', 'retry', 'branch', '検証', 'é', '😀', 'src/a.ts', '42%'] as const;
/** Words that are markers, key-looking lines or separators: the renderer must refuse or keep them intact. */
const TRICKY_WORDS = [
  'a,b',
  'a;b',
  'x=y',
  'KEY: value',
  'STATUS: DONE',
  'REASON=why',
  '---RESULT---',
  '---VERDICT---',
  '---END---',
  '  ',
  '：',
  '，',
  '；',
  '"',
  "'",
  '```',
] as const;

const word = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...PLAIN_WORDS) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY_WORDS) },
);
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
/** Field text, sometimes over several lines; the renderer refuses what would not read back the same. */
const fieldText = fc.oneof(
  fc.constant(null),
  phrase,
  fc.array(phrase, { minLength: 2, maxLength: 3 }).map((lines) => lines.join('\n')),
);
const listItem = phrase;

const resultBlock = fc.record({
  fallback: fc.constant(false as const),
  STATUS: fc.constantFrom(...RESULT_STATUSES),
  SUMMARY: fieldText,
  ARTIFACTS: fc.array(listItem, { maxLength: 3 }),
  EVIDENCE: fc.option(fc.array(listItem, { maxLength: 3 }), { nil: null }),
  DECISIONS: fc.array(listItem, { maxLength: 3 }),
  CAVEATS: fieldText,
  DEFERRED: fc.array(listItem, { maxLength: 3 }),
  SIGNALS: fc.dictionary(fc.oneof(fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/), word), phrase, {
    maxKeys: 3,
  }),
});

const verdictBlock = fc.record({
  fallback: fc.constant(false as const),
  STATUS: fc.constantFrom(...VERDICT_STATUSES),
  REASON: fieldText,
  GAP_SUMMARY: fieldText,
  CONFIDENCE: fc.option(fc.constantFrom(...CONFIDENCE_LEVELS), { nil: null }),
  CONFIDENCE_SCORE: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  WEAKEST_DIMENSION: fieldText,
});

const narration = fc
  .array(fc.stringMatching(/^[a-z][a-z ,.]{0,30}$/), { maxLength: 4 })
  .map((lines) => lines.map((line) => `${line}\n`).join(''));

/** `render(value)`, or `undefined` when the renderer refuses it with its typed ConfigError. */
function renderOrRefuse<T>(render: (value: T) => string, value: T): string | undefined {
  try {
    return render(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toMatch(/^unrenderable_/);
    return undefined;
  }
}

describe.each([
  ['maestro.result', resultBlock, renderResultBlock, safeParseResultBlock, maestroResultContract],
  ['maestro.verdict', verdictBlock, renderVerdictBlock, safeParseVerdictBlock, maestroVerdictContract],
] as const)('%s: render then parse', (_id, block, render, parse, contract) => {
  it('gives back every value the renderer accepts, after any narration', () => {
    let rendered = 0;
    fc.assert(
      fc.property(block, narration, (value, prose) => {
        const text = renderOrRefuse(render as (value: unknown) => string, value);
        if (text === undefined) return;
        rendered++;
        const parsed = parse(`${prose}${text}`);
        expect(parsed.success && parsed.data).toEqual(value);
        expect(contract.extract(`${prose}${text}\n`)).toMatchObject({ success: true, data: value });
      }),
      runs(500),
    );
    // The property must test round trips, not only refusals.
    expect(rendered).toBeGreaterThan(100);
  });

  it('a truncated block yields the same value or the fallback, never a different block', () => {
    fc.assert(
      fc.property(
        block,
        narration,
        narration,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (value, a, b, at) => {
          const text = renderOrRefuse(render as (value: unknown) => string, value);
          if (text === undefined) return;
          const stream = `${a}${text}\n${b}`;
          const result = parse(stream.slice(0, Math.floor(stream.length * at)));
          if (!result.success) return;
          if (result.data.fallback) return;
          expect(result.data).toEqual(value);
        },
      ),
      runs(500),
    );
  });
});

describe('maestro: a field line that would end or abandon the block', () => {
  it.each([
    [
      'result CAVEATS holding ---VERDICT---',
      () => renderResultBlock({ ...resultBase(), CAVEATS: 'a\n---VERDICT---' }),
    ],
    [
      'result SUMMARY holding ---END---',
      () => renderResultBlock({ ...resultBase(), SUMMARY: 'a\n---END---' }),
    ],
    [
      'verdict REASON holding ---RESULT---',
      () => renderVerdictBlock({ ...verdictBase(), REASON: 'a\n---RESULT---' }),
    ],
  ] as const)('is refused by the renderer: %s', (_label, render) => {
    expect(render).toThrow(ConfigError);
  });
});

function resultBase() {
  return {
    fallback: false as const,
    STATUS: 'DONE' as const,
    SUMMARY: 'Done',
    ARTIFACTS: [],
    EVIDENCE: null,
    DECISIONS: [],
    CAVEATS: null,
    DEFERRED: [],
    SIGNALS: {},
  };
}

function verdictBase() {
  return {
    fallback: false as const,
    STATUS: 'PASS' as const,
    REASON: 'ok',
    GAP_SUMMARY: null,
    CONFIDENCE: 'high' as const,
    CONFIDENCE_SCORE: 90,
    WEAKEST_DIMENSION: null,
  };
}
