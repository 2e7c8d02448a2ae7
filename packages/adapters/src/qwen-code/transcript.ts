import { AnswerCandidate } from '../_shared/answer-candidate.js';
import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { readByType } from '../_shared/event-table.js';
import type { AnswerReader } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { parseWire, safeParseWire } from '../_shared/wire.js';
import type { RunError } from '../agent-run.js';
import { qwenCodeWireSchemas } from './wire-definitions.js';

/** Whether a line is a chat-recording record (camelCase envelope with `parentUuid`), not a stream-json line. */
export function isQwenTranscriptRecord(event: TypedEvent): boolean {
  return typeof event.sessionId === 'string' && 'parentUuid' in event && typeof event.uuid === 'string';
}

/**
 * Whether a line is a chat-recording `user` record a person wrote: a prompt, or a message typed while the agent
 * worked (the engine marks every earlier call as an earlier prompt's). Records written before `provenance`
 * existed are a person's when they have no subtype.
 */
export function isQwenPersonPrompt(event: TypedEvent): boolean {
  if (event.type !== 'user' || !isQwenTranscriptRecord(event)) return false;
  const provenance = event.provenance ?? 'real_user';
  return (
    provenance === 'real_user' && (event.subtype === undefined || event.subtype === 'mid_turn_user_message')
  );
}

const asText = (value: unknown) =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * Where the answer lives in Qwen Code's chat recording (0.24.4, the Stop hook's `transcript_path`). The file
 * holds the whole session: a call before the last record a person wrote (`user`, `real_user`) is an earlier
 * prompt's (`isQwenPersonPrompt`); a Stop hook's push-back is not recorded, so the retries after a block belong
 * to that turn. A call is a
 * `functionCall` part of an `assistant` record and ends with the `tool_result` record of its id
 * (`toolCallResult.status` `success`, else failed: a call the CLI refused against the tool's schema is one).
 * The final answer is the text of the last `assistant` record after the turn's last tool result, when it
 * calls no tool. The CLI queues each record's write before it runs the Stop hook (seen in 0.24.4 captures);
 * the file has no record that ends a run. Records chain by `parentUuid`; a record that does not continue the
 * chain (a rewind) leaves earlier records off the conversation, which this reader does not rebuild: no answer.
 */
export function createQwenTranscriptAnswer(run: RunBuilder): AnswerReader {
  const wire = qwenCodeWireSchemas();
  const calls = new ToolCalls(run, true);
  const candidate = new AnswerCandidate<string, 'tool' | 'prompt'>();
  let tail: string | undefined;
  let tailParent: string | null | undefined;
  let branchedAt: number | undefined;

  /** Follow the chain: a record continues the last one, or is a sibling of a side record before it. */
  function chain(event: TypedEvent, line: number) {
    const uuid = typeof event.uuid === 'string' ? event.uuid : undefined;
    const parent = typeof event.parentUuid === 'string' ? event.parentUuid : null;
    if (tail !== undefined && parent !== tail && parent !== tailParent) branchedAt ??= line;
    tail = uuid;
    tailParent = parent;
    if (typeof event.version === 'string') run.runtimeVersion ??= event.version;
  }

  const read = readByType(run, {
    user(event, line) {
      parseWire(wire.QwenTranscriptUserSchema, event, line, run);
      candidate.endAt('prompt');
      return 'user';
    },
    assistant(event, line) {
      const assistant = parseWire(wire.QwenTranscriptAssistantSchema, event, line, run);
      if (!assistant) return 'message';
      if (assistant.model) run.model ??= assistant.model;
      let text = '';
      let called = false;
      for (const part of assistant.message.parts) {
        if (typeof part.text === 'string' && !part.thought) text += part.text;
        if (part.functionCall === undefined) continue;
        const call = safeParseWire(wire.QwenFunctionCallSchema, part.functionCall);
        if (!call.success) {
          run.warn('invalid_field', `Line ${line}: a functionCall part without an id and name.`, { line });
          continue;
        }
        called = true;
        calls.asked(call.data.id, line, { name: call.data.name, input: call.data.args, subagent: false });
      }
      if (text !== '') {
        run.appendMessageText(undefined, text, line, false);
        candidate.offer(text);
      }
      // Text beside a tool call is narration: the answer comes after the call.
      if (called) candidate.endAt('tool');
      return 'message';
    },
    tool_result(event, line) {
      const result = parseWire(wire.QwenTranscriptToolResultSchema, event, line, run);
      if (!result) return 'user';
      candidate.endAt('tool');
      for (const part of result.message.parts) {
        if (part.functionResponse === undefined) continue;
        const response = safeParseWire(wire.QwenFunctionResponseSchema, part.functionResponse);
        if (!response.success) {
          run.warn('invalid_field', `Line ${line}: a functionResponse part without an id.`, { line });
          continue;
        }
        const { id, name, response: body } = response.data;
        const error = isJsonObjectValue(body) ? asText(body.error) : undefined;
        const status = result.toolCallResult?.status;
        const failed = status === undefined ? error !== undefined : status !== 'success';
        const output = isJsonObjectValue(body) && 'output' in body ? asText(body.output) : asText(body);
        calls.ended(id, line, { name, output, failed, error: failed ? (error ?? status) : undefined });
      }
      return 'user';
    },
    system(event, line) {
      const system = parseWire(wire.QwenTranscriptSystemSchema, event, line, run);
      return { type: system?.subtype ? `system/${system.subtype}` : 'system', kind: 'status' };
    },
  });

  function notShown(code: string, message: string): RunSummary {
    const error: RunError = { code, message };
    return { finish: 'unknown', error, finalText: candidate.value ?? run.lastMainMessage()?.text };
  }

  return {
    accept(event, line) {
      chain(event, line);
      read(event, line);
    },
    ended: () => undefined,
    totals: () => ({ finalText: candidate.value ?? run.lastMainMessage()?.text }),
    endedWithoutTerminal(): RunSummary | undefined {
      if (branchedAt !== undefined) {
        return notShown(
          'transcript_branched',
          `Record ${branchedAt} of the chat recording does not continue the one before it (a rewind): the conversation it belongs to is not rebuilt here.`,
        );
      }
      const open = run.unfinishedMainTool();
      if (open) {
        return {
          finish: 'truncated',
          error: {
            code: 'tool_call_unfinished',
            message: `The recording ends while the ${open.name} call of line ${open.line} has no result: only completed calls count.`,
          },
          finalText: undefined,
        };
      }
      if (candidate.value === undefined) {
        return notShown(
          'no_final_message',
          'The recording does not end with a model response that has text and calls no tool: the turn is not shown to have ended.',
        );
      }
      return { finish: 'complete', finalText: candidate.value };
    },
  };
}
