// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { codexWireSchemas } from './wire-definitions.js';

export { CODEX_EVENT_TYPES, CODEX_ITEM_STATUSES, CODEX_ITEM_TYPES } from './wire-definitions.js';

const schemas = codexWireSchemas();

/** Validates token usage as Codex reports it on `turn.completed`. */
export const CodexUsageSchema = schemas.CodexUsageSchema;

/** Token usage as Codex reports it on `turn.completed`. */
export type CodexUsage = z.output<typeof CodexUsageSchema>;

/** Validates the `thread.started` event that opens a run, with the thread id. */
export const CodexThreadStartedEventSchema = schemas.CodexThreadStartedEventSchema;

/** The `thread.started` event that opens a run, with the thread id. */
export type CodexThreadStartedEvent = z.output<typeof CodexThreadStartedEventSchema>;

/** Validates the `turn.completed` event that ends a turn that succeeded. */
export const CodexTurnCompletedEventSchema = schemas.CodexTurnCompletedEventSchema;

/** The `turn.completed` event that ends a turn that succeeded, with its usage. */
export type CodexTurnCompletedEvent = z.output<typeof CodexTurnCompletedEventSchema>;

/** Validates the `turn.failed` event that ends a turn that failed, with its error. */
export const CodexTurnFailedEventSchema = schemas.CodexTurnFailedEventSchema;

/** The `turn.failed` event that ends a turn that failed, with its error. */
export type CodexTurnFailedEvent = z.output<typeof CodexTurnFailedEventSchema>;

/** A top-level `error`; real streams show non-fatal ones (`Reconnecting... 2/5`) in runs that succeed. */
export const CodexErrorEventSchema = schemas.CodexErrorEventSchema;

/** A top-level `error` event, fatal or not. */
export type CodexErrorEvent = z.output<typeof CodexErrorEventSchema>;

/** Validates an `item.started`, `item.updated` or `item.completed` event with the item it carries. */
export const CodexItemEventSchema = schemas.CodexItemEventSchema;

/** An `item.started`, `item.updated` or `item.completed` event with the item it carries. */
export type CodexItemEvent = z.output<typeof CodexItemEventSchema>;

/** Validates an `agent_message` item: assistant text. */
export const CodexAgentMessageItemSchema = schemas.CodexAgentMessageItemSchema;

/** An `agent_message` item: assistant text. */
export type CodexAgentMessageItem = z.output<typeof CodexAgentMessageItemSchema>;

/** Validates a `reasoning` item: the model's reasoning, never a final answer. */
export const CodexReasoningItemSchema = schemas.CodexReasoningItemSchema;

/** A `reasoning` item: the model's reasoning, never a final answer. */
export type CodexReasoningItem = z.output<typeof CodexReasoningItemSchema>;

/** Validates a `command_execution` item: one shell command with its output and exit code. */
export const CodexCommandExecutionItemSchema = schemas.CodexCommandExecutionItemSchema;

/** A `command_execution` item: one shell command with its output and exit code. */
export type CodexCommandExecutionItem = z.output<typeof CodexCommandExecutionItemSchema>;

/** Validates a `file_change` item: the files a patch changed. */
export const CodexFileChangeItemSchema = schemas.CodexFileChangeItemSchema;

/** A `file_change` item: the files a patch changed. */
export type CodexFileChangeItem = z.output<typeof CodexFileChangeItemSchema>;

/** Validates an `mcp_tool_call` item: one MCP tool call with its arguments and result. */
export const CodexMcpToolCallItemSchema = schemas.CodexMcpToolCallItemSchema;

/** An `mcp_tool_call` item: one MCP tool call with its arguments and result. */
export type CodexMcpToolCallItem = z.output<typeof CodexMcpToolCallItemSchema>;

/** Validates a `web_search` item: one web search query. */
export const CodexWebSearchItemSchema = schemas.CodexWebSearchItemSchema;

/** A `web_search` item: one web search query. */
export type CodexWebSearchItem = z.output<typeof CodexWebSearchItemSchema>;

/** Validates a `todo_list` item: the agent's to-do list. */
export const CodexTodoListItemSchema = schemas.CodexTodoListItemSchema;

/** A `todo_list` item: the agent's to-do list. */
export type CodexTodoListItem = z.output<typeof CodexTodoListItemSchema>;

/** Validates an `error` item: an error reported inside the turn. */
export const CodexErrorItemSchema = schemas.CodexErrorItemSchema;

/** An `error` item: an error reported inside the turn. */
export type CodexErrorItem = z.output<typeof CodexErrorItemSchema>;

/** Not in the SDK union; in Rust source versions of `exec_events.rs` (0.16x): the agent's plan as text. */
export const CodexPlanItemSchema = schemas.CodexPlanItemSchema;

/** A `plan` item: the agent's plan as text. */
export type CodexPlanItem = z.output<typeof CodexPlanItemSchema>;

/** Not in the SDK union; in Rust source versions (0.16x): a call that spawns, messages or waits on agents. */
export const CodexCollabToolCallItemSchema = schemas.CodexCollabToolCallItemSchema;

/** A `collab_tool_call` item: a call that spawns, messages or waits on agents. */
export type CodexCollabToolCallItem = z.output<typeof CodexCollabToolCallItemSchema>;

/** Validates one thread item of a known `type`, by its `type`. */
export const CodexThreadItemSchema = schemas.CodexThreadItemSchema;

/** One thread item of a known `type`. */
export type CodexThreadItem = z.output<typeof CodexThreadItemSchema>;

/** The legacy `notify` payload (kebab-case, `codex-rs/hooks/src/legacy_notify.rs`). */
export const CodexNotifyPayloadSchema = schemas.CodexNotifyPayloadSchema;

/** The legacy `notify` payload Codex passes a notify program when a turn completes. */
export type CodexNotifyPayload = z.output<typeof CodexNotifyPayloadSchema>;

/** Validates the `session_meta` line that opens a rollout, with the session id. */
export const CodexRolloutSessionMetaSchema = schemas.CodexRolloutSessionMetaSchema;

/** The `session_meta` line that opens a rollout, with the session id. */
export type CodexRolloutSessionMeta = z.output<typeof CodexRolloutSessionMetaSchema>;

/** Validates an `event_msg` line of a rollout: one event of the session, named by `payload.type`. */
export const CodexRolloutEventMsgSchema = schemas.CodexRolloutEventMsgSchema;

/** An `event_msg` line of a rollout: one event of the session, named by `payload.type`. */
export type CodexRolloutEventMsg = z.output<typeof CodexRolloutEventMsgSchema>;

/** Validates a rollout's `task_complete`: a prompt's turn ended, with its `error` when it failed. */
export const CodexRolloutTaskCompleteSchema = schemas.CodexRolloutTaskCompleteSchema;

/** A rollout's `task_complete`: a prompt's turn ended, with its `error` when it failed. */
export type CodexRolloutTaskComplete = z.output<typeof CodexRolloutTaskCompleteSchema>;

/** Validates a rollout's `token_count`: the session's running token total. */
export const CodexRolloutTokenCountSchema = schemas.CodexRolloutTokenCountSchema;

/** A rollout's `token_count`: the session's running token total. */
export type CodexRolloutTokenCount = z.output<typeof CodexRolloutTokenCountSchema>;

/** Validates a rollout's `item_completed`, with the item it carries (PascalCase `type`: `AgentMessage`, …). */
export const CodexRolloutItemCompletedSchema = schemas.CodexRolloutItemCompletedSchema;

/** A rollout's `item_completed`, with the item it carries. */
export type CodexRolloutItemCompleted = z.output<typeof CodexRolloutItemCompletedSchema>;

/** Validates a rollout's `AgentMessage` item: assistant text in `Text` parts. */
export const CodexRolloutAgentMessageSchema = schemas.CodexRolloutAgentMessageSchema;

/** A rollout's `AgentMessage` item: assistant text in `Text` parts. */
export type CodexRolloutAgentMessage = z.output<typeof CodexRolloutAgentMessageSchema>;

/** Validates a rollout's `McpToolCall` item: one MCP tool call, its MCP result and its status. */
export const CodexRolloutMcpToolCallSchema = schemas.CodexRolloutMcpToolCallSchema;

/** A rollout's `McpToolCall` item: one MCP tool call, its MCP result and its status. */
export type CodexRolloutMcpToolCall = z.output<typeof CodexRolloutMcpToolCallSchema>;

/** Validates a rollout's `CommandExecution` item: one shell command (its argv), its output, status and exit code. */
export const CodexRolloutCommandExecutionSchema = schemas.CodexRolloutCommandExecutionSchema;

/** A rollout's `CommandExecution` item: one shell command (its argv), its output, status and exit code. */
export type CodexRolloutCommandExecution = z.output<typeof CodexRolloutCommandExecutionSchema>;
