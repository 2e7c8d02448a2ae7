import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';
import { PARTIAL_LAST_LINE } from '../_shared/run-engine.js';
import type { AgentRun } from '../agent-run.js';

/** Transcript paths may be written with a leading `~` (the Claude Code docs do). */
export function expandHome(path: string, home = homedir()): string {
  if (path === '~') return home;
  return path.startsWith('~/') ? join(home, path.slice(2)) : path;
}

function unreadable(path: string, why: string, cause?: unknown): ProtocolError {
  return new ProtocolError(
    'transcript_unreadable',
    `Cannot read the transcript ${describeValue(path)}: ${why}.`,
    {
      details: { path },
      cause,
    },
  );
}

/**
 * The completed run a transcript file holds, read as a stream with bounded memory by `read` (the reader
 * engine, given by the runtime's hook). A file that cannot be read, whose last line is still being written,
 * that holds no runtime's events or whose run did not complete is a typed failure; with `unended`, a run that
 * only lacks the event that ends it is read as it stands (a Stop hook's event says the turn stopped, and
 * Copilot CLI writes the run's end after its hooks).
 */
export async function readTranscriptRun(
  path: string,
  read: (stream: Readable) => Promise<AgentRun>,
  options: { readonly unended?: boolean } = {},
): Promise<Result<AgentRun, ProtocolError>> {
  const file = expandHome(path);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // Non-blocking, so a FIFO planted at the path is refused instead of hanging the hook.
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return fail(unreadable(path, (error as NodeJS.ErrnoException).code ?? 'unknown error', error));
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return fail(unreadable(path, 'not a regular file'));
    }
  } catch (error) {
    await handle.close().catch(() => undefined);
    return fail(unreadable(path, (error as NodeJS.ErrnoException).code ?? 'unknown error', error));
  }
  const run = await read(handle.createReadStream());
  if (run.warnings.some((warning) => warning.code === PARTIAL_LAST_LINE.code)) {
    // The last line is being written (Claude Code writes the transcript asynchronously): the message before
    // it is not the final one, so there is nothing to check yet.
    return fail(
      new ProtocolError(
        'transcript_partial',
        `The transcript ${describeValue(path)} ends inside a line; its last message cannot be read yet.`,
        { details: { path, runtime: run.runtime } },
      ),
    );
  }
  if (run.runtime === 'unknown') {
    // Not a runtime's events (plain text, another program's log): its text is no assistant message, and
    // judging it would read a verdict out of whatever the file holds.
    return fail(
      new ProtocolError(
        'transcript_unrecognized',
        `The transcript ${describeValue(path)} holds no events this reader knows, so it gives no assistant message.`,
        { details: { path, runtime: run.runtime } },
      ),
    );
  }
  if (run.finish !== 'complete' && !(options.unended && run.finish === 'truncated')) {
    // The same rules as every read path: a transcript whose run did not complete has no final answer yet.
    const why = run.error ? ` (${run.error.code}: ${run.error.message})` : '';
    return fail(
      new ProtocolError(
        'transcript_not_complete',
        `The transcript ${describeValue(path)} does not show a run that completed${why}, so it has no final answer to check.`,
        { details: { path, runtime: run.runtime, finish: run.finish } },
      ),
    );
  }
  return ok(run);
}

/**
 * The final assistant text of a transcript file (see `readTranscriptRun`). Claude Code writes the transcript
 * asynchronously (hooks docs), so the payload's `last_assistant_message` is preferred to this.
 */
export async function readTranscriptFile(
  path: string,
  read: (stream: Readable) => Promise<AgentRun>,
): Promise<Result<string, ProtocolError>> {
  const transcript = await readTranscriptRun(path, read);
  if (!transcript.success) return transcript;
  const run = transcript.data;
  if (run.finalText === undefined) {
    const why = run.problems[0]?.message;
    return fail(
      new ProtocolError(
        'no_message_in_transcript',
        `The transcript ${describeValue(path)} holds no assistant text${why ? ` (${why})` : ''}.`,
        { details: { path, runtime: run.runtime } },
      ),
    );
  }
  return ok(run.finalText);
}
