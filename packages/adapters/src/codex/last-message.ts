import { ProtocolError } from '@skillpack/core';
import { type AgentRunInput, decodingSink, feedInput } from '../_shared/input-chunks.js';
import { RunBuilder } from '../_shared/run-builder.js';
import type { AgentRun } from '../agent-run.js';

/** Options of `readCodexLastMessage`: the longest text read. */
export interface ReadCodexLastMessageOptions {
  /** Longest text read, in UTF-16 units; the rest is dropped with a `document_too_large` problem. */
  readonly maxChars?: number;
}

const DEFAULT_MAX_CHARS = 16 * 1024 * 1024;

function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1))
    lines++;
  return lines;
}

/**
 * Read the file `codex exec -o <file>` writes: the final agent message as plain text. The file does not
 * say how the turn ended (nor whether it is this run's), so `finish` is `unknown` and `extractContract`
 * fails with `run_not_complete` unless the host, having seen Codex exit 0, passes `acceptIncomplete`. An
 * empty file yields no message.
 */
export async function readCodexLastMessage(
  input: AgentRunInput,
  options: ReadCodexLastMessageOptions = {},
): Promise<AgentRun> {
  const limit = options.maxChars ?? DEFAULT_MAX_CHARS;
  const run = new RunBuilder({ keepEvents: 0, maxToolOutputChars: 0, maxToolOutputTotalChars: 0 });
  run.runtime = 'codex';
  run.format = 'last-message';
  const parts: string[] = [];
  let length = 0;
  let dropped = 0;
  const sink = decodingSink((text) => {
    if (length + text.length > limit) {
      const room = Math.max(0, limit - length);
      if (room > 0) parts.push(text.slice(0, room));
      length += room;
      dropped += text.length - room;
      return;
    }
    parts.push(text);
    length += text.length;
  });
  await feedInput(input, sink, (problem) => run.problem(problem));
  sink.end();
  if (dropped > 0) {
    run.problem(
      new ProtocolError(
        'document_too_large',
        `Expected a last-message file of at most ${limit} characters; ${dropped} more were dropped.`,
        { details: { limit, dropped } },
      ),
    );
  }
  const text = parts.join('');
  run.lineCount = countLines(text);
  if (text !== '') run.appendMessageText(undefined, text, 1, undefined);
  const error = {
    code: 'finish_not_reported',
    message: 'A last-message file does not say how the turn ended; check that codex exec exited 0.',
  };
  return run.build({ finish: 'unknown', error, finalText: text === '' ? undefined : text });
}
