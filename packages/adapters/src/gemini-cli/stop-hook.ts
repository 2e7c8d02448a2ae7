import { fail, ok, type ProtocolError, protocolErrorFromZod, type Result } from '@skillpack/core';
import { handleStopHook, type StopHookOptions, type StopHookResult } from '../hooks/handle-stop-hook.js';
import type {
  StopHookEvent,
  StopHookRuntime,
  TranscriptReader,
  TranscriptToolReader,
} from '../hooks/stop-event.js';
import { GeminiAfterAgentInputSchema } from './hook-input.js';
import type { GeminiTranscript } from './transcript.js';

/** Gemini CLI's hook event that fires when the agent is about to end its turn (0.61.0). */
export const GEMINI_STOP_EVENT = 'AfterAgent';

/**
 * Validate an AfterAgent payload and normalise it: `AfterAgent` is the stop event (`hookEventName: "Stop"`), and
 * the message to check always comes from the transcript, never from the cumulative `prompt_response` (see
 * `transcript.ts`). Other Gemini events keep their name, so the hook says it does not check them.
 */
const StopInputSchema = GeminiAfterAgentInputSchema.superRefine((input, context) => {
  if (input.hook_event_name === GEMINI_STOP_EVENT && input.stop_hook_active === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['stop_hook_active'],
      message: `Invalid input: expected boolean on an ${GEMINI_STOP_EVENT} payload`,
    });
  }
});

export function parseGeminiCliStopInput(payload: unknown): Result<StopHookEvent, ProtocolError> {
  const parsed = StopInputSchema.safeParse(payload);
  if (!parsed.success) {
    return fail(
      protocolErrorFromZod(parsed.error, 'Gemini CLI AfterAgent hook input', payload, 'invalid_hook_input'),
    );
  }
  const input = parsed.data;
  const stop = input.hook_event_name === GEMINI_STOP_EVENT;
  return ok({
    runtime: 'gemini-cli',
    hookEventName: stop ? 'Stop' : input.hook_event_name,
    sessionId: input.session_id,
    agentId: undefined,
    stopHookActive: input.stop_hook_active === true,
    lastAssistantMessage: undefined,
    transcriptPath: input.transcript_path === '' ? undefined : input.transcript_path,
  });
}

/**
 * The transcript reader a Gemini CLI stop needs: the session transcript's last model message (loaded on a
 * Gemini stop only, so the hook of another runtime never loads it).
 */
export const readGeminiCliTranscript = async (path: string) =>
  (await import('./read-transcript.js')).readGeminiTranscriptAnswer(path);

/**
 * How a Gemini CLI AfterAgent hook payload is validated and normalised, and its session transcript's answer read.
 * The submit calls of a tool-delivered contract need the payload's `prompt` too: `handleGeminiCliStop` reads them.
 */
export const geminiCliStopHook: StopHookRuntime = {
  id: 'gemini-cli',
  parseInput: parseGeminiCliStopInput,
  readTranscript: readGeminiCliTranscript,
};

/** The payload's `prompt`: the person's message of this turn (0.61.0 keeps it on the retries after a block). */
function promptOf(payload: unknown): string | undefined {
  const parsed = GeminiAfterAgentInputSchema.safeParse(payload);
  return parsed.success ? parsed.data.prompt : undefined;
}

/**
 * The transcript readers of one stop, sharing one read of the file (its reader loaded lazily, on a Gemini stop
 * only): its answer, and the submit calls of the turn `prompt` began. Without a prompt, the calls of this turn
 * cannot be told from earlier ones: none are read.
 */
function transcriptReaders(prompt: string | undefined) {
  let read: Promise<Result<GeminiTranscript, ProtocolError>> | undefined;
  const transcript = async (path: string) => {
    const module = await import('./read-transcript.js');
    read ??= module.readGeminiTranscript(path);
    return { module, transcript: await read };
  };
  const readTranscript: TranscriptReader = async (path) => {
    const { transcript: read } = await transcript(path);
    return read.success ? read.data.answer(path) : read;
  };
  const readTranscriptTools: TranscriptToolReader | undefined =
    prompt === undefined
      ? undefined
      : async (path, _runtime, toolNames) => {
          const { module, transcript: read } = await transcript(path);
          return read.success ? module.geminiSubmitCalls(read.data, path, prompt, toolNames) : read;
        };
  return { readTranscript, readTranscriptTools };
}

/**
 * Decide a Gemini CLI AfterAgent stop from its stdin payload; print `result.output` as JSON at exit 0
 * (`decision: "block"` is Gemini's alias of `deny`: the reason goes back as the next user turn). The answer and,
 * for a tool-delivered contract, the turn's submit calls come from one read of the session transcript. Gemini CLI
 * itself never stops re-running a hook that keeps blocking; the block budget (`maxBlocks`) is what ends it.
 */
export function handleGeminiCliStop(payload: unknown, options: StopHookOptions): Promise<StopHookResult> {
  const readers = transcriptReaders(promptOf(payload));
  return handleStopHook(geminiCliStopHook, payload, {
    ...options,
    readTranscript: options.readTranscript ?? readers.readTranscript,
    readTranscriptTools: options.readTranscriptTools ?? readers.readTranscriptTools,
  });
}
