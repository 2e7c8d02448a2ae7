import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import { acceptance } from '../_support/read-paths.js';
import { capture, readQwen } from './_read-qwen.js';

const ANSWER = 'The project holds notes.txt.';
const PASS = 'All checks hold.\n{"acceptance":"pass"}';
const read = (file: string) => readQwen(readFileSync(capture(file)));

describe('Qwen Code 0.24.4 stream-json captures', () => {
  it('reads a plain answer as a completed run with its final message, version, session and usage', async () => {
    const run = await read('stream-json-text.jsonl');
    expect(run).toMatchObject({
      runtime: 'qwen-code',
      format: 'stream-json',
      finish: 'complete',
      finalText: ANSWER,
      runtimeVersion: '0.24.4',
      model: 'gpt-4.1',
    });
    expect(run.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.usage?.inputTokens).toBeGreaterThan(0);
    expect(run.malformedLineCount).toBe(0);
    expect(run.unknownEventTypes).toEqual({});
  });

  it('reads the tool call, its result and the answer after it', async () => {
    const run = await read('stream-json-tool-call.jsonl');
    expect(run.finish).toBe('complete');
    expect(run.finalText).toBe(ANSWER);
    expect(run.tools).toHaveLength(1);
    expect(run.tools[0]).toMatchObject({ name: 'run_shell_command', status: 'completed' });
    expect(run.tools[0]?.output).toContain('notes.txt');
    expect(run.messages.map((message) => message.text)).toEqual(['Listing the folder.', ANSWER]);
  });

  it('refuses the joined message after a Stop hook push-back: neither the concatenation nor a guess', async () => {
    const raw = readFileSync(capture('stream-json-stop-hook-block.jsonl'), 'utf8');
    // The trap, as captured: one assistant line and a result holding both answers with no separator.
    expect(raw).toContain(`"result":"${ANSWER}${ANSWER} FINAL"`);
    const run = await readQwen(raw);
    expect(run.finish).toBe('unknown');
    expect(run.error?.code).toBe('final_message_joined');
    expect(run.finalText).toBeUndefined();
    const extracted = extractContract(run, acceptance);
    expect(extracted.success).toBe(false);
  });

  it('refuses every attempt the CLI joined at its own cap of 8 blocks', async () => {
    const run = await read('stream-json-stop-hook-cap.jsonl');
    expect(run.messages.at(-1)?.text).toBe(ANSWER.repeat(8));
    expect(run).toMatchObject({ finish: 'unknown', finalText: undefined });
    expect(run.error?.code).toBe('final_message_joined');
  });

  it.each([
    'stream-json-text-no-partials.jsonl',
    'stream-json-stop-hook-block-no-partials.jsonl',
    'json-stop-hook-block.json',
  ])('gives no answer from %s: without deltas a joined message cannot be ruled out', async (file) => {
    const run = await read(file);
    expect(run.finish).toBe('unknown');
    expect(run.error?.code).toBe('final_message_unverified');
    expect(run.finalText).toBeUndefined();
    expect(run.runtimeVersion).toBe('0.24.4');
  });

  it('reads the answer of an attempt that started a new message after a tool call', async () => {
    const run = await read('stream-json-block-then-tool.jsonl');
    // The first message joins the blocked fail answer and the narration of the next attempt.
    expect(run.messages[0]?.text).toContain('{"acceptance":"fail"');
    expect(run.messages[0]?.text).toMatch(/\}Checking again\.$/);
    expect(run).toMatchObject({ finish: 'complete', finalText: PASS });
    const extracted = extractContract(run, acceptance);
    expect(extracted.success && extracted.data).toMatchObject({ acceptance: 'pass' });
  });

  it('gives no final message when the last reply after a tool call is empty, not the narration before it', async () => {
    const run = await read('stream-json-tool-then-empty.jsonl');
    expect(run.finish).toBe('complete');
    expect(run.finalText).toBe('');
    expect(run.warnings.some((warning) => warning.code === 'api_retry')).toBe(true);
    expect(extractContract(run, acceptance).success).toBe(false);
  });

  it('reads an API error as an errored run, whatever text came before it', async () => {
    const run = await read('stream-json-http-400.jsonl');
    expect(run.finish).toBe('error');
    expect(run.error).toMatchObject({ code: 'error_during_execution' });
    expect(run.error?.message).toContain('400');
  });

  it('never accepts the pass that was pushed back when the next request failed', async () => {
    const run = await read('stream-json-pass-then-http-401.jsonl');
    expect(run.finish).toBe('error');
    expect(run.error?.message).toContain('401');
    const extracted = extractContract(run, acceptance);
    expect(extracted.success).toBe(false);
  });

  it('reads a skill loaded with the skill tool and the answer that follows it', async () => {
    const run = await read('stream-json-skill-loaded.jsonl');
    expect(run.tools[0]).toMatchObject({ name: 'skill', status: 'completed' });
    // stdout shows the tool's display text (the description); the body goes to the model only.
    expect(run.tools[0]?.output).toBe('Review a change and answer with a verdict line.');
    expect(run).toMatchObject({ finish: 'complete', finalText: 'VERDICT: pass' });
  });
});

describe('Qwen Code reader on constructed streams', () => {
  const init = '{"type":"system","subtype":"init","session_id":"s","qwen_code_version":"0.24.4"}';
  const delta = (text: string) =>
    JSON.stringify({
      type: 'stream_event',
      session_id: 's',
      parent_tool_use_id: null,
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    });
  const start =
    '{"type":"stream_event","session_id":"s","parent_tool_use_id":null,"event":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}}';
  const stop =
    '{"type":"stream_event","session_id":"s","parent_tool_use_id":null,"event":{"type":"content_block_stop","index":0}}';
  const assistant = (text: string) =>
    JSON.stringify({
      type: 'assistant',
      session_id: 's',
      parent_tool_use_id: null,
      message: { id: 'm', content: [{ type: 'text', text }] },
    });
  const result = (text: string) =>
    JSON.stringify({ type: 'result', subtype: 'success', session_id: 's', is_error: false, result: text });

  it('reads an answer streamed in many deltas as one answer', async () => {
    const run = await readQwen(
      [init, start, delta('A '), delta('B'), stop, assistant('A B'), result('A B')].join('\n'),
    );
    expect(run).toMatchObject({ finish: 'complete', finalText: 'A B' });
  });

  it('refuses a message whose deltas do not add up to its text', async () => {
    const run = await readQwen([init, start, delta('A'), stop, assistant('A B'), result('A B')].join('\n'));
    expect(run.error?.code).toBe('final_message_mismatch');
    expect(run.finalText).toBeUndefined();
  });

  it('refuses a result whose text is not the final message', async () => {
    const run = await readQwen([init, start, delta('A'), stop, assistant('A'), result('B')].join('\n'));
    expect(run).toMatchObject({ finish: 'error' });
    expect(run.error?.code).toBe('contradictory_result');
  });

  const retry = (preserveText: boolean) =>
    JSON.stringify({
      type: 'system',
      subtype: 'retry',
      session_id: 's',
      parent_tool_use_id: null,
      data: { reason: 'retry', discardedToolCalls: 0, preserveText },
    });

  it('drops the text of an attempt abandoned by a fresh retry', async () => {
    const run = await readQwen(
      [init, start, delta('PASS'), stop, assistant('PASS'), retry(false), result('')].join('\n'),
    );
    expect(run).toMatchObject({ finish: 'complete', finalText: '' });
  });

  it('refuses the answer after a continuation retry, which may continue an earlier message', async () => {
    const run = await readQwen(
      [
        init,
        start,
        delta('A'),
        stop,
        assistant('A'),
        retry(true),
        start,
        delta('B'),
        stop,
        assistant('B'),
        result('B'),
      ].join('\n'),
    );
    expect(run.error?.code).toBe('final_message_retried');
    expect(run.finalText).toBeUndefined();
  });

  it('reads a stream cut before its result as truncated', async () => {
    const run = await readQwen([init, start, delta('A'), stop, assistant('A')].join('\n'));
    expect(run.finish).toBe('truncated');
    expect(run.error?.code).toBe('no_terminal_event');
  });

  it("ignores a subagent's text", async () => {
    const sub = JSON.stringify({
      type: 'assistant',
      session_id: 's',
      parent_tool_use_id: 'call_1',
      message: { id: 'x', content: [{ type: 'text', text: 'SUB' }] },
    });
    const run = await readQwen([init, start, delta('A'), stop, assistant('A'), sub, result('A')].join('\n'));
    expect(run).toMatchObject({ finish: 'complete', finalText: 'A' });
  });

  it.each([[''], ['{'], ['[]'], ['\u0000\u0001'], ['x'.repeat(100_000)]])(
    'never throws on junk %#',
    async (junk) => {
      const run = await readQwen(junk);
      expect(run.finish).not.toBe('complete');
    },
  );
});
