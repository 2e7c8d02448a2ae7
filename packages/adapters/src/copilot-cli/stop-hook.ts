import { fail, ok, ProtocolError, protocolErrorFromZod, type Result } from '@skillpack/core';
import { handleStopHook, type StopHookOptions, type StopHookResult } from '../hooks/handle-stop-hook.js';
import type { StopHookEvent, StopHookRuntime } from '../hooks/stop-event.js';
import {
  type CopilotAgentStopInput,
  CopilotAgentStopInputSchema,
  type CopilotClaudeStopInput,
  CopilotClaudeStopInputSchema,
} from './hook-input-schemas.js';
import type { CopilotStopRef } from './stop-answer.js';
import type { StopTranscriptOptions } from './stop-transcript.js';
import { COPILOT_CLI } from './subagent.js';

const isJsonObjectValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A Copilot stop, from either hook dialect Copilot CLI 1.0.102 sends: `agentStop` (`.github/hooks/*.json`,
 * `~/.copilot/hooks`, camelCase but `stop_hook_active`) or a Claude-format `Stop` (`.claude/settings.json`,
 * snake_case, ISO `timestamp`, no `last_assistant_message`). Neither carries the answer: it is in the
 * transcript (`events.jsonl`), found through `ref`.
 */
export interface CopilotStop {
  readonly event: StopHookEvent;
  readonly ref: CopilotStopRef;
}

/** Whether a payload is Claude-shaped (`hook_event_name`), so it is read as Copilot's Claude-format `Stop`. */
function isClaudeShaped(payload: unknown): boolean {
  return isJsonObjectValue(payload) && 'hook_event_name' in payload;
}

function fromAgentStop(input: CopilotAgentStopInput): CopilotStop {
  return {
    event: {
      runtime: COPILOT_CLI,
      // `agentStop` is the main agent's stop: Claude's `Stop`.
      hookEventName: 'Stop',
      sessionId: input.sessionId,
      agentId: undefined,
      stopHookActive: input.stop_hook_active,
      lastAssistantMessage: undefined,
      transcriptPath: input.transcriptPath,
    },
    ref: { sessionId: input.sessionId, timestampMs: input.timestamp },
  };
}

function fromClaudeStop(input: CopilotClaudeStopInput): Result<CopilotStop, ProtocolError> {
  const timestampMs = Date.parse(input.timestamp);
  if (!Number.isFinite(timestampMs)) {
    return fail(
      new ProtocolError(
        'invalid_hook_input',
        `Copilot Stop hook input: expected an ISO timestamp; received ${JSON.stringify(input.timestamp)}.`,
        { details: { path: ['timestamp'] } },
      ),
    );
  }
  return ok({
    event: {
      runtime: COPILOT_CLI,
      hookEventName: input.hook_event_name,
      sessionId: input.session_id,
      agentId: undefined,
      stopHookActive: input.stop_hook_active,
      lastAssistantMessage: undefined,
      transcriptPath: input.transcript_path,
    },
    ref: { sessionId: input.session_id, timestampMs },
  });
}

/** Validate a Copilot stop hook payload (either dialect) and normalise it; never throws. */
export function safeParseCopilotStop(payload: unknown): Result<CopilotStop, ProtocolError> {
  if (isClaudeShaped(payload)) {
    const parsed = CopilotClaudeStopInputSchema.safeParse(payload);
    if (!parsed.success) {
      return fail(
        protocolErrorFromZod(parsed.error, 'Copilot Stop hook input', payload, 'invalid_hook_input'),
      );
    }
    return fromClaudeStop(parsed.data);
  }
  const parsed = CopilotAgentStopInputSchema.safeParse(payload);
  if (!parsed.success) {
    return fail(
      protocolErrorFromZod(parsed.error, 'Copilot agentStop hook input', payload, 'invalid_hook_input'),
    );
  }
  return ok(fromAgentStop(parsed.data));
}

/**
 * How a Copilot stop hook payload is validated and normalised into a `StopHookEvent`. The event has no
 * `lastAssistantMessage`: `handleCopilotCliStop` reads the answer from the transcript.
 */
export const copilotCliStopHook: StopHookRuntime = {
  id: COPILOT_CLI,
  // Loaded on a stop without a message only: reading a transcript is not part of the hook's common path.
  readTranscript: async (path) =>
    (await import('../run-transcript.js')).readRunTranscript(path, 'copilot-cli'),
  readTranscriptTools: async (path, _runtime, toolNames) =>
    (await import('../run-transcript.js')).readRunTranscriptTools(path, 'copilot-cli', toolNames),
  parseInput: (payload) => {
    const stop = safeParseCopilotStop(payload);
    return stop.success ? ok(stop.data.event) : stop;
  },
};

/** Options of `handleCopilotCliStop`: the Stop hook's, and how long to wait for the transcript. */
export interface CopilotStopHookOptions extends StopHookOptions {
  readonly transcript?: StopTranscriptOptions;
}

/**
 * Decide a Copilot stop from its stdin payload (either dialect): the answer is read from `events.jsonl` by
 * `readCopilotStopAnswer` (this stop's own `hook.start`, polled, bounded), never guessed; not found lets the
 * stop through with a `systemMessage`. Copilot needs `result.output` printed at exit 0: exit 2 only warns.
 */
export function handleCopilotCliStop(
  payload: unknown,
  options: CopilotStopHookOptions,
): Promise<StopHookResult> {
  const stop = safeParseCopilotStop(payload);
  const ref = stop.success ? stop.data.ref : undefined;
  return handleStopHook(copilotCliStopHook, payload, {
    ...options,
    readTranscript:
      options.readTranscript ??
      (ref
        ? async (path) => {
            // Loaded on a stop only: the transcript reader is not part of reading stdout.
            const { readCopilotStopAnswer } = await import('./stop-transcript.js');
            return readCopilotStopAnswer(path, ref, options.transcript);
          }
        : // Unreachable: handleStopHook refuses the payload first.
          async () => fail(new ProtocolError('invalid_hook_input', 'The Copilot stop payload is invalid.'))),
  });
}

export type { CopilotAgentStopInput, CopilotClaudeStopInput };
export { CopilotAgentStopInputSchema, CopilotClaudeStopInputSchema };
