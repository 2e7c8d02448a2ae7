import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPiRun } from '../../src/pi/read.js';
import { isPiEvent, unwrapPiLine } from '../../src/pi/unwrap.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { SUCCESS_FINAL_TEXT, UNICODE_FINAL_TEXT } from '../_support/fixtures.js';

const dir = new URL('../fixtures/pi/captured/', import.meta.url);
const bytesOf = (file: string) => readFileSync(new URL(file, dir));
const read = (file: string) => readPiRun(bytesOf(file));
const ANSWER = 'The project holds notes.txt.';
const CAPTURES = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));

/** The lines of a capture, without its trailing newline. */
const linesOf = (file: string) => bytesOf(file).toString('utf8').trimEnd().split('\n');

describe('Pi --mode json (1.6.0 captures)', () => {
  it('reads a plain answer: the session header, one agent run, agent_settled', async () => {
    const run = await read('json-text.jsonl');
    expect(run).toMatchObject({
      runtime: 'pi',
      format: 'events-json',
      model: 'gpt-4.1',
      finish: 'complete',
      error: undefined,
      finalText: ANSWER,
      malformedLineCount: 0,
    });
    expect(run.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.usage?.outputTokens).toBeGreaterThan(0);
    expect(run.unknownEventTypes).toEqual({});
  });

  it('takes the last assistant message: narration before a tool call is not the answer', async () => {
    const run = await read('json-tool-call.jsonl');
    expect(run.finish).toBe('complete');
    expect(run.finalText).toBe(ANSWER);
    expect(run.messages.map((message) => message.text)).toEqual(['Listing the folder.', ANSWER]);
    expect(run.tools).toEqual([
      expect.objectContaining({
        name: 'bash',
        input: expect.objectContaining({ command: 'ls' }),
        status: 'completed',
      }),
    ]);
    expect(run.tools[0]?.output).toContain('notes.txt');
  });

  it('sums the usage of every request', async () => {
    const one = await read('json-text.jsonl');
    const three = await read('json-success-verdict.jsonl');
    expect(three.finalText).toBe(SUCCESS_FINAL_TEXT);
    expect(three.usage!.inputTokens).toBeGreaterThan(one.usage!.inputTokens * 2);
  });

  it('reads Unicode (U+2028 included) byte for byte', async () => {
    expect((await read('json-unicode.jsonl')).finalText).toBe(UNICODE_FINAL_TEXT);
  });

  it.each([
    ['json-http-400.jsonl', 'error', 'model_error', '400: '],
    ['json-http-500.jsonl', 'error', 'model_error', '500: '],
    ['json-truncated.jsonl', 'length', 'max_tokens', 'token limit'],
    ['json-refused.jsonl', 'refused', 'refusal', 'content_filter'],
  ] as const)('%s exits 0 yet is not complete: %s (%s)', async (file, finish, code, says) => {
    const run = await read(file);
    expect(run.finish).toBe(finish);
    expect(run.error?.code).toBe(code);
    expect(run.error?.message).toContain(says);
  });

  it('a push-back runs again in the same run: the corrected answer is final, agent_settled ends it once', async () => {
    const run = await read('json-pushback-once.jsonl');
    expect(run.finish).toBe('complete');
    expect(run.finalText).toBe(`${ANSWER} FINAL`);
    expect(run.messages.map((message) => message.text)).toEqual([ANSWER, `${ANSWER} FINAL`]);
    const budget = await read('json-pushback-budget.jsonl');
    expect(budget.finish).toBe('complete');
    expect(budget.messages).toHaveLength(3);
  });

  it('a stream cut at any agent_end before agent_settled is never complete', async () => {
    const lines = linesOf('json-pushback-once.jsonl');
    const ends = lines.flatMap((line, index) => (JSON.parse(line).type === 'agent_end' ? [index] : []));
    expect(ends).toHaveLength(2);
    for (const end of ends) {
      const run = await readPiRun(`${lines.slice(0, end + 1).join('\n')}\n`);
      expect(run.finish).toBe('truncated');
      expect(run.error?.code).toBe('no_terminal_event');
    }
  });

  it('output after agent_settled, or a second session, is not one complete run', async () => {
    const text = bytesOf('json-text.jsonl').toString('utf8');
    const after = await readPiRun(`${text}{"type":"agent_start"}\n`);
    expect(after.finish).toBe('truncated');
    const twice = await readPiRun(text + text);
    expect(twice.finish).not.toBe('complete');
  });

  it('agent_settled with aborted: true is an error', async () => {
    const lines = linesOf('json-text.jsonl');
    lines[lines.length - 1] = '{"type":"agent_settled","aborted":true}';
    const run = await readPiRun(`${lines.join('\n')}\n`);
    expect(run.finish).toBe('error');
    expect(run.error?.code).toBe('aborted');
  });

  it.each(CAPTURES)('detects %s as Pi with no runtime given', async (file) => {
    const run = await readAgentRun(bytesOf(file));
    expect(run.runtime).toBe('pi');
    expect(run.finish).toEqual((await read(file)).finish);
  });

  it('every line of every capture is a Pi event; unwrap gives the assistant text of message_end only', () => {
    for (const file of CAPTURES) {
      for (const line of linesOf(file))
        expect(isPiEvent(JSON.parse(line)), `${file}: ${line.slice(0, 80)}`).toBe(true);
    }
    const texts = linesOf('json-text.jsonl')
      .map(unwrapPiLine)
      .filter((text) => text !== '');
    expect(texts).toEqual([ANSWER]);
    expect(unwrapPiLine('{"type":"result","result":"x"}')).toBeUndefined();
  });
});

describe('every prefix of every Pi capture', () => {
  it.each(CAPTURES)('%s: a prefix cut at a line boundary is complete only when whole', async (file) => {
    const bytes = bytesOf(file);
    const whole = await readPiRun(bytes);
    for (let i = bytes.indexOf(0x0a); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(0x0a, i + 1)) {
      const prefix = await readPiRun(bytes.subarray(0, i + 1));
      expect(prefix.finish, `cut after byte ${i}`).not.toBe('complete');
      if (
        prefix.finalText !== undefined &&
        whole.finish === 'complete' &&
        prefix.finalText === whole.finalText
      )
        expect(prefix.finish).not.toBe('complete');
    }
  });
});
