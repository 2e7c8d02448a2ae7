import { safeJsonParse } from '@skillpack/core';
import { isSubagentEvent } from './subagent.js';

const isJsonObjectValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One stop of a Copilot session, as its hook payload names it: the session and the payload's `timestamp` in
 * epoch milliseconds (the `agentStop` form gives it as a number, the Claude-format `Stop` form as an ISO
 * string of the same instant). Copilot writes a `hook.start` event with that same `input.timestamp` to the
 * session's `events.jsonl` before it runs the hook (1.0.102), which pins the answer this stop is about.
 */
export interface CopilotStopRef {
  readonly sessionId: string;
  readonly timestampMs: number;
}

/** What a scan of `events.jsonl` found for a stop. */
export type StopAnswerScan =
  /** The stop's `hook.start` is there and the main agent's last message before it answers (maybe `''`). */
  | { readonly kind: 'found'; readonly text: string }
  /** The stop's `hook.start` is there, but no main-agent answer precedes it since the last prompt. */
  | { readonly kind: 'no_answer' }
  /** The stop's `hook.start` is not written yet: what the file holds may be stale. */
  | { readonly kind: 'not_yet' };

/**
 * A scanner of `events.jsonl` lines, fed in order (complete lines only), for one stop. The answer is the
 * final-message rule of the reader (`COPILOT_FINAL_ANSWER_RULE`) applied to the events before this stop's
 * own `hook.start`: the last main-agent `assistant.message` after the last main-agent `user.message`, asking
 * for no tool. Memory holds one answer, never the file.
 */
export function createStopAnswerScanner(stop: CopilotStopRef) {
  let answer: string | undefined;
  let verdict: StopAnswerScan = { kind: 'not_yet' };

  function line(text: string): void {
    if (verdict.kind !== 'not_yet') return;
    // Cheap filter: the three event types that matter name themselves near the start of the line.
    if (
      !text.includes('"assistant.message"') &&
      !text.includes('"user.message"') &&
      !text.includes('"hook.start"')
    )
      return;
    const event = safeJsonParse(text)?.value;
    if (!isJsonObjectValue(event) || !isJsonObjectValue(event.data)) return;
    const data = event.data;
    switch (event.type) {
      case 'user.message':
        if (!isSubagentEvent(event)) answer = undefined;
        return;
      case 'assistant.message': {
        if (isSubagentEvent(event) || typeof data.content !== 'string') return;
        const tools = Array.isArray(data.toolRequests) ? data.toolRequests.length : 0;
        answer = tools > 0 ? undefined : data.content;
        return;
      }
      case 'hook.start': {
        const input = data.input;
        if (!isJsonObjectValue(input)) return;
        if (input.sessionId !== stop.sessionId || input.timestamp !== stop.timestampMs) return;
        verdict = answer === undefined ? { kind: 'no_answer' } : { kind: 'found', text: answer };
        return;
      }
    }
  }

  return {
    line,
    /** The verdict so far: `not_yet` until the stop's own `hook.start` has been read. */
    get result(): StopAnswerScan {
      return verdict;
    },
  };
}

/** Scan whole `events.jsonl` text (its last line counts only when it ends with a newline). */
export function scanStopAnswer(text: string, stop: CopilotStopRef): StopAnswerScan {
  const scanner = createStopAnswerScanner(stop);
  const lines = text.split('\n');
  lines.pop();
  for (const line of lines) {
    scanner.line(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (scanner.result.kind !== 'not_yet') break;
  }
  return scanner.result;
}
