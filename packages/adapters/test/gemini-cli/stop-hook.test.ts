import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinContracts } from '@skillpack/core/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { readGeminiTranscriptAnswer } from '../../src/gemini-cli/read-transcript.js';
import { handleGeminiCliStop, parseGeminiCliStopInput } from '../../src/gemini-cli/stop-hook.js';
import { GeminiTranscript } from '../../src/gemini-cli/transcript.js';
import type { BlockCounter } from '../../src/hooks/block-budget.js';

const dir = new URL('../fixtures/gemini-cli/hook-runs/', import.meta.url);
const textOf = (file: string) => readFileSync(new URL(file, dir), 'utf8');
const ANSWER = 'The project holds notes.txt.';
const acceptance = builtinContracts.require('conflux.acceptance');

const temps: string[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
});
function tempDir(): string {
  const temp = mkdtempSync(join(tmpdir(), 'gemini-hook-'));
  temps.push(temp);
  return temp;
}

/** A captured hook payload, its transcript written where its `transcript_path` points (under a temp `$RUN`). */
function captured(name: string, n: number): { payload: Record<string, unknown>; root: string } {
  const root = tempDir();
  const payload = JSON.parse(textOf(`${name}.hook-${n}.json`).replaceAll('$RUN', root));
  mkdirSync(join(payload.transcript_path, '..'), { recursive: true });
  writeFileSync(payload.transcript_path, textOf(`${name}.transcript-${n}.jsonl`).replaceAll('$RUN', root));
  return { payload, root };
}

function answerOf(lines: readonly unknown[]) {
  const transcript = new GeminiTranscript();
  for (const line of lines) transcript.add(typeof line === 'string' ? line : JSON.stringify(line));
  return transcript.answer('t.jsonl');
}

/** A counter that remembers claimed blocks in memory, like the file counter does across processes. */
function memoryCounter(): () => BlockCounter {
  const taken = new Set<number>();
  return () => ({
    claim: async (block) => {
      if (taken.has(block)) return false;
      taken.add(block);
      return true;
    },
    clear: async () => taken.clear(),
  });
}

describe('AfterAgent hook input', () => {
  it('normalises a captured payload: AfterAgent is the stop, prompt_response is never the message', () => {
    const payload = JSON.parse(textOf('stream-json-stop-hook-tool.hook-2.json'));
    const parsed = parseGeminiCliStopInput(payload);
    expect(parsed).toEqual({
      success: true,
      data: {
        runtime: 'gemini-cli',
        hookEventName: 'Stop',
        sessionId: payload.session_id,
        agentId: undefined,
        stopHookActive: true,
        lastAssistantMessage: undefined,
        transcriptPath: payload.transcript_path,
      },
    });
    // The cumulative text the payload carries: narration, the rejected answer and the retry.
    expect(payload.prompt_response).toBe(`Let me look. \n${ANSWER}\n${ANSWER} FINAL`);
  });

  it.each([
    [{ hook_event_name: 'AfterAgent', stop_hook_active: false }, 'session_id'],
    [{ session_id: 's', hook_event_name: 'AfterAgent' }, 'stop_hook_active'],
    [{ session_id: 's' }, 'hook_event_name'],
    ['not an object', ''],
  ])('refuses %j with a typed error naming %s', (payload, field) => {
    const parsed = parseGeminiCliStopInput(payload);
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.code).toBe('invalid_hook_input');
      expect(parsed.error.message).toContain(field);
    }
  });

  it('keeps another event name, so the hook lets it through as no stop', () => {
    const parsed = parseGeminiCliStopInput({ session_id: 's', hook_event_name: 'BeforeAgent' });
    expect(parsed.success && parsed.data.hookEventName).toBe('BeforeAgent');
  });
});

describe('the session transcript: the answer the hook judges', () => {
  it.each([
    ['stream-json-stop-hook-block', 1, ANSWER],
    ['stream-json-stop-hook-block', 2, `${ANSWER} FINAL`],
    ['stream-json-stop-hook-tool', 1, ANSWER],
    ['stream-json-stop-hook-tool', 2, `${ANSWER} FINAL`],
    ['stream-json-stop-hook-exit2', 2, `${ANSWER} FINAL`],
    ['stream-json-stop-hook-continue-false', 1, ANSWER],
  ])('%s stop %i: the transcript as the real hook read it ends with the answer', async (name, n, answer) => {
    const { payload } = captured(name, n);
    expect(await readGeminiTranscriptAnswer(payload.transcript_path as string)).toEqual({
      success: true,
      data: answer,
    });
  });

  const user = (id: string, text: string) => ({ id, type: 'user', content: [{ text }] });
  const gemini = (id: string, content: string, extra = {}) => ({ id, type: 'gemini', content, ...extra });

  it('a repeated id replaces its message in place (a message gaining its tool calls is narration)', () => {
    expect(answerOf([user('u', 'go'), gemini('g', 'Let me look.')])).toEqual({
      success: true,
      data: 'Let me look.',
    });
    const narration = answerOf([
      user('u', 'go'),
      gemini('g', 'Let me look.'),
      gemini('g', 'Let me look.', { toolCalls: [{}] }),
    ]);
    expect(!narration.success && narration.error.code).toBe('no_message_in_transcript');
    expect(answerOf([user('u', 'go'), gemini('g', 'A'), user('r', 'again'), gemini('g', 'A')]).success).toBe(
      false,
    );
  });

  it("the last message being the user's (a block reason whose retry is not recorded yet) gives no answer", () => {
    const result = answerOf([user('u', 'go'), gemini('g', ANSWER), user('r', 'Add the word FINAL.')]);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain("last message is the user's");
  });

  it('$rewindTo drops that message and every later one; an unknown id drops all', () => {
    const lines = [user('u', 'go'), gemini('g1', 'first'), user('u2', 'more'), gemini('g2', 'second')];
    expect(answerOf([...lines, { $rewindTo: 'u2' }])).toEqual({ success: true, data: 'first' });
    expect(answerOf([...lines, { $rewindTo: 'nope' }]).success).toBe(false);
  });

  it('$set.messages replaces every message; metadata and info records are not messages', () => {
    const meta = { sessionId: 's', projectHash: 'h', startTime: 't', kind: 'main' };
    expect(
      answerOf([
        meta,
        user('u', 'go'),
        gemini('g', 'old'),
        { $set: { messages: [user('x', 'y'), gemini('z', 'new')] } },
      ]),
    ).toEqual({ success: true, data: 'new' });
    expect(
      answerOf([meta, user('u', 'go'), gemini('g', 'A'), { id: 'i', type: 'info', content: 'note' }]),
    ).toEqual({
      success: true,
      data: 'A',
    });
  });

  it('a last line cut in the middle, a model message with no text, or nothing: no answer', () => {
    const cut = answerOf([user('u', 'go'), gemini('g', 'A'), '{"id":"h","type":"gem']);
    expect(!cut.success && cut.error.code).toBe('transcript_partial');
    expect(answerOf([user('u', 'go'), gemini('g', '', { toolCalls: [{}] })]).success).toBe(false);
    expect(answerOf([]).success).toBe(false);
  });

  it('refuses a folder, a FIFO (without hanging) and a missing file; follows a symlink to a regular file', async () => {
    const temp = tempDir();
    expect((await readGeminiTranscriptAnswer(temp)).success).toBe(false);
    execFileSync('mkfifo', [join(temp, 'fifo')]);
    const fifo = await readGeminiTranscriptAnswer(join(temp, 'fifo'));
    expect(!fifo.success && fifo.error.message).toContain('not a regular file');
    const missing = await readGeminiTranscriptAnswer(join(temp, 'missing.jsonl'));
    expect(!missing.success && missing.error.code).toBe('transcript_unreadable');
    writeFileSync(
      join(temp, 'real.jsonl'),
      `${JSON.stringify(user('u', 'go'))}\n${JSON.stringify(gemini('g', 'A'))}\n`,
    );
    symlinkSync(join(temp, 'real.jsonl'), join(temp, 'link.jsonl'));
    expect(await readGeminiTranscriptAnswer(join(temp, 'link.jsonl'))).toEqual({ success: true, data: 'A' });
  });
});

describe('handleGeminiCliStop on the captured stops', () => {
  it('blocks a final answer with no verdict, judging the transcript and not prompt_response', async () => {
    const { payload } = captured('stream-json-stop-hook-block', 1);
    // The cumulative text holds a pass verdict; the final answer (the transcript's last model message) has none.
    payload.prompt_response = `All checks hold.\n{"acceptance":"pass"}\n${ANSWER}`;
    const { decision, output } = await handleGeminiCliStop(payload, {
      contracts: [acceptance],
      blockCounter: memoryCounter(),
    });
    expect(decision.kind).toBe('block');
    expect(output).toMatchObject({ decision: 'block', reason: expect.stringContaining('acceptance') });
  });

  it('lets a right answer through', async () => {
    const { payload } = captured('stream-json-stop-hook-block', 2);
    const pass = 'All checks hold.\\n{\\"acceptance\\":\\"pass\\"}';
    const text = readFileSync(payload.transcript_path as string, 'utf8').replace(`${ANSWER} FINAL`, pass);
    writeFileSync(payload.transcript_path as string, text);
    const { decision, output } = await handleGeminiCliStop(payload, {
      contracts: [acceptance],
      blockCounter: memoryCounter(),
    });
    expect(decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
    expect(output).toEqual({});
  });

  it('bounds the push-back by its own budget: Gemini CLI re-runs a blocking hook forever', async () => {
    const { payload } = captured('stream-json-stop-hook-block', 1);
    const counter = memoryCounter();
    const options = { contracts: [acceptance], blockCounter: counter, maxBlocks: 2 };
    const kinds: string[] = [];
    for (let stop = 0; stop < 5; stop++) {
      const { decision } = await handleGeminiCliStop({ ...payload, stop_hook_active: stop > 0 }, options);
      kinds.push(decision.kind === 'allow' ? `allow:${decision.because}` : 'block');
    }
    expect(kinds.slice(0, 3)).toEqual(['block', 'block', 'allow:budget_spent']);
  });

  // Issue #38 class 10: the stream reader reads the text before a turn's tool calls as narration; so does the hook.
  it('a transcript whose last model record carries tool calls gives no answer, even a verdict there', async () => {
    const { payload } = captured('stream-json-stop-hook-tool', 1);
    const path = payload.transcript_path as string;
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    // Cut where the model's record has gained its tool calls, its narration a pass verdict.
    const withCalls = lines.findIndex((line) => line.includes('"toolCalls"'));
    expect(withCalls).toBeGreaterThan(0);
    const narration = JSON.stringify('{"acceptance":"pass"}');
    const cut = lines.slice(0, withCalls + 1).map((line) => line.replace('"Let me look."', narration));
    writeFileSync(path, `${cut.join('\n')}\n`);
    const read = await readGeminiTranscriptAnswer(path);
    expect(!read.success && read.error.code).toBe('no_message_in_transcript');
    expect(!read.success && read.error.message).toContain('calls tools');
    const { decision, output } = await handleGeminiCliStop(payload, {
      contracts: [acceptance],
      blockCounter: memoryCounter(),
    });
    expect(decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(output.systemMessage).toContain('calls tools');
  });

  it('lets the stop through, saying why, when the transcript gives no answer', async () => {
    const { payload } = captured('stream-json-stop-hook-block', 2);
    const lines = readFileSync(payload.transcript_path as string, 'utf8')
      .trimEnd()
      .split('\n');
    // The retry's model message not written yet: the transcript ends with the block reason.
    writeFileSync(payload.transcript_path as string, `${lines.slice(0, -2).join('\n')}\n`);
    const { decision, output } = await handleGeminiCliStop(payload, {
      contracts: [acceptance],
      blockCounter: memoryCounter(),
    });
    expect(decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(output.systemMessage).toContain("last message is the user's");
    const none = await handleGeminiCliStop(
      { ...payload, transcript_path: undefined },
      { contracts: [acceptance] },
    );
    expect(none.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
  });

  it('captured payloads all parse', () => {
    for (const file of readdirSync(dir).filter((name) => /\.hook-\d+\.json$/.test(name))) {
      expect(parseGeminiCliStopInput(JSON.parse(textOf(file))).success, file).toBe(true);
    }
  });
});
