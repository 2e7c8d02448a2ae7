// The SDK hosts on objects their SDKs handed a host (fixtures/sdk/SOURCES.md): no SDK is installed here.
import { readFileSync } from 'node:fs';
import { defineContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type ClaudeHookCallback,
  type ClaudeHookMatcher,
  readClaudeMessages,
  withContract,
} from '../src/claude-agent-sdk.js';
import { type CodexThreadLike, runCodexThread } from '../src/codex-sdk.js';
import { copilotContract } from '../src/copilot-sdk.js';
import { CLAUDE_STOP_BLOCK_CAP } from '../src/runtimes/claude-code/agent-sdk.js';
import { codexOutputSchema } from '../src/runtimes/codex/sdk.js';

const approval = defineContract({
  id: 'test.approval',
  version: '1.0.0',
  title: 'Approval',
  description: 'Whether the change is approved, and why.',
  delivery: 'text',
  jsonFinalMessage: true,
  schema: z.object({ approve: z.boolean(), reasons: z.array(z.string()) }).strict(),
  examples: [{ name: 'approved', value: { approve: true, reasons: ['tests pass'] } }],
});
const RIGHT = { approve: true, reasons: ['tests pass'] };
const WRONG = JSON.stringify({ approve: 'yes' });

type Message = { readonly type: string; readonly [key: string]: unknown };

function fixture(name: string): Message[] {
  return readFileSync(new URL(`./fixtures/sdk/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Message);
}

/** The messages as the SDK's iterator gives them, throwing `error` after the last one when given. */
async function* stream(messages: readonly Message[], error?: Error): AsyncIterable<Message> {
  for (const message of messages) yield message;
  if (error) throw error;
}

const signal = new AbortController().signal;
type Hooks = Record<string, ClaudeHookMatcher[]>;
const hooksOf = (options: object) => (options as { hooks: Hooks }).hooks;
const call = (callback: ClaudeHookCallback | undefined, input: object) =>
  (callback as ClaudeHookCallback)(input, undefined, { signal });

describe('withContract', () => {
  const stop = (options: object) => hooksOf(options).Stop?.at(-1)?.hooks[0];
  const stopInput = (message: string, session = 's-1') => ({
    session_id: session,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  });

  it('adds a Stop hook that blocks a wrong answer with the correction and lets a right one go', async () => {
    const options = withContract({ cwd: '/project' }, approval);
    expect(options).toMatchObject({ cwd: '/project' });
    const blocked = await call(stop(options), stopInput(WRONG));
    expect(blocked).toEqual({ decision: 'block', reason: expect.stringContaining('Approval') });
    expect(await call(stop(options), stopInput(JSON.stringify(RIGHT)))).toEqual({});
    expect('outputFormat' in options).toBe(false);
  });

  it("keeps the user's own hooks, before the contract's", () => {
    const own: ClaudeHookCallback = async () => ({});
    const options = withContract(
      { hooks: { Stop: [{ hooks: [own] }], PreToolUse: [{ hooks: [own] }] } },
      approval,
    );
    expect(hooksOf(options).Stop?.map((matcher) => matcher.hooks[0] === own)).toEqual([true, false]);
    expect(hooksOf(options).PreToolUse?.[0]?.hooks[0]).toBe(own);
  });

  it('blocks at most maxBlocks times in a row per session, then lets the answer go', async () => {
    const options = withContract({}, approval, { maxBlocks: 2 });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await call(stop(options), stopInput(WRONG)));
    expect(decisions.map((decision) => 'decision' in decision)).toEqual([true, true, false, false]);
    // Another session has its own budget; a right answer gives the session its budget back.
    expect(await call(stop(options), stopInput(WRONG, 's-2'))).toHaveProperty('decision', 'block');
    await call(stop(options), stopInput(JSON.stringify(RIGHT)));
    expect(await call(stop(options), stopInput(WRONG))).toHaveProperty('decision', 'block');
  });

  it.each([[-1], [1.5], [CLAUDE_STOP_BLOCK_CAP + 1], ['2']])('refuses maxBlocks %j', (maxBlocks) => {
    expect(() => withContract({}, approval, { maxBlocks: maxBlocks as number })).toThrow(/maxBlocks/);
  });

  it('structured needs a contract whose answer is one JSON value', () => {
    const text = defineContract({
      id: 'test.text',
      version: '1.0.0',
      title: 'Text',
      description: 'A verdict line.',
      delivery: 'text',
      jsonFinalMessage: false,
      schema: z.object({ verdict: z.string() }),
      examples: [{ name: 'one', value: { verdict: 'ok' } }],
    });
    expect(() => withContract({}, text, { structured: true })).toThrow(/jsonFinalMessage/);
  });

  it('never throws from a callback: junk input lets the stop through', async () => {
    const options = withContract({}, approval, { maxBlocks: 0 });
    for (const input of [{}, { last_assistant_message: 42 }, { session_id: null }])
      expect(await call(stop(options), input)).toEqual({});
  });

  it('structured: outputFormat without $schema, a PreToolUse gate on StructuredOutput, the retries held to the budget', async () => {
    const options = withContract({ env: { PATH: '/bin' } }, approval, { structured: true });
    const { outputFormat, env } = options as { outputFormat: { type: string; schema: object }; env: object };
    expect(outputFormat.type).toBe('json_schema');
    expect(outputFormat.schema).not.toHaveProperty('$schema');
    expect(outputFormat.schema).toMatchObject({ type: 'object', required: ['approve', 'reasons'] });
    expect(env).toEqual({ PATH: '/bin', MAX_STRUCTURED_OUTPUT_RETRIES: '3' });
    const [gate] = hooksOf(options).PreToolUse ?? [];
    expect(gate?.matcher).toBe('StructuredOutput');
    expect(hooksOf(options).Stop).toBeUndefined();
    const denied = await call(gate?.hooks[0], { session_id: 's', tool_input: { approve: 'yes' } });
    expect(denied).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringContaining('Approval'),
      },
    });
    expect(await call(gate?.hooks[0], { session_id: 's', tool_input: RIGHT })).toEqual({});
  });
});

describe('readClaudeMessages', () => {
  it('a run corrected once by the Stop hook: the value, two attempts, usage and the run', async () => {
    const result = await readClaudeMessages(stream(fixture('claude-plain-corrected')), approval, {
      prompt: 'Approve the change?',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual(RIGHT);
    expect(result.attempts.map((attempt) => [attempt.outcome, attempt.contractError?.code])).toEqual([
      ['unsatisfied', 'invalid_payload'],
      ['satisfied', undefined],
    ]);
    const [first, last] = result.attempts;
    expect(first?.input).toBe('Approve the change?');
    expect(last?.input).toBe(last?.correction);
    expect(last?.correction).toMatch(/Approval/);
    expect(last?.usage?.outputTokens).toBeGreaterThan(0);
    expect(last?.run).toMatchObject({ runtime: 'claude-code', finish: 'complete' });
    expect(result.sessionId).toBe(last?.run.sessionId);
  });

  it('reads the same from an array (any iterable) as from the stream', async () => {
    const fromArray = await readClaudeMessages(fixture('claude-plain-corrected'), approval);
    expect(fromArray.ok && fromArray.value).toEqual(RIGHT);
  });

  it('structured: reads structured_output; the denied value is an attempt', async () => {
    const result = await readClaudeMessages(stream(fixture('claude-structured-corrected')), approval);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual(RIGHT);
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['unsatisfied', 'satisfied']);
    expect(result.attempts.every((attempt) => attempt.nativeSchema)).toBe(true);
    expect(result.attempts[1]?.run.structuredOutput).toEqual(RIGHT);
  });

  it('survives the throw after error_max_structured_output_retries: attempts_exhausted, one attempt per answer', async () => {
    const thrown = new Error(
      'Claude Code returned an error result: Failed to provide valid structured output',
    );
    const result = await readClaudeMessages(
      stream(fixture('claude-structured-retries-exhausted'), thrown),
      approval,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('attempts_exhausted');
    expect(result.error.cause).toBe(thrown);
    expect(result.error.candidate?.error.code).toBe('invalid_payload');
    expect(result.attempts).toHaveLength(3);
    expect(result.attempts.at(-1)?.run.error?.code).toBe('error_max_structured_output_retries');
  });

  it('a run the CLI capped (no answer in its result) is attempts_exhausted, never a value', async () => {
    const messages = fixture('claude-plain-corrected');
    // The capped run ends on the last block's feedback and a result with no text (Claude Code 2.1.328).
    const capped = [...messages.slice(0, 4), { ...messages[5], result: '' } as Message];
    const result = await readClaudeMessages(capped, approval);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('attempts_exhausted');
  });

  it('an API error then the throw: api_error with the run so far', async () => {
    const result = await readClaudeMessages(
      stream(fixture('claude-http-500'), new Error('Claude Code returned an error result: API Error: 500')),
      approval,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('api_error');
    expect(result.attempts.at(-1)?.run.finish).toBe('error');
  });

  it.each([
    [
      'an abort',
      Object.assign(new Error('Claude Code process aborted by user'), { name: 'AbortError' }),
      'aborted',
    ],
    ['a crash before any result', new Error('Claude Code process exited with code 1'), 'exit_nonzero'],
  ] as const)('%s mid-run: %s, never a value', async (_name, error, code) => {
    const messages = fixture('claude-plain-corrected').slice(0, 2);
    const result = await readClaudeMessages(stream(messages, error), approval);
    expect(result.ok ? undefined : result.error.code).toBe(code);
  });

  it('a cut stream (no result) is truncated', async () => {
    const result = await readClaudeMessages(fixture('claude-plain-corrected').slice(0, 5), approval);
    expect(result.ok ? undefined : result.error.code).toBe('truncated');
  });
});

/** A Codex SDK thread whose turns are the captured events; `throws` after the events of a turn. */
function fakeThread(turns: readonly { events: Message[]; throws?: Error }[]) {
  const inputs: { input: string; outputSchema: unknown }[] = [];
  const thread: CodexThreadLike = {
    id: null,
    async runStreamed(input, options) {
      const turn = turns[inputs.length];
      inputs.push({ input, outputSchema: options?.outputSchema });
      if (!turn) throw new Error('no more turns');
      return { events: stream(turn.events, turn.throws) };
    },
  };
  return { thread, inputs };
}

describe('runCodexThread', () => {
  it('corrects a wrong answer on the same thread and returns the value, each turn an attempt', async () => {
    const { thread, inputs } = fakeThread([
      { events: fixture('codex-turn-1') },
      { events: fixture('codex-turn-2') },
    ]);
    const events: number[] = [];
    const result = await runCodexThread(thread, {
      contract: approval,
      prompt: 'Approve the change?',
      onEvent: (_event, attempt) => events.push(attempt),
    });
    expect(result.ok && result.value).toEqual(RIGHT);
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['unsatisfied', 'satisfied']);
    expect(inputs[0]?.input).toMatch(/^Approve the change\?/);
    expect(inputs[1]?.input).toBe(result.attempts[1]?.correction);
    expect(inputs[0]?.outputSchema).toEqual(codexOutputSchema(approval));
    expect(new Set(result.attempts.map((attempt) => attempt.sessionId)).size).toBe(1);
    expect(events).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('the outputSchema is the OpenAI-strict object without $schema; nativeSchema: false sends none', async () => {
    const schema = codexOutputSchema(approval);
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema).not.toHaveProperty('$schema');
    const { thread, inputs } = fakeThread([{ events: fixture('codex-turn-2') }]);
    await runCodexThread(thread, { contract: approval, prompt: 'p', nativeSchema: false });
    expect(inputs[0]?.outputSchema).toBeUndefined();
  });

  it('keeps the events across the throw after turn.failed: api_error, the run read', async () => {
    const { thread } = fakeThread([
      { events: fixture('codex-http-500'), throws: new Error('Codex Exec exited with code 1') },
    ]);
    const result = await runCodexThread(thread, { contract: approval, prompt: 'p' });
    expect(result.ok ? undefined : result.error.code).toBe('api_error');
    expect(result.attempts[0]?.run.error?.code).toBe('turn.failed');
  });

  it('attempts exhausted: a typed failure with the last candidate', async () => {
    const turn = { events: fixture('codex-turn-1') };
    const { thread, inputs } = fakeThread([turn, turn]);
    const result = await runCodexThread(thread, { contract: approval, prompt: 'p', attempts: 2 });
    expect(result.ok ? undefined : result.error.code).toBe('attempts_exhausted');
    expect(inputs).toHaveLength(2);
  });

  it('a correction answered in another thread is session_mismatch', async () => {
    const other = fixture('codex-turn-2').map((event) =>
      event.type === 'thread.started' ? { ...event, thread_id: 'another-thread' } : event,
    );
    const { thread } = fakeThread([{ events: fixture('codex-turn-1') }, { events: other }]);
    const result = await runCodexThread(thread, { contract: approval, prompt: 'p' });
    expect(result.ok ? undefined : result.error.code).toBe('session_mismatch');
  });

  it('an abort: aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    const { thread } = fakeThread([{ events: [], throws: abort }]);
    const result = await runCodexThread(thread, {
      contract: approval,
      prompt: 'p',
      signal: controller.signal,
    });
    expect(result.ok ? undefined : result.error.code).toBe('aborted');
  });

  it('refuses attempts below 1', async () => {
    const { thread } = fakeThread([]);
    await expect(runCodexThread(thread, { contract: approval, prompt: 'p', attempts: 0 })).rejects.toThrow(
      /attempts/,
    );
  });
});

describe('copilotContract', () => {
  /** Replay a captured session: every event to onEvent, and onAgentStop where the runtime ran its hook. */
  async function replay(events: readonly Message[], contract = copilotContract(approval, { prompt: 'p' })) {
    const decisions: unknown[] = [];
    for (const event of events) {
      const data = event.data as { hookType?: string } | undefined;
      if (event.type === 'hook.start' && data?.hookType === 'agentStop') {
        decisions.push(await contract.hooks.onAgentStop({ stopReason: 'end_turn' }, { sessionId: 's' }));
      }
      contract.onEvent(event);
    }
    return { contract, decisions };
  }

  it('blocks the wrong answer with the correction, lets the right one go, and reads the value', async () => {
    const { contract, decisions } = await replay(fixture('copilot-corrected'));
    expect(decisions).toEqual([
      { decision: 'block', reason: expect.stringContaining('Approval') },
      undefined,
    ]);
    const result = await contract.result();
    expect(result.ok && result.value).toEqual(RIGHT);
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['unsatisfied', 'satisfied']);
    expect(result.attempts[1]?.run).toMatchObject({
      runtime: 'copilot-cli',
      format: 'sdk-events',
      finish: 'complete',
    });
  });

  it('a session that never went idle is not read', async () => {
    const events = fixture('copilot-corrected');
    const cut = events.slice(
      0,
      events.findIndex((event) => event.type === 'session.idle'),
    );
    const { contract } = await replay(cut);
    const result = await contract.result();
    expect(result.ok ? undefined : result.error.code).toBe('truncated');
  });

  it('holds to maxBlocks per session and never throws', async () => {
    const contract = copilotContract(approval, { maxBlocks: 1 });
    contract.onEvent({
      type: 'assistant.message',
      data: { messageId: 'm', content: WRONG, toolRequests: [] },
    });
    expect(await contract.hooks.onAgentStop({}, { sessionId: 's' })).toHaveProperty('decision', 'block');
    expect(await contract.hooks.onAgentStop({}, { sessionId: 's' })).toBeUndefined();
    const none = copilotContract(approval, { maxBlocks: 0 });
    expect(await none.hooks.onAgentStop(null, undefined as never)).toBeUndefined();
    expect(() => copilotContract(approval, { maxBlocks: 9 })).toThrow(/maxBlocks/);
  });
});
