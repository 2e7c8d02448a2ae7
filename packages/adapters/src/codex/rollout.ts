import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { type EventReading, eachAs } from '../_shared/event-table.js';
import { mcpToolNameOf } from '../_shared/mcp-tool-name.js';
import type { RunBuilder } from '../_shared/run-builder.js';
import { commandExitError, type ToolCalls } from '../_shared/tool-calls.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunEventKind, ToolStatus } from '../agent-run.js';
import { commandLineOf } from './command-line.js';
import type { CodexTurn } from './final-message.js';
import { mcpResultText } from './items.js';
import { CODEX_MCP_TOOL_NAME } from './mcp-tool-name.js';
import { codexWireSchemas } from './wire-definitions.js';
import type { CodexUsage } from './wire-schemas.js';

/** The line that opens a rollout and names its session. */
export const isRolloutStart = (event: TypedEvent) => event.type === 'session_meta';

/** Whether a rollout line is a prompt a person wrote (an `item_completed` `UserMessage`; not a `HookPrompt`). */
export function isCodexPersonPrompt(event: TypedEvent): boolean {
  if (event.type !== 'event_msg' || !isJsonObjectValue(event.payload)) return false;
  const { type, item } = event.payload;
  return type === 'item_completed' && isJsonObjectValue(item) && item.type === 'UserMessage';
}

/** Whether a rollout line ends a prompt's turn (`event_msg` `task_complete`, with or without an error). */
export function isRolloutTurnEnd(event: TypedEvent): boolean {
  return (
    event.type === 'event_msg' && isJsonObjectValue(event.payload) && event.payload.type === 'task_complete'
  );
}

/** The session a rollout line names: `session_meta`'s id. */
export function rolloutSessionOf(event: TypedEvent): string | undefined {
  return isRolloutStart(event) && isJsonObjectValue(event.payload) && typeof event.payload.id === 'string'
    ? event.payload.id
    : undefined;
}

/** A rollout item's status (`McpToolCall`, `CommandExecution`) as a call's; `declined`: refused, never run. */
const ITEM_STATUS: Readonly<Record<string, ToolStatus>> = {
  inProgress: 'running',
  completed: 'completed',
  failed: 'error',
  declined: 'error',
};

/** An item's status as a call's: one this reader does not know is reported, and never counted as a success. */
function statusOf(run: RunBuilder, item: string, status: string): ToolStatus {
  const mapped = Object.hasOwn(ITEM_STATUS, status) ? ITEM_STATUS[status] : undefined;
  if (!mapped) run.unknown(`${item}.status/${status}`);
  return mapped ?? 'error';
}

/** What the reader takes from a rollout beside the rows' own state. */
interface RolloutState {
  readonly run: RunBuilder;
  readonly calls: ToolCalls;
  readonly turn: CodexTurn;
  /** The session's running total (as `turn.completed` reports the thread's). */
  setUsage(total: CodexUsage): void;
}

function readItem(state: RolloutState, payload: unknown, line: number): RunEventKind {
  const wire = codexWireSchemas();
  const { run, calls, turn } = state;
  const what = 'the item_completed event';
  const envelope = parseOptionalWire(wire.CodexRolloutItemCompletedSchema, payload, what, line, run);
  if (!envelope) return 'unknown';
  const item = envelope.item;
  switch (item.type) {
    case 'AgentMessage': {
      const message = parseOptionalWire(
        wire.CodexRolloutAgentMessageSchema,
        item,
        'an AgentMessage',
        line,
        run,
      );
      if (!message) return 'unknown';
      const text = message.content.map((part) => (part.type === 'Text' ? (part.text ?? '') : '')).join('');
      // A completed empty message is final too, as in `exec --json`: the turn ended with no answer.
      turn.message = run.setMessageText(message.id, text, line, undefined) ?? {
        id: message.id,
        text: '',
        subagent: undefined,
        partial: false,
        line,
      };
      return 'message';
    }
    case 'McpToolCall': {
      const call = parseOptionalWire(wire.CodexRolloutMcpToolCallSchema, item, 'an McpToolCall', line, run);
      if (!call) return 'unknown';
      const output = call.result
        ? mcpResultText(call.result.content, call.result.structuredContent)
        : undefined;
      const status = statusOf(run, 'McpToolCall', call.status);
      calls.reported(call.id, line, {
        name: mcpToolNameOf(CODEX_MCP_TOOL_NAME, call.server, call.tool),
        input: call.arguments,
        output,
        status,
        error: status === 'error' ? (output ?? `The call ended ${call.status}.`) : undefined,
      });
      return 'tool';
    }
    case 'CommandExecution': {
      // One shell command, as `exec --json`'s `command_execution` (same name, its argv as one line): a command
      // that exited non-zero is `failed`, so it answers nothing.
      const command = parseOptionalWire(
        wire.CodexRolloutCommandExecutionSchema,
        item,
        'a CommandExecution',
        line,
        run,
      );
      if (!command) return 'unknown';
      const status = statusOf(run, 'CommandExecution', command.status);
      const why =
        typeof command.exit_code === 'number'
          ? commandExitError(command.exit_code)
          : `The command ended ${command.status}.`;
      calls.reported(command.id, line, {
        name: 'command_execution',
        input: { command: commandLineOf(command.command) },
        output: command.aggregated_output ?? undefined,
        status,
        error: status === 'error' ? why : undefined,
      });
      return 'tool';
    }
    case 'UserMessage':
      // A person wrote (`isCodexPersonPrompt`): the engine marks the calls before it as an earlier prompt's.
      return 'user';
    case 'HookPrompt':
      // A Stop hook's push-back continues the same turn.
      return 'user';
    default:
      run.unknown(`item_completed/${item.type}`);
      return 'unknown';
  }
}

function readEventMsg(state: RolloutState, event: TypedEvent, line: number): RunEventKind {
  const wire = codexWireSchemas();
  const { run, turn } = state;
  const envelope = parseWire(wire.CodexRolloutEventMsgSchema, event, line, run);
  if (!envelope) return 'unknown';
  const payload = envelope.payload;
  switch (payload.type) {
    case 'task_started':
      turn.start();
      run.closeOpenItems();
      return 'status';
    case 'task_complete': {
      const ended = parseWire(wire.CodexRolloutTaskCompleteSchema, payload as TypedEvent, line, run);
      if (ended?.error) turn.failed({ code: 'turn.failed', message: ended.error.message });
      else if (ended) turn.completed();
      return 'finish';
    }
    case 'item_completed':
      return readItem(state, payload, line);
    case 'token_count': {
      const count = parseOptionalWire(wire.CodexRolloutTokenCountSchema, payload, 'token_count', line, run);
      if (count?.info) state.setUsage(count.info.total_token_usage);
      return 'usage';
    }
    case 'thread_settings_applied':
      return 'status';
    default:
      run.unknown(`event_msg/${payload.type}`);
      return 'unknown';
  }
}

/**
 * The rows of Codex's answer reader for its session rollout (`$CODEX_HOME/sessions/…/rollout-*.jsonl`, the Stop
 * hook's `transcript_path`; 0.169.0): `event_msg` items carry what `exec --json` prints (`AgentMessage`,
 * `McpToolCall` named as the model calls it, `CommandExecution` as its `command_execution`), `task_complete` ends a prompt's turn (failed when it carries an
 * `error`), and the model history (`response_item`) and settings lines are passed over. A rollout holds the
 * whole session: a person's `UserMessage` makes the calls before it an earlier prompt's; a Stop hook's `HookPrompt`
 * does not.
 */
export function codexRolloutRows(state: RolloutState): Record<string, EventReading> {
  const wire = codexWireSchemas();
  return {
    session_meta(event, line) {
      const meta = parseWire(wire.CodexRolloutSessionMetaSchema, event, line, state.run);
      if (meta?.payload.cli_version) state.run.runtimeVersion ??= meta.payload.cli_version;
      return 'session';
    },
    event_msg(event, line) {
      const kind = readEventMsg(state, event, line);
      const type = isJsonObjectValue(event.payload) ? String(event.payload.type) : '';
      return { type: `event_msg/${type}`, kind };
    },
    ...eachAs(['response_item', 'turn_context', 'world_state', 'token_usage_record'], 'status'),
  };
}
