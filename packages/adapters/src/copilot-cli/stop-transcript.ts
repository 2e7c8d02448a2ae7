import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';
import { createLineSplitter } from '../_shared/line-splitter.js';
import { expandHome } from '../hooks/transcript.js';
import { type CopilotStopRef, createStopAnswerScanner } from './stop-answer.js';

/** How long and how often the hook looks for its stop in `events.jsonl`. */
export interface StopTranscriptOptions {
  /** Give up after this long (default 5000 ms): the answer is then unknown, and the stop is let through. */
  readonly waitMs?: number;
  /** Time between two looks (default 25 ms). */
  readonly pollMs?: number;
  /** Longest line read (default 16 MiB); a longer one is skipped. */
  readonly maxLineBytes?: number;
}

const DEFAULT_WAIT_MS = 5000;
const DEFAULT_POLL_MS = 25;
const CHUNK = 64 * 1024;

function problem(code: string, message: string, path: string, cause?: unknown): ProtocolError {
  return new ProtocolError(code, message, { details: { path }, cause });
}

/**
 * The answer a Copilot stop is about, read from the session's `events.jsonl` (the payload's transcript path).
 * Copilot writes that file lazily: at hook start it may be missing, or hold no answer yet, or only the previous
 * one (1.0.102: 2 of 10 first stops and 4 of 10 second stops read once were wrong). So the file is read as it
 * grows, from where the last look stopped, until it holds this stop's own `hook.start` (matched by session id
 * and timestamp), and the answer is the last main-agent message before it. Not found within `waitMs` is
 * inconclusive (`transcript_stop_not_found`), never a guess; an empty final message is `''`.
 */
export async function readCopilotStopAnswer(
  path: string,
  stop: CopilotStopRef,
  options: StopTranscriptOptions = {},
): Promise<Result<string, ProtocolError>> {
  const file = expandHome(path);
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const scanner = createStopAnswerScanner(stop);
  const splitter = createLineSplitter(options.maxLineBytes ?? 16 * 1024 * 1024, {
    line: (_number, text) => scanner.line(text),
    tooLong: () => undefined,
  });
  const deadline = Date.now() + waitMs;
  let offset = 0;
  let lastProblem = 'the file does not exist yet';
  const buffer = Buffer.alloc(CHUNK);
  for (;;) {
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      // Non-blocking, so a FIFO planted at the path is refused instead of hanging the hook.
      handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
      const info = await handle.stat();
      if (!info.isFile()) {
        return fail(
          problem(
            'transcript_unreadable',
            `Cannot read the transcript ${describeValue(path)}: not a regular file.`,
            path,
          ),
        );
      }
      if (info.size < offset) {
        return fail(
          problem(
            'transcript_unreadable',
            `The transcript ${describeValue(path)} shrank while it was read; its answer cannot be trusted.`,
            path,
          ),
        );
      }
      while (offset < info.size && scanner.result.kind === 'not_yet') {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, info.size - offset), offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
        splitter.bytes(buffer.subarray(0, bytesRead));
      }
      lastProblem = "it does not yet hold this stop's hook.start event";
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        return fail(
          problem(
            'transcript_unreadable',
            `Cannot read the transcript ${describeValue(path)}: ${code ?? 'unknown error'}.`,
            path,
            error,
          ),
        );
      }
    } finally {
      await handle?.close().catch(() => undefined);
    }
    const result = scanner.result;
    if (result.kind === 'found') return ok(result.text);
    if (result.kind === 'no_answer') {
      return fail(
        problem(
          'no_message_in_transcript',
          `The transcript ${describeValue(path)} holds no final assistant message before this stop.`,
          path,
        ),
      );
    }
    if (Date.now() >= deadline) {
      return fail(
        problem(
          'transcript_stop_not_found',
          `The transcript ${describeValue(path)} did not show this stop within ${waitMs} ms (${lastProblem}), so the answer it is about is unknown.`,
          path,
        ),
      );
    }
    await sleep(pollMs);
  }
}
