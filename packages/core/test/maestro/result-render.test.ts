import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/index.js';
import {
  maestroResultContract,
  parseResultBlock,
  type ResultFields,
  renderResultBlock,
} from '../../src/maestro/index.js';
import { RESULT_STATUSES } from '../../src/maestro/result-schema.js';

const BASE: ResultFields = {
  STATUS: 'DONE',
  SUMMARY: 'Did it',
  ARTIFACTS: [],
  EVIDENCE: null,
  DECISIONS: [],
  CAVEATS: null,
  DEFERRED: [],
  SIGNALS: {},
};

/** Words that never hold a separator, a line break or surrounding whitespace. */
const word = fc.stringMatching(/^[a-zA-Z0-9._/\-\u4e00-\u4e20]{1,12}$/);
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
/** Text lines; continuation lines start lower case so they never read as `KEY:` lines. */
const text = fc
  .tuple(
    phrase,
    fc.array(
      phrase.map((line) => `and ${line}`),
      { maxLength: 2 },
    ),
  )
  .map(([first, rest]) => [first, ...rest].join('\n'));
const resultFields: fc.Arbitrary<ResultFields> = fc.record({
  STATUS: fc.constantFrom(...RESULT_STATUSES),
  SUMMARY: fc.option(text, { nil: null }),
  ARTIFACTS: fc.array(word, { maxLength: 4 }),
  EVIDENCE: fc.option(fc.array(word, { maxLength: 3 }), { nil: null }),
  DECISIONS: fc.array(phrase, { maxLength: 3 }),
  CAVEATS: fc.option(text, { nil: null }),
  DEFERRED: fc.array(phrase, { maxLength: 3 }),
  SIGNALS: fc
    .dictionary(
      word,
      fc.oneof(
        word,
        fc.constant(''),
        word.map((value) => `${value}=x`),
      ),
      { maxKeys: 4 },
    )
    .filter((signals) => !Object.hasOwn(signals, '__proto__')),
});

describe('renderResultBlock', () => {
  it.each(maestroResultContract.examples.map((example) => [example.name, example.value] as const))(
    'round-trips the named example %s',
    (_name, value) => {
      expect(parseResultBlock(maestroResultContract.render(value))).toEqual(value);
    },
  );

  it('writes the upstream layout: one KEY: value line per field, empty fields as "KEY:"', () => {
    expect(
      renderResultBlock({ ...BASE, ARTIFACTS: ['a', 'b'], EVIDENCE: [], SIGNALS: { k: 'v', e: '' } }),
    ).toBe(
      [
        '---RESULT---',
        'STATUS: DONE',
        'SUMMARY: Did it',
        'ARTIFACTS: a,b',
        'EVIDENCE:',
        'DECISIONS:',
        'CAVEATS:',
        'DEFERRED:',
        'SIGNALS: k=v;e=',
        '---END---',
      ].join('\n'),
    );
  });

  it('round-trips any representable value (property)', () => {
    fc.assert(
      fc.property(resultFields, (value) => {
        expect(parseResultBlock(renderResultBlock(value))).toEqual({ fallback: false, ...value });
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['a list item holding its separator', { ARTIFACTS: ['a,b'] }, 'ARTIFACTS[0]'],
    ['a full-width separator', { DECISIONS: ['a；b'] }, 'DECISIONS[0]'],
    ['an untrimmed item', { DEFERRED: [' x'] }, 'DEFERRED[0]'],
    ['an empty item', { EVIDENCE: [''] }, 'EVIDENCE[0]'],
    ['an empty summary', { SUMMARY: '' }, 'SUMMARY'],
    ['a continuation line that reads as a key', { CAVEATS: 'first\nNOTE: second' }, 'CAVEATS'],
    ['a continuation line that is a marker', { SUMMARY: 'first\n---END---' }, 'SUMMARY'],
    ['an empty line inside text', { SUMMARY: 'first\n\nsecond' }, 'SUMMARY'],
    ['a signal key with "="', { SIGNALS: { 'a=b': 'c' } }, 'SIGNALS.a=b'],
    ['a signal value with ";"', { SIGNALS: { a: 'b;c' } }, 'SIGNALS.a[0]'],
    ['an unknown status', { STATUS: 'NEEDS_CONTEXT' }, 'STATUS'],
  ] as const)('refuses %s with a ConfigError naming the field', (_name, patch, fieldPath) => {
    const render = () => renderResultBlock({ ...BASE, ...patch } as ResultFields);
    expect(render).toThrow(ConfigError);
    try {
      render();
    } catch (error) {
      expect((error as ConfigError).details.fieldPath).toBe(fieldPath);
    }
  });
});
