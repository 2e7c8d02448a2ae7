import { describe, expect, it } from 'vitest';
import { scanStopAnswer } from '../../src/copilot-cli/stop-answer.js';
import { hookCapture } from './_read.js';

const ANSWER = 'The project holds notes.txt.';

function answersOf(stem: string): unknown[] {
  const { inputs, events } = hookCapture(stem);
  return inputs.map((input) => {
    const timestamp = input.timestamp;
    const ref = {
      sessionId: String(input.sessionId ?? input.session_id),
      timestampMs: typeof timestamp === 'number' ? timestamp : Date.parse(String(timestamp)),
    };
    return scanStopAnswer(events.toString('utf8'), ref);
  });
}

describe('the answer each Copilot stop is about (1.0.102 transcripts)', () => {
  it('agentStop: the first answer at the first stop, the corrected one at the second', () => {
    expect(answersOf('json-stop-hook-block')).toEqual([
      { kind: 'found', text: ANSWER },
      { kind: 'found', text: `${ANSWER} FINAL` },
    ]);
  });

  it('a Claude-format Stop run by Copilot: the same, matched through its ISO timestamp', () => {
    expect(answersOf('json-stop-hook-claude-settings')).toEqual([
      { kind: 'found', text: ANSWER },
      { kind: 'found', text: `${ANSWER} FINAL` },
    ]);
  });

  it('nine stops of an always-blocking hook: each the answer just before it', () => {
    expect(answersOf('json-stop-hook-always-block')).toEqual([
      { kind: 'found', text: ANSWER },
      ...Array.from({ length: 8 }, () => ({ kind: 'found', text: `${ANSWER} FINAL` })),
    ]);
  });

  it('a stop the transcript does not show yet is not_yet, never the previous answer', () => {
    const { inputs, events } = hookCapture('json-stop-hook-block');
    const second = inputs[1]!;
    const text = events.toString('utf8');
    // Everything up to the second stop's hook.start: the corrected answer is there, its stop is not.
    const before = text.slice(0, text.lastIndexOf('{"type":"hook.start"'));
    expect(before).toContain(`${ANSWER} FINAL`);
    const ref = { sessionId: String(second.sessionId), timestampMs: Number(second.timestamp) };
    expect(scanStopAnswer(before, ref)).toEqual({ kind: 'not_yet' });
    // Another session's stop with the same timestamp is not this one.
    expect(scanStopAnswer(text, { ...ref, sessionId: 'other' })).toEqual({ kind: 'not_yet' });
  });

  it('a push-back with no answer after it before the stop is no_answer', () => {
    const line = (event: unknown) => `${JSON.stringify(event)}\n`;
    const text =
      line({ type: 'assistant.message', data: { messageId: 'a', content: 'pass', toolRequests: [] } }) +
      line({ type: 'user.message', data: { content: 'Add FINAL' } }) +
      line({ type: 'hook.start', data: { hookType: 'agentStop', input: { sessionId: 's', timestamp: 7 } } });
    expect(scanStopAnswer(text, { sessionId: 's', timestampMs: 7 })).toEqual({ kind: 'no_answer' });
  });

  it('skips lines that are not JSON and a last line without its newline', () => {
    const text =
      'not json\n{"type":"assistant.message","data":{"messageId":"a","content":"x"}}\n' +
      '{"type":"hook.start","data":{"hookType":"agentStop","input":{"sessionId":"s","timestamp":1}}}';
    expect(scanStopAnswer(text, { sessionId: 's', timestampMs: 1 })).toEqual({ kind: 'not_yet' });
    expect(scanStopAnswer(`${text}\n`, { sessionId: 's', timestampMs: 1 })).toEqual({
      kind: 'found',
      text: 'x',
    });
  });
});
