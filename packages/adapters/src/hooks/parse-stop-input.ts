import { fail, ok, type ProtocolError, protocolErrorFromZod, type Result } from '@skillpack/core';
import type { z } from 'zod';
import type { RuntimeId } from '../runtime-id.js';
import { isStopEventName, type StopHookEvent } from './stop-event.js';

/** The fields both runtimes' Stop / SubagentStop payloads share, in their own snake_case names. */
export interface StopPayloadFields {
  readonly session_id: string;
  readonly hook_event_name: string;
  readonly stop_hook_active?: boolean | undefined;
  readonly last_assistant_message?: string | null | undefined;
  readonly transcript_path?: string | null | undefined;
  readonly agent_id?: string | null | undefined;
  readonly agent_transcript_path?: string | null | undefined;
}

/** `stop_hook_active` is required on stop events only, so a misrouted event gets a clearer message. */
export function requireStopHookActive(input: StopPayloadFields, context: z.RefinementCtx): void {
  if (isStopEventName(input.hook_event_name) && input.stop_hook_active === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['stop_hook_active'],
      message: `Invalid input: expected boolean on a ${input.hook_event_name} payload`,
    });
  }
}

/** Validate a hook payload with a runtime's wire schema and normalise it; never throws. */
export function parseStopInput<T extends StopPayloadFields>(
  runtime: RuntimeId,
  subject: string,
  schema: z.ZodType<T>,
  payload: unknown,
  /** The payload's field naming the chain of stops this one belongs to, when it carries one. */
  chainIdField?: keyof T & string,
): Result<StopHookEvent, ProtocolError> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    return fail(protocolErrorFromZod(parsed.error, subject, payload, 'invalid_hook_input'));
  return ok(stopEventOf(runtime, parsed.data, chainIdField));
}

/** The event a payload its runtime's schema accepts describes, in the runtime's own field names. Pure. */
export function stopEventOf(
  runtime: RuntimeId,
  input: StopPayloadFields,
  chainIdField: string | undefined,
): StopHookEvent {
  const subagent = input.hook_event_name === 'SubagentStop';
  const chainId =
    chainIdField === undefined ? undefined : (input as unknown as Record<string, unknown>)[chainIdField];
  return {
    runtime,
    hookEventName: input.hook_event_name,
    sessionId: input.session_id,
    agentId: input.agent_id ?? undefined,
    stopHookActive: input.stop_hook_active === true,
    lastAssistantMessage: input.last_assistant_message ?? undefined,
    ...(input.last_assistant_message === null ? { lastAssistantMessageNull: true as const } : {}),
    transcriptPath:
      (subagent ? input.agent_transcript_path : undefined) ?? input.transcript_path ?? undefined,
    ...(typeof chainId === 'string' && chainId ? { chainId } : {}),
  };
}
