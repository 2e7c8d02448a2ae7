import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { readClaudeCodeRun } from '../../src/claude-code/index.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { createEventLineUnwrapper } from '../../src/unwrap-event-line.js';
import { fixtureText, SUBAGENT_FINAL_TEXT, SUCCESS_FINAL_TEXT } from '../_support/fixtures.js';

const read = (file: string) => readAgentRun(fixtureText('claude-code', file));
const jsonl = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n');

describe('Claude Code stream-json', () => {
  it('reads the 2.1.276 capture: its lines come from two sessions, so it is not one complete run', async () => {
    const run = await read('stream-json-observed-2.1.276.jsonl');
    expect(run.error?.code).toBe('session_changed');
    expect(run).toMatchObject({
      runtime: 'claude-code',
      format: 'stream-json',
      sessionId: '8d45afe0-771b-4803-8379-491dd9455365',
      runtimeVersion: '2.1.276',
      model: 'claude-fable-5-1',
      finalText: 'pong',
      finish: 'error',
      costUsd: 0.3996375,
      usage: { inputTokens: 2, outputTokens: 4, cacheReadTokens: 11590, cacheWriteTokens: 19826 },
      lineCount: 6,
    });
    expect(run.messages).toEqual([
      { id: 'msg_011CfB7Zk85MsAaxKHE18LSk', text: 'pong', subagent: false, partial: false, line: 3 },
    ]);
    expect(run.tools).toEqual([
      expect.objectContaining({
        id: 'toolu_01JGXzWaNtEkrsHrMVyuvqdP',
        name: 'Read',
        input: { file_path: '/home/thim/styr-fixture-ws/note.txt' },
        output: '1\thello\n2\t',
        status: 'completed',
        line: 4,
      }),
    ]);
    // The capture joins two sessions; the reader says so instead of guessing which one is "the" run.
    expect(run.warnings.map((warning) => warning.code)).toEqual(['session_changed']);
  });

  it('merges blocks of one message id and keeps messages in order', async () => {
    // 2.1.328 (captured): the text and the tool_use of one message are two `assistant` lines of one message.id.
    const run = await read('captured/stream-json-success-verdict.jsonl');
    expect(run).toMatchObject({ finish: 'complete', runtimeVersion: '2.1.328', lineCount: 8 });
    expect(run.messages.map((message) => [message.id, message.text, message.line])).toEqual([
      ['msg_scripted_0', "I'll look at the folder first.", 2],
      ['msg_scripted_2', SUCCESS_FINAL_TEXT, 7],
    ]);
    expect(run.tools.map((tool) => [tool.id, tool.name, tool.status, tool.line])).toEqual([
      ['toolu_scripted_0_1', 'Bash', 'completed', 3],
      ['toolu_scripted_1_0', 'Bash', 'completed', 5],
    ]);
    expect(run.tools[1]?.input).toEqual({
      command: 'cat CHANGELOG.md',
      description: 'Run a scripted command',
    });
    expect(run.tools[1]?.output).toBe('# Changelog\n\n- Test Files: 3 passed');
  });

  it('a background Task subagent: its message is flagged, the main answer after it is final', async () => {
    // 2.1.328 (captured): the main agent answers while the subagent runs, the subagent's FAIL line follows
    // (`parent_tool_use_id` set), then the task notification wakes the main agent, which answers again; each
    // main turn ends in its own `result`.
    const run = await read('captured/stream-json-subagent-task.jsonl');
    expect(run).toMatchObject({ finish: 'complete', finalText: SUBAGENT_FINAL_TEXT, problems: [] });
    expect(run.messages.map((message) => [message.line, message.subagent])).toEqual([
      [6, false],
      [7, true],
      [12, false],
    ]);
    expect(run.messages[1]?.text).toContain('"acceptance":"fail"');
    expect(run.tools.map((tool) => [tool.name, tool.status, tool.subagent])).toEqual([
      ['Agent', 'completed', false],
    ]);
    expect(run.tools[0]?.output).toMatch(/^Async agent launched successfully/);
    const extracted = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(extracted.success && extracted.data).toMatchObject({ acceptance: 'pass' });
  });

  it('error_max_turns: finish max_turns, errors[] as the message, the failed tool call', async () => {
    const run = await read('stream-json-error-max-turns.jsonl');
    expect(run.finish).toBe('max_turns');
    expect(run.error).toEqual({
      code: 'error_max_turns',
      message: 'Reached the maximum number of turns (2).',
    });
    expect(run.finalText).toBe('Let me look at the failing build.');
    expect(run.tools[0]).toMatchObject({
      name: 'Bash',
      status: 'error',
      error: expect.stringContaining('TS2322'),
    });
  });

  it('success with is_error: an API error, whose text is not the final answer', async () => {
    // 2.1.328 (captured): a synthetic assistant message carries the API error, then `result/success` with
    // `is_error: true` repeats it.
    const run = await read('captured/stream-json-http-529.jsonl');
    expect(run.finish).toBe('error');
    expect(run.error?.code).toBe('api_error');
    expect(run.error?.message).toMatch(/^API Error: 529 Overloaded/);
    expect(run.finalText).toMatch(/^API Error: 529 Overloaded/);
  });

  it('truncated mid-answer: the streamed fragment becomes a partial message', async () => {
    const run = await read('stream-json-truncated.jsonl');
    expect(run.finish).toBe('truncated');
    expect(run.messages.at(-1)).toMatchObject({
      id: 'msg_04C',
      text: 'The migrations are consistent; now verifying the',
      partial: true,
      subagent: false,
    });
    expect(run.finalText).toBe('The migrations are consistent; now verifying the');
  });

  it('interleaved subagents: flagged messages and tools, tool results from block arrays', async () => {
    const run = await read('stream-json-subagent-interleaved.jsonl');
    const flags = run.messages.map((message) => [message.id, message.subagent]);
    expect(flags).toEqual([
      ['msg_05A', false],
      ['msg_05S1', true],
      ['msg_05S2', true],
      ['msg_05S4', true],
      ['msg_05S3', true],
      ['msg_05B', false],
    ]);
    expect(run.tools.map((tool) => [tool.name, tool.subagent, tool.status])).toEqual([
      ['Task', false, 'completed'],
      ['Task', false, 'completed'],
      ['Grep', true, 'completed'],
      ['Grep', true, 'completed'],
    ]);
    expect(run.tools[0]?.output).toMatch(/^API review: one open TODO/);
  });

  it('only deltas, no assistant line: the fragments form a partial message', async () => {
    const run = await readAgentRun(
      jsonl(
        { type: 'system', subtype: 'init', session_id: 's', claude_code_version: '2.1.300' },
        { type: 'stream_event', session_id: 's', event: { type: 'message_start', message: { id: 'm1' } } },
        {
          type: 'stream_event',
          session_id: 's',
          event: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'Hel' } },
        },
        {
          type: 'stream_event',
          session_id: 's',
          event: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'lo' } },
        },
      ),
    );
    expect(run.messages).toEqual([{ id: 'm1', text: 'Hello', subagent: false, partial: true, line: 2 }]);
    expect(run).toMatchObject({ finish: 'truncated', finalText: 'Hello', runtimeVersion: '2.1.300' });
  });

  it('counts unknown event and block types, records wire violations with their field path', async () => {
    const run = await readAgentRun(
      jsonl(
        { type: 'system', subtype: 'init', session_id: 's' },
        { type: 'brand_new_event', session_id: 's' },
        { type: 'brand_new_event', session_id: 's' },
        {
          type: 'assistant',
          session_id: 's',
          message: { id: 'm', content: [{ type: 'server_tool_use', id: 'x' }] },
        },
        { type: 'assistant', session_id: 's', message: { id: 'm', content: 5 } },
        { type: 'keep_alive' },
        { type: 'result', subtype: 'success', is_error: false, session_id: 's', result: 'ok' },
      ),
    );
    expect({ ...run.unknownEventTypes }).toEqual({
      brand_new_event: 2,
      'assistant.content/server_tool_use': 1,
    });
    expect(run.malformedLines).toHaveLength(1);
    expect(run.malformedLines[0]?.line).toBe(5);
    expect(run.malformedLines[0]?.error.code).toBe('invalid_event');
    expect(run.malformedLines[0]?.error.details).toMatchObject({ fieldPath: 'message.content', line: 5 });
    expect(run.finish).toBe('complete');
  });

  it('without a result, usage sums the last usage of each message id', async () => {
    const usage = (output: number) => ({ input_tokens: 10, output_tokens: output });
    const run = await readAgentRun(
      jsonl(
        {
          type: 'assistant',
          session_id: 's',
          message: { id: 'a', content: [{ type: 'text', text: 'x' }], usage: usage(1) },
        },
        { type: 'assistant', session_id: 's', message: { id: 'a', content: [], usage: usage(5) } },
        {
          type: 'assistant',
          session_id: 's',
          message: { id: 'b', content: [{ type: 'text', text: 'y' }], usage: usage(7) },
        },
      ),
    );
    expect(run.usage).toMatchObject({ inputTokens: 20, outputTokens: 12 });
    expect(run.messages.map((message) => message.text)).toEqual(['x', 'y']);
  });

  it('keepEvents keeps the raw events with their neutral kind', async () => {
    const run = await readClaudeCodeRun(fixtureText('claude-code', 'stream-json-observed-2.1.276.jsonl'), {
      keepEvents: true,
    });
    expect(run.events.map((event) => [event.line, event.type, event.kind])).toEqual([
      [1, 'system/init', 'session'],
      [2, 'stream_event', 'delta'],
      [3, 'assistant', 'message'],
      [4, 'assistant', 'message'],
      [5, 'user', 'user'],
      [6, 'result', 'finish'],
    ]);
    expect(run.events[0]?.raw.cwd).toBe('/home/thim/styr-fixture-ws');
  });
});

describe('Claude Code --output-format json', () => {
  it('reads the pretty-printed capture as one document', async () => {
    const run = await read('result-json-output.json');
    expect(run).toMatchObject({
      format: 'result-json',
      finish: 'complete',
      sessionId: 'f18f49de-5b8f-4261-99c4-dbbaa6ae0e24',
      finalText:
        'I need permission to edit the test-file.txt. Please grant write access to this file so I can add the comment at the top.',
      costUsd: 0.34641974999999997,
      lineCount: 32,
      malformedLineCount: 0,
    });
    expect(run.warnings).toEqual([
      expect.objectContaining({ code: 'permission_denials', details: { count: 1 } }),
    ]);
  });

  it('an error subtype: finish error, errors[] as the message, no final text', async () => {
    const run = await read('result-json-error-during-execution.json');
    expect(run).toMatchObject({
      format: 'result-json',
      finish: 'error',
      error: {
        code: 'error_during_execution',
        message: 'Tool permission request failed: Error: Stream closed',
      },
      finalText: undefined,
    });
  });

  it('the older --verbose array form: every message, the result last', async () => {
    const run = await read('result-json-verbose-array.json');
    expect(run).toMatchObject({ format: 'result-json', finish: 'complete', finalText: SUCCESS_FINAL_TEXT });
    expect(run.runtimeVersion).toBe('2.1.276');
    expect(run.messages.map((message) => message.text)).toEqual([SUCCESS_FINAL_TEXT]);
  });

  it('a pretty-printed array is read as one document too', async () => {
    const array = JSON.parse(fixtureText('claude-code', 'result-json-verbose-array.json'));
    const run = await readAgentRun(JSON.stringify(array, null, 2));
    expect(run).toMatchObject({ format: 'result-json', finish: 'complete', finalText: SUCCESS_FINAL_TEXT });
  });
});

describe('Claude Code transcripts', () => {
  it('a session: sidechain messages flagged, finish from the last main stop_reason', async () => {
    const run = await read('transcript-session.jsonl');
    expect(run).toMatchObject({
      format: 'transcript',
      runtimeVersion: '2.1.202',
      sessionId: '7d0c9a4e-51b2-4f8b-9e3a-2c6b8d1f0a77',
      finish: 'complete',
      finalText: SUCCESS_FINAL_TEXT,
    });
    expect(run.messages.map((message) => [message.text, message.subagent])).toEqual([
      ['Subagent: 148 tests passed.', true],
      [SUCCESS_FINAL_TEXT, false],
    ]);
    expect(run.tools).toEqual([
      expect.objectContaining({ name: 'Task', status: 'completed', output: 'Subagent: 148 tests passed.' }),
    ]);
  });

  it('the 2.1.202 capture lines: no text yet, so finish unknown and no final text', async () => {
    const run = await read('transcript-lines-2.1.202.jsonl');
    expect(run).toMatchObject({
      format: 'transcript',
      finish: 'unknown',
      finalText: undefined,
      runtimeVersion: '2.1.202',
      usage: { inputTokens: 99999, outputTokens: 999 },
      malformedLineCount: 0,
    });
    expect({ ...run.unknownEventTypes }).toEqual({});
  });
});

describe('Claude Code --include-partial-messages cut at any byte', () => {
  it('never reads a pass out of a run whose final answer is FAIL, on any path', async () => {
    const bytes = Buffer.from(fixtureText('claude-code', 'stream-json-partial-message-delta.jsonl'));
    const seen = new Set<string>();
    for (let end = 1; end <= bytes.length; end++) {
      const prefix = bytes.subarray(0, end).toString('utf8');
      const extracted = extractContract(await readAgentRun(prefix), 'conflux.acceptance', {
        registry: builtinContracts,
      });
      const unwrapped = safeParseAcceptanceOutput(prefix, { unwrapLine: createEventLineUnwrapper() });
      for (const result of [extracted, unwrapped]) {
        const read = result.success ? (result.data as { acceptance: string }).acceptance : result.error.code;
        seen.add(read);
        expect(read, `prefix of ${end} bytes`).not.toBe('pass');
      }
    }
    // The whole stream reads as its FAIL; every shorter prefix is not a completed run, on both paths.
    expect([...seen].sort()).toEqual(['fail', 'run_not_complete']);
  }, 60_000);
});
