import { describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';
import type { TypedEvent } from '../_shared/event-line.js';
import { RunBuilder } from '../_shared/run-builder.js';
import { parseWire } from '../_shared/wire.js';
import type { AgentRun } from '../agent-run.js';
import { codexWireSchemas } from './wire-definitions.js';

/** Record a legacy `notify` payload; `false` when it does not match the schema (a malformed line). */
export function acceptCodexNotify(run: RunBuilder, event: TypedEvent, line: number): boolean {
  const wire = codexWireSchemas();
  const payload = parseWire(wire.CodexNotifyPayloadSchema, event, line, run);
  if (!payload) return false;
  run.format = 'notify';
  run.session(payload['thread-id']);
  const text = payload['last-assistant-message'];
  if (text !== null)
    run.setMessageText(payload['turn-id'] ?? 'last-assistant-message', text, line, undefined);
  return true;
}

/**
 * Read the payload Codex appends to the `notify` program's argv (`agent-turn-complete`), given as the JSON
 * text or the decoded value. The turn completed, so a valid payload is a `complete` run.
 */
export function safeParseCodexNotify(payload: unknown): Result<AgentRun, ProtocolError> {
  let value = payload;
  if (typeof payload === 'string') {
    try {
      value = JSON.parse(payload);
    } catch {
      return fail(
        new ProtocolError(
          'invalid_json',
          `Expected the Codex notify payload as JSON, for example {"type":"agent-turn-complete","thread-id":"…","last-assistant-message":"…"}; received ${describeValue(payload)}.`,
          { details: { received: describeValue(payload, 40) } },
        ),
      );
    }
  }
  const run = new RunBuilder({ keepEvents: 0, maxToolOutputChars: 0, maxToolOutputTotalChars: 0 });
  run.runtime = 'codex';
  const event = (typeof value === 'object' && value !== null ? value : { type: undefined }) as TypedEvent;
  if (!acceptCodexNotify(run, event, 1)) {
    const error = run.build({ finish: 'unknown' }).malformedLines[0]?.error;
    return fail(
      error ??
        new ProtocolError(
          'invalid_payload',
          `Expected a Codex notify payload; received ${describeValue(value)}.`,
        ),
    );
  }
  const built = run.build({ finish: 'complete', finalText: run.lastMainMessage()?.text });
  return ok(built);
}
