// Issue #42: `keepTools` bounds what `run.tools` lists (200 by default), never what a contract's tool-call
// channel reads: `extractContract` gives every bound the answer of a run that kept every call, with the same
// inputs (a value JSON would change kept as it is), in the order the calls began.
import { defineContract, ok } from '@skillpack/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';

/** What a contract's `readToolCalls` was given: each call's name, input and status (`ContractToolCall`). */
const everyCall = defineContract({
  id: 'test.every-call',
  version: '1.0.0',
  title: 'Every call',
  description: 'The calls a contract reads, as it reads them.',
  delivery: 'payload',
  schema: z.array(z.unknown()),
  examples: [{ name: 'none', value: [] }],
  readToolCalls: (calls) => ok(calls.map(({ name, input, status }) => ({ name, input, status }))),
});

const deep = (levels: number): unknown => (levels === 0 ? 'bottom' : { next: deep(levels - 1) });

/** Inputs JSON gives back unchanged, and values it would not (an SDK's event objects are not serialised). */
const input = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom<unknown>(
    undefined,
    { n: -0 },
    [-0],
    { missing: undefined, kept: 1 },
    // biome-ignore lint/suspicious/noSparseArray: a hole is a value JSON would turn into null.
    [1, , 3],
    Number.NaN,
    new Date(0),
    new Map([['a', 1]]),
    Object.assign(Object.create(null), { bare: true }),
    { lone: '\ud800 and \udfff', text: 'naïve 検証 ✅' },
    JSON.parse('{"__proto__":{"polluted":true},"b":[1,{"c":null}]}'),
    { big: 'x'.repeat(70_000) },
    deep(80),
  ),
);

const call = fc.record({
  name: fc.constantFrom('record', 'Bash', 'Read'),
  input,
  outcome: fc.constantFrom('completed', 'completed', 'completed', 'error', 'never'),
});

/** Claude stream-json events of turns of parallel calls, whose results come back in either order. */
type Call = typeof call extends fc.Arbitrary<infer T> ? T : never;

function claudeEvents(turns: readonly { calls: Call[]; reversed: boolean }[]) {
  const events: { type: string; [key: string]: unknown }[] = [
    { type: 'system', subtype: 'init', session_id: 's' },
  ];
  let next = 0;
  for (const [index, turn] of turns.entries()) {
    const ids = turn.calls.map(() => `toolu_${next++}`);
    events.push({
      type: 'assistant',
      session_id: 's',
      message: {
        id: `msg_${index}`,
        content: turn.calls.map((c, i) => ({ type: 'tool_use', id: ids[i], name: c.name, input: c.input })),
      },
    });
    const results = turn.calls
      .map((c, i) => ({ c, id: ids[i] }))
      .filter(({ c }) => c.outcome !== 'never')
      .map(({ c, id }) => ({
        type: 'tool_result',
        tool_use_id: id,
        content: 'done',
        is_error: c.outcome === 'error',
      }));
    if (turn.reversed) results.reverse();
    if (results.length > 0) events.push({ type: 'user', session_id: 's', message: { content: results } });
  }
  events.push({ type: 'result', subtype: 'success', is_error: false, session_id: 's', result: 'Done.' });
  return events;
}

describe('keepTools bounds run.tools, not the calls a contract reads', () => {
  it('every bound, the default included, gives the answer of a run that kept every call', async () => {
    const turns = fc.array(
      fc.record({ calls: fc.array(call, { minLength: 1, maxLength: 4 }), reversed: fc.boolean() }),
      {
        minLength: 1,
        maxLength: 120,
      },
    );
    await fc.assert(
      fc.asyncProperty(turns, async (generated) => {
        const events = claudeEvents(generated);
        const read = (keepTools?: boolean | number) =>
          readAgentRun(events, { runtime: 'claude-code', ...(keepTools === undefined ? {} : { keepTools }) });
        const all = await read(true);
        const expected = extractContract(all, everyCall, { acceptIncomplete: true });
        const completed = generated.flatMap((turn) => turn.calls).filter((c) => c.outcome === 'completed');
        expect(expected.success && expected.data.length).toBe(completed.length);
        for (const keepTools of [undefined, 1, 7, 200]) {
          const run = await read(keepTools);
          expect(run.tools.length).toBe(Math.min(all.tools.length, keepTools ?? 200));
          expect(extractContract(run, everyCall, { acceptIncomplete: true })).toStrictEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a run read with keepTools: false keeps no call for a contract either', async () => {
    const events = claudeEvents([
      { calls: [{ name: 'record', input: { a: 1 }, outcome: 'completed' }], reversed: false },
    ]);
    const run = await readAgentRun(events, { runtime: 'claude-code', keepTools: false });
    expect(extractContract(run, everyCall)).toEqual(ok([]));
  });
});
