import { describe, expect, it } from 'vitest';
import { readCodexLastMessage, readCodexRun, safeParseCodexNotify } from '../../src/codex/index.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { chunked, fixtureBytes, fixtureText, SUCCESS_FINAL_TEXT } from '../_support/fixtures.js';

const read = (file: string) => readAgentRun(fixtureText('codex', file));
const jsonl = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n');

describe('Codex exec --json', () => {
  it('reads the completed 0.147 capture: a non-fatal error is a warning, the last agent_message the answer', async () => {
    const run = await read('exec-json-completed-0.147.0-alpha.6.6.jsonl');
    expect(run).toMatchObject({
      runtime: 'codex',
      format: 'exec-json',
      sessionId: '01a00112-1c71-75b2-afd4-aee8459e07c7',
      runtimeVersion: undefined,
      finish: 'complete',
      error: undefined,
      usage: {
        inputTokens: 18613,
        cacheReadTokens: 18176,
        cacheWriteTokens: 0,
        outputTokens: 153,
        reasoningTokens: 34,
      },
      costUsd: undefined,
    });
    expect(run.messages.map((message) => message.id)).toEqual(['item_0', 'item_2']);
    expect(JSON.parse(run.finalText ?? '')).toMatchObject({ reportedDisposition: 'finished' });
    expect(run.warnings).toEqual([
      expect.objectContaining({
        code: 'runtime_error',
        message: expect.stringMatching(/^Reconnecting\.\.\. 2\/5/),
      }),
    ]);
    expect(run.tools).toEqual([
      expect.objectContaining({ id: 'item_1', name: 'file_change', status: 'completed', line: 5 }),
    ]);
  });

  it('reads the failed capture: turn.failed is the error', async () => {
    const run = await read('exec-json-failed-0.147.0-alpha.6.6.jsonl');
    expect(run.finish).toBe('error');
    expect(run.error?.code).toBe('turn.failed');
    expect(run.error?.message).toContain("'uniqueItems' is not permitted");
    expect(run.finalText).toBeUndefined();
  });

  it('reads the docs sample (older usage without the newer fields)', async () => {
    const run = await read('exec-json-docs-sample.jsonl');
    expect(run.usage).toEqual({
      inputTokens: 24763,
      outputTokens: 122,
      cacheReadTokens: 24448,
      cacheWriteTokens: undefined,
      reasoningTokens: undefined,
    });
    expect(run.tools[0]).toMatchObject({ name: 'command_execution', input: { command: 'bash -lc ls' } });
    expect(run.finalText).toBe('Yep — there’s a `README.md` in the repository root.');
  });

  it('0.169 (captured): command_execution items joined across started/completed by id, messages in order', async () => {
    const run = await read('captured/exec-json-success-verdict.jsonl');
    expect(run).toMatchObject({ finish: 'complete', lineCount: 9, problems: [], malformedLineCount: 0 });
    expect(run.tools.map((tool) => [tool.id, tool.name, tool.status, tool.input, tool.line])).toEqual([
      ['item_1', 'command_execution', 'completed', { command: '/bin/bash -lc ls' }, 4],
      ['item_2', 'command_execution', 'completed', { command: "/bin/bash -lc 'cat CHANGELOG.md'" }, 6],
    ]);
    expect(run.tools[1]?.output).toBe('# Changelog\n\n- Test Files: 3 passed\n');
    expect(run.messages.map((message) => [message.id, message.text])).toEqual([
      ['item_0', "I'll look at the folder first."],
      ['item_3', SUCCESS_FINAL_TEXT],
    ]);
    expect(run.usage).toMatchObject({ inputTokens: 20253, outputTokens: 186, cacheWriteTokens: 0 });
  });

  it('0.169 (captured): an apply_patch function call leaves no item; the answer after it is final', async () => {
    const run = await read('captured/exec-json-apply-patch-no-item.jsonl');
    expect(run).toMatchObject({ finish: 'complete', finalText: SUCCESS_FINAL_TEXT, tools: [] });
    expect({ ...run.unknownEventTypes }).toEqual({});
  });

  it('maps every item type (constructed): tools by item id across started/completed, MCP output, plans and reasoning', async () => {
    const run = await read('exec-json-success-verdict.jsonl');
    expect(run.tools.map((tool) => [tool.id, tool.name, tool.status])).toEqual([
      ['item_2', 'command_execution', 'completed'],
      ['item_3', 'mcp__docs__search', 'completed'],
      ['item_4', 'web_search', 'completed'],
      ['item_6', 'file_change', 'completed'],
    ]);
    expect(run.tools[0]).toMatchObject({ input: { command: "bash -lc 'npm test'" }, line: 5 });
    expect(run.tools[0]?.output).toContain('148 passed');
    expect(run.tools[1]).toMatchObject({
      input: { query: 'cart rounding' },
      output: 'spec/cart.md: totals round half-even',
    });
    expect(run.messages.map((message) => message.id)).toEqual(['item_1', 'item_7']);
    expect(run.finalText).toBe(SUCCESS_FINAL_TEXT);
  });

  it('a failed command and a turn.failed after reconnects', async () => {
    const run = await read('exec-json-command-failed-turn-failed.jsonl');
    expect(run.tools[0]).toMatchObject({ status: 'error', error: 'The command exited with code 2.' });
    expect(run.warnings.map((warning) => warning.code)).toEqual(['runtime_error', 'runtime_error']);
    expect(run.error).toEqual({
      code: 'turn.failed',
      message:
        'stream disconnected before completion: error sending request for url (https://api.openai.com/v1/responses)',
    });
  });

  it('truncated: the running command stays running, the error says so and keeps the last report', async () => {
    const run = await read('exec-json-truncated.jsonl');
    expect(run.finish).toBe('truncated');
    expect(run.tools[0]?.status).toBe('running');
    expect(run.error?.code).toBe('no_terminal_event');
    expect(run.error?.message).toMatch(/last error it reported: Reconnecting\.\.\. 2\/5/);
  });

  it('collab_tool_call items are tool activity; the final answer is the main agent_message', async () => {
    const run = await read('exec-json-subagent-interleaved.jsonl');
    expect({ ...run.unknownEventTypes }).toEqual({});
    expect(run.tools.map((tool) => [tool.id, tool.name, tool.status])).toEqual([
      ['item_1', 'collab_tool_call/spawn_agent', 'completed'],
      ['item_2', 'collab_tool_call/spawn_agent', 'completed'],
      ['item_3', 'command_execution', 'completed'],
    ]);
    expect(run.tools[0]?.input).toEqual({
      prompt: 'Review src/api',
      receiver_thread_ids: ['019a4f2c-aaaa-7000-8000-000000000001'],
    });
    expect(run.finish).toBe('complete');
    expect(run.finalText).toMatch(/\{"acceptance":"pass"\}$/);
  });

  it('item ids restart with each turn: messages of two turns stay apart', async () => {
    const message = (text: string) => ({
      type: 'item.completed',
      item: { id: 'item_0', type: 'agent_message', text },
    });
    const first = { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3 };
    // A resumed thread's turn.completed carries the thread's running total, not the turn's own usage.
    const total = { input_tokens: 25, cached_input_tokens: 5, output_tokens: 7 };
    const run = await readAgentRun(
      jsonl(
        { type: 'thread.started', thread_id: 't' },
        { type: 'turn.started' },
        message('first'),
        { type: 'turn.completed', usage: first },
        { type: 'turn.started' },
        message('second'),
        { type: 'turn.completed', usage: total },
      ),
    );
    expect(run.messages.map((entry) => entry.text)).toEqual(['first', 'second']);
    expect(run.usage).toMatchObject({ inputTokens: 25, cacheReadTokens: 5, outputTokens: 7 });
    expect(run.finalText).toBe('second');
  });

  it('an agent_message seen only in progress is a partial message', async () => {
    const run = await readCodexRun(
      jsonl(
        { type: 'thread.started', thread_id: 't' },
        { type: 'turn.started' },
        { type: 'item.started', item: { id: 'item_0', type: 'agent_message', text: '' } },
        { type: 'item.updated', item: { id: 'item_0', type: 'agent_message', text: 'Half an' } },
      ),
    );
    expect(run.messages).toEqual([
      { id: 'item_0', text: 'Half an', subagent: undefined, partial: true, line: 4 },
    ]);
    expect(run.finish).toBe('truncated');
  });

  it('an unknown item status is counted', async () => {
    const run = await readCodexRun(
      jsonl({
        type: 'item.completed',
        item: { id: 'i', type: 'command_execution', command: 'ls', status: 'paused' },
      }),
    );
    expect({ ...run.unknownEventTypes }).toEqual({ 'item.status/paused': 1 });
    expect(run.tools[0]?.status).toBe('completed');
  });

  it.each(['constructor', 'toString', '__proto__'])(
    'an item status named %j is unknown, not a property',
    async (status) => {
      const run = await readCodexRun(
        jsonl({ type: 'item.started', item: { id: 'i', type: 'command_execution', command: 'ls', status } }),
      );
      expect({ ...run.unknownEventTypes }).toEqual({ [`item.status/${status}`]: 1 });
      expect(run.tools[0]?.status).toBe('running');
    },
  );
});

describe('Codex notify payload', () => {
  it('readAgentRun recognises the pretty-printed payload', async () => {
    const run = await read('notify-payload.json');
    expect(run).toMatchObject({
      runtime: 'codex',
      format: 'notify',
      sessionId: 'b5f6c1c2-1111-2222-3333-444455556666',
      finish: 'complete',
      finalText: 'Rename complete and verified `cargo build` succeeds.',
    });
  });

  it('safeParseCodexNotify reads the argv string and the decoded value alike', () => {
    const text = fixtureText('codex', 'notify-payload.json');
    const fromText = safeParseCodexNotify(text);
    const fromValue = safeParseCodexNotify(JSON.parse(text));
    expect(fromText.success && fromText.data.finalText).toBe(
      'Rename complete and verified `cargo build` succeeds.',
    );
    expect(fromValue).toEqual(fromText);
  });

  it('a null last-assistant-message: complete, no final text', () => {
    const result = safeParseCodexNotify(fixtureText('codex', 'notify-payload-null-message.json'));
    expect(
      result.success && [result.data.finish, result.data.finalText, result.data.messages.length],
    ).toEqual(['complete', undefined, 0]);
  });

  it.each([
    [undefined, 'invalid_event'],
    ['', 'invalid_json'],
    ['{', 'invalid_json'],
    ['[]', 'invalid_event'],
    [42, 'invalid_event'],
    ['{"type":"agent-turn-complete"}', 'invalid_event'],
    [
      '{"__proto__":{"polluted":1},"type":"agent-turn-complete","thread-id":"t","last-assistant-message":"x"}',
      null,
    ],
    [
      `{"type":"agent-turn-complete","thread-id":"t","last-assistant-message":"${'x'.repeat(2_000_000)}"}`,
      null,
    ],
  ] as const)('junk %#: a typed failure or a run, never a throw', (junk, code) => {
    const result = safeParseCodexNotify(junk);
    if (code === null) expect(result.success).toBe(true);
    else expect(!result.success && result.error.code).toBe(code);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('Codex -o last-message file', () => {
  it('reads the file as the final text; the file does not say how the turn ended', async () => {
    const run = await readCodexLastMessage(fixtureBytes('codex', 'last-message.txt'));
    expect(run).toMatchObject({
      runtime: 'codex',
      format: 'last-message',
      finish: 'unknown',
      finalText: `${SUCCESS_FINAL_TEXT}\n`,
      lineCount: 2,
    });
  });

  it('chunked bytes give the same text; an empty file gives no message', async () => {
    const bytes = fixtureBytes('codex', 'last-message.txt');
    expect((await readCodexLastMessage(chunked(bytes, [1]))).finalText).toBe(`${SUCCESS_FINAL_TEXT}\n`);
    const empty = await readCodexLastMessage('');
    expect([empty.finalText, empty.messages.length, empty.lineCount]).toEqual([undefined, 0, 0]);
  });

  it('a file over maxChars is cut with a document_too_large problem', async () => {
    const run = await readCodexLastMessage('x'.repeat(100), { maxChars: 10 });
    expect(run.finalText).toBe('x'.repeat(10));
    expect(run.problems.map((problem) => problem.code)).toEqual(['document_too_large']);
  });

  it('a multi-megabyte Uint8Array decodes whole, characters across its decode slices included', async () => {
    // 'é' is two bytes; one leading byte puts every 1 MiB slice boundary inside a character.
    const text = `a${'é'.repeat(1_600_000)}`;
    const whole = await readCodexLastMessage(Buffer.from(text), { maxChars: 4_000_000 });
    expect(whole.finalText === text).toBe(true);
    const cut = await readCodexLastMessage(Buffer.from(text), { maxChars: 10 });
    expect(cut.finalText).toBe(text.slice(0, 10));
    expect(cut.problems[0]?.details).toMatchObject({ limit: 10, dropped: text.length - 10 });
  });

  it('junk input is a problem, not a throw', async () => {
    const run = await readCodexLastMessage(42 as unknown as string);
    expect(run.problems.map((problem) => problem.code)).toEqual(['invalid_input']);
  });
});
