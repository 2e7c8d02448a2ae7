import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { type ContractToolCall, describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';
import { feedInput } from '../_shared/input-chunks.js';
import { createLineSplitter } from '../_shared/line-splitter.js';
import { asSubmitCalls } from '../_shared/mcp-tool-name.js';
import { GEMINI_MCP_TOOL_NAME } from './mcp-tool-name.js';
import { GeminiTranscript } from './transcript.js';

/** Longest transcript line read (a message with a large tool result); a longer last line reads as cut. */
const MAX_TRANSCRIPT_LINE_BYTES = 16 * 1024 * 1024;

/** A path written with a leading `~` (as hooks/transcript.ts reads them; not imported: that module loads every runtime). */
function expandHome(path: string): string {
  if (path === '~') return homedir();
  return path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;
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
 * A Gemini CLI session transcript file, read once (`GeminiTranscript`: its final answer and the calls of a
 * turn), streamed with memory bounded by its longest line. The file is opened non-blocking, so a FIFO planted at
 * the path is refused instead of hanging the hook; so are a folder and a device (a symlink is followed to its
 * file). Gemini CLI 0.61.0 appends each record synchronously, so the file is whole when its AfterAgent hook runs.
 */
export async function readGeminiTranscript(path: string): Promise<Result<GeminiTranscript, ProtocolError>> {
  const file = expandHome(path);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return fail(unreadable(path, (error as NodeJS.ErrnoException).code ?? 'unknown error', error));
  }
  const transcript = new GeminiTranscript();
  let problem: ProtocolError | undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return fail(unreadable(path, 'not a regular file'));
    const splitter = createLineSplitter(MAX_TRANSCRIPT_LINE_BYTES, {
      line: (_number, text) => transcript.add(text),
      // A line too long to hold is no record this reader can use; if it is the last one, the answer is unknown.
      tooLong: () => transcript.add('\u0000'),
    });
    await feedInput(handle.createReadStream({ autoClose: false }), splitter, (error) => {
      problem ??= error;
    });
    splitter.end();
  } catch (error) {
    return fail(unreadable(path, (error as NodeJS.ErrnoException).code ?? 'unknown error', error));
  } finally {
    await handle.close().catch(() => undefined);
  }
  if (problem) return fail(unreadable(path, problem.message, problem));
  return ok(transcript);
}

/**
 * The final answer of a Gemini CLI session transcript file (`GeminiTranscript`'s rule), streamed with memory
 * bounded by its longest line; a FIFO, folder or device at the path is refused, never waited on.
 */
export async function readGeminiTranscriptAnswer(path: string): Promise<Result<string, ProtocolError>> {
  const transcript = await readGeminiTranscript(path);
  return transcript.success ? transcript.data.answer(path) : transcript;
}

/**
 * The calls of the turn `prompt` began (`GeminiTranscript.turnCalls`), as a tool-delivered contract reads them:
 * a call of one of the submit tools `toolNames` (`mcp_<server>_<tool>`) carries that tool's own name. Pure.
 */
export function geminiSubmitCalls(
  transcript: GeminiTranscript,
  path: string,
  prompt: string,
  toolNames: readonly string[],
): Result<readonly ContractToolCall[], ProtocolError> {
  const calls = transcript.turnCalls(prompt, path);
  return calls.success ? ok(asSubmitCalls(GEMINI_MCP_TOOL_NAME, toolNames, calls.data)) : calls;
}
