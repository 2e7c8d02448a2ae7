// Issue #42: `keepTools` bounds what `run.tools` lists (100 by default), never what a contract's tool-call
// channel reads: `extractContract` gives every bound the answer of a run that kept every call, with the same
// inputs (a value JSON would change kept as it is), statuses and subagent / earlier-prompt marks, in the order
// the calls began; on every runtime's sessions of more than 200 calls, so do the Stop hooks that read a
// transcript with the reader and core's `readLastSubmission` (a tool contract's `readToolCalls`) over the calls
// a contract is given.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ContractResult, defineContract, ok } from '@skillpack/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractContract } from '../../src/extract-contract.js';
import type { TranscriptToolReader } from '../../src/hooks/handle-stop-hook.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { RUNTIME_IDS, type RuntimeId } from '../../src/runtime-id.js';
import { contractCallsOf, submitCallsOf } from '../../src/submit-calls.js';
import { refund } from '../_support/acme-refund.js';
import { noState } from '../_support/read-paths.js';
import { RUN_WRITERS, type RunPart, submitCallsByRuntime } from './_support/runs.js';
import { TRANSCRIPT_STOP_HOOKS } from './_support/stop-hooks.js';

/** What a contract's `readToolCalls` was given: each call's name, input and status (`ContractToolCall`). */
const everyCall = defineContract({
  id: 'test.every-call',
  version: '1.0.0',
  title: 'Every call',
  description: 'The calls a contract reads, as it reads them.',
  delivery: 'payload',
  schema: z.array(z.unknown()),
  examples: [{ name: 'none', value: [] }],
  readToolCalls: (calls) =>
    ok(
      calls.map(({ name, input, status, subagent, earlierPrompt }) => ({
        name,
        input,
        status,
        subagent: subagent === true,
        earlierPrompt: earlierPrompt === true,
      })),
    ),
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
        for (const keepTools of [undefined, 1, 7, 100, 200]) {
          const run = await read(keepTools);
          expect(run.tools.length).toBe(Math.min(all.tools.length, keepTools ?? 100));
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

// Sessions of more than 200 calls on every runtime: submit calls of `refund` that are accepted, refused or
// failed, a subagent's (where the runtime marks one) and an earlier prompt's (where a person's prompt shows in
// the output), among shell calls.
const KEY = 'acme-refund';
const TOOL = refund.toolName!;
const SUBMIT = submitCallsByRuntime(KEY, TOOL);
/** Runtimes whose output marks a subagent's call, and shows a person's prompt within one run. */
const SUBAGENT_CALLS: readonly RuntimeId[] = ['claude-code', 'copilot-cli', 'qwen-code'];
const PERSON_PROMPTS: readonly RuntimeId[] = ['claude-code', 'copilot-cli'];

type Step =
  | { kind: 'submit'; valid: boolean; failed: boolean; subagent: boolean }
  | { kind: 'shell'; count: number }
  | { kind: 'prompt' };
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      valid: fc.constantFrom(true, true, false),
      failed: fc.constantFrom(false, false, true),
      subagent: fc.constantFrom(false, false, true),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('shell' as const), count: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'prompt' as const }) },
);
/** Steps, and where 201 shell calls go among them: every session holds more calls than the default lists. */
const sessionArbitrary = fc.tuple(fc.array(stepArbitrary, { maxLength: 10 }), fc.nat({ max: 10 }));

function partsOf(runtime: RuntimeId, [steps, at]: [Step[], number]): RunPart[] {
  const all: Step[] = [...steps.slice(0, at), { kind: 'shell', count: 201 }, ...steps.slice(at)];
  const parts: RunPart[] = [];
  let amount = 0;
  for (const step of all) {
    if (step.kind === 'shell')
      for (let i = 0; i < step.count; i++) parts.push({ kind: 'tool', command: 'ls', output: 'a.txt' });
    else if (step.kind === 'prompt') {
      if (PERSON_PROMPTS.includes(runtime)) parts.push({ kind: 'user', text: 'Refund order 7?' });
    } else
      parts.push({
        kind: 'tool',
        command: '',
        output: step.failed ? 'Wrong value.' : 'Accepted.',
        failed: step.failed,
        subagent: step.subagent && SUBAGENT_CALLS.includes(runtime),
        call: SUBMIT[runtime]({ answer: { refund: true, amount: step.valid ? ++amount : -1 } }),
      });
  }
  return [...parts, { kind: 'text', text: 'Done.' }];
}

/** A result as compared: the value, or the error's code and message. */
const shown = (result: ContractResult<unknown> | undefined) =>
  result === undefined
    ? 'none'
    : result.success
      ? result.data
      : `${result.error.code}: ${result.error.message}`;

const dir = mkdtempSync(join(tmpdir(), 'skillpack-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The transcript's submit calls as a run that kept every call lists them: the hook's reference reader. */
const everyListedCall: TranscriptToolReader = async (path, runtime, toolNames) => {
  const { createReadStream } = await import('node:fs');
  const run = await readAgentRun(createReadStream(path), { runtime, keepTools: true });
  return ok(submitCallsOf(run.runtime, toolNames, run.tools));
};

const HOOK_CONTRACTS = { contracts: [refund], blockCounter: noState };

describe.each(RUNTIME_IDS)('%s: sessions of more than 200 calls read by every path', (runtime) => {
  it('extractContract, readLastSubmission over the calls a contract is given and the Stop hook: the default read answers as keepTools: true', async () => {
    const seen = new Set<string>();
    const decisions = new Set<string>();
    await fc.assert(
      fc.asyncProperty(sessionArbitrary, async (session) => {
        const raw = RUN_WRITERS[runtime](partsOf(runtime, session));
        const [bounded, all] = await Promise.all([
          readAgentRun(raw, { runtime }),
          readAgentRun(raw, { runtime, keepTools: true }),
        ]);
        expect(all.finish).toBe('complete');
        expect(bounded.tools.length).toBe(100);
        expect(all.tools.length).toBeGreaterThan(200);
        const extracted = shown(extractContract(all, refund));
        seen.add(typeof extracted === 'string' ? extracted.split(':')[0]! : 'answer');
        expect(shown(extractContract(bounded, refund))).toEqual(extracted);
        expect(extractContract(bounded, everyCall)).toStrictEqual(extractContract(all, everyCall));
        const submitted = (run: typeof all) => shown(refund.readToolCalls!(contractCallsOf(run, [TOOL])));
        expect(submitted(bounded)).toEqual(submitted(all));
        const hook = TRANSCRIPT_STOP_HOOKS[runtime];
        if (hook) {
          const path = join(dir, `${files++}.jsonl`);
          const decision = await hook(path, raw, 'Done.', HOOK_CONTRACTS);
          const reference = { ...HOOK_CONTRACTS, readTranscriptTools: everyListedCall };
          expect(decision).toEqual(await hook(path, raw, 'Done.', reference));
          decisions.add(`${decision.kind} ${'because' in decision ? decision.because : ''}`.trim());
        }
      }),
      { numRuns: 25 },
    );
    // Both kinds of answer were read, and decided by the hook: an accepted submit, and none or a refused one.
    expect(seen.has('answer') && seen.size > 1, [...seen].join(', ')).toBe(true);
    if (TRANSCRIPT_STOP_HOOKS[runtime]) expect([...decisions].sort()).toEqual(['allow satisfied', 'block']);
  }, 60_000);
});
