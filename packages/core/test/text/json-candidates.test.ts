import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../../src/define-contract.js';
import { findJsonCandidates } from '../../src/text/json-candidates.js';

const all = (text: string) => findJsonCandidates(text, { shapes: 'all' });
const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Review',
  description: 'A review verdict.',
  delivery: 'text',
  schema: z.object({ verdict: z.enum(['approve', 'reject']) }),
  examples: [{ name: 'approve', value: { verdict: 'approve' } }],
});

describe('findJsonCandidates', () => {
  it.each([
    ['alone on a line', 'Done.\n{"verdict":"approve"}', 'line'],
    [
      'pretty-printed outside a fence',
      'Done.\n{\n  "verdict": "approve",\n  "note": "a } in a string"\n}',
      'block',
    ],
    ['fenced', 'Done.\n```json\n{\n  "verdict": "approve"\n}\n```', 'fence'],
    ['after prose on one line', 'Result: {"verdict":"approve"}', 'inline'],
    ['in inline code', 'I answer `{"verdict":"approve"}` as asked.', 'inline'],
  ] as const)('finds an object %s', (_, text, origin) => {
    expect(all(text)).toEqual([{ value: expect.objectContaining({ verdict: 'approve' }), origin }]);
  });

  it('standalone shapes only by default (line and fence), as before', () => {
    expect(findJsonCandidates('Result: {"a":1}\n{\n "b": 2\n}\n{"c":3}')).toEqual([
      { value: { c: 3 }, origin: 'line' },
    ]);
  });

  it('never reads inside a fence of another language', () => {
    expect(all('```ts\nconst x = {"verdict":"approve"};\n```')).toEqual([]);
  });

  it('a block broken by a blank line is abandoned, and the lines after it still count', () => {
    expect(all('{\n  "verdict": "approve",\n\n{"verdict":"reject"}')).toEqual([
      { value: { verdict: 'reject' }, origin: 'line' },
    ]);
  });

  it('objects after unbalanced braces on the same line still count', () => {
    expect(all('set {x, then {"a":1}')).toEqual([{ value: { a: 1 }, origin: 'inline' }]);
  });

  it.each([undefined, '', '{', '}'.repeat(10_000), '{'.repeat(100_000), '{\n'.repeat(50_000), '\uD800{}'])(
    'junk %#: no throw',
    (junk) => {
      expect(() => all(junk as string)).not.toThrow();
    },
  );
});

describe('the default extractor', () => {
  it.each([
    ['pretty-printed', 'All good.\n{\n  "verdict": "approve"\n}'],
    ['after prose', 'Verdict: {"verdict":"approve"}'],
    ['fenced', '```json\n{"verdict":"approve"}\n```'],
    ['inline code', 'My verdict is `{"verdict":"approve"}`.'],
  ])('reads a contract written %s', (_, text) => {
    const result = review.extract(text);
    expect(result.success && result.data).toEqual({ verdict: 'approve' });
    expect(result.success && result.warnings).toBeUndefined();
  });

  it('an object written on its own wins over one inside prose, and several valid ones warn', () => {
    const result = review.extract('{"verdict":"reject"}\nEarlier I wrote `{"verdict":"approve"}`.');
    expect(result.success && result.data).toEqual({ verdict: 'reject' });
    expect(result.success && result.warnings?.map((warning) => [warning.code, warning.details])).toEqual([
      ['several_candidates', { contract: 'acme.review', count: 2, origin: 'line' }],
    ]);
  });

  it('the last valid standalone object wins; repeating the same one does not warn', () => {
    const result = review.extract('{"verdict":"approve"}\n```json\n{"verdict":"approve"}\n```');
    expect(result.success && result.data).toEqual({ verdict: 'approve' });
    expect(result.success && result.warnings).toBeUndefined();
  });

  it('missing_payload names the shapes it expects', () => {
    const result = review.extract('No JSON here.');
    expect(!result.success && result.error.code).toBe('missing_payload');
    expect(!result.success && result.error.message).toMatch(/alone on a line/);
  });
});
