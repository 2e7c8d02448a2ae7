import { z } from 'zod';

// `codex exec --json` events (the SDK `ThreadEvent` union, @openai/codex-sdk 0.163.0, and
// `codex-rs/exec/src/exec_events.rs`), checked against captures of 0.147.0-alpha.6.6 and the docs sample.
// Field names are Codex's own (snake_case); unknown fields pass through.

/** Validates token usage as Codex reports it on `turn.completed`. */
export const CodexUsageSchema = z.looseObject({
  input_tokens: z.number(),
  cached_input_tokens: z.number().optional(),
  cache_write_input_tokens: z.number().optional(),
  output_tokens: z.number(),
  reasoning_output_tokens: z.number().optional(),
});
/** Token usage as Codex reports it on `turn.completed`. */
export type CodexUsage = z.output<typeof CodexUsageSchema>;

/** Validates the `thread.started` event that opens a run, with the thread id. */
export const CodexThreadStartedEventSchema = z.looseObject({
  type: z.literal('thread.started'),
  thread_id: z.string(),
});
/** The `thread.started` event that opens a run, with the thread id. */
export type CodexThreadStartedEvent = z.output<typeof CodexThreadStartedEventSchema>;

/** Validates the `turn.completed` event that ends a turn that succeeded. */
export const CodexTurnCompletedEventSchema = z.looseObject({
  type: z.literal('turn.completed'),
  usage: z.unknown().optional(),
});
/** The `turn.completed` event that ends a turn that succeeded, with its usage. */
export type CodexTurnCompletedEvent = z.output<typeof CodexTurnCompletedEventSchema>;

/** Validates the `turn.failed` event that ends a turn that failed, with its error. */
export const CodexTurnFailedEventSchema = z.looseObject({
  type: z.literal('turn.failed'),
  error: z.looseObject({ message: z.string() }),
});
/** The `turn.failed` event that ends a turn that failed, with its error. */
export type CodexTurnFailedEvent = z.output<typeof CodexTurnFailedEventSchema>;

/** A top-level `error`; real streams show non-fatal ones (`Reconnecting... 2/5`) in runs that succeed. */
export const CodexErrorEventSchema = z.looseObject({ type: z.literal('error'), message: z.string() });
/** A top-level `error` event, fatal or not. */
export type CodexErrorEvent = z.output<typeof CodexErrorEventSchema>;

/** Validates an `item.started`, `item.updated` or `item.completed` event with the item it carries. */
export const CodexItemEventSchema = z.looseObject({
  type: z.enum(['item.started', 'item.updated', 'item.completed']),
  item: z.looseObject({ id: z.string(), type: z.string() }),
});
/** An `item.started`, `item.updated` or `item.completed` event with the item it carries. */
export type CodexItemEvent = z.output<typeof CodexItemEventSchema>;

/** Validates an `agent_message` item: assistant text. */
export const CodexAgentMessageItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('agent_message'),
  text: z.string(),
});
/** An `agent_message` item: assistant text. */
export type CodexAgentMessageItem = z.output<typeof CodexAgentMessageItemSchema>;

/** Validates a `reasoning` item: the model's reasoning, never a final answer. */
export const CodexReasoningItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('reasoning'),
  text: z.string(),
});
/** A `reasoning` item: the model's reasoning, never a final answer. */
export type CodexReasoningItem = z.output<typeof CodexReasoningItemSchema>;

/** Item statuses in the SDK plus `declined` from the Rust source; others are read as unknown. */
export const CODEX_ITEM_STATUSES = ['in_progress', 'completed', 'failed', 'declined'] as const;
const ItemStatusSchema = z.string();

/** Validates a `command_execution` item: one shell command with its output and exit code. */
export const CodexCommandExecutionItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('command_execution'),
  command: z.string(),
  aggregated_output: z.string().optional(),
  exit_code: z.number().nullish(),
  status: ItemStatusSchema,
});
/** A `command_execution` item: one shell command with its output and exit code. */
export type CodexCommandExecutionItem = z.output<typeof CodexCommandExecutionItemSchema>;

/** Validates a `file_change` item: the files a patch changed. */
export const CodexFileChangeItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('file_change'),
  changes: z.array(z.looseObject({ path: z.string(), kind: z.string() })),
  status: ItemStatusSchema.optional(),
});
/** A `file_change` item: the files a patch changed. */
export type CodexFileChangeItem = z.output<typeof CodexFileChangeItemSchema>;

/** Validates an `mcp_tool_call` item: one MCP tool call with its arguments and result. */
export const CodexMcpToolCallItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('mcp_tool_call'),
  server: z.string(),
  tool: z.string(),
  arguments: z.unknown().optional(),
  result: z
    .looseObject({ content: z.array(z.unknown()).optional(), structured_content: z.unknown().optional() })
    .nullish(),
  error: z.looseObject({ message: z.string() }).nullish(),
  status: ItemStatusSchema,
});
/** An `mcp_tool_call` item: one MCP tool call with its arguments and result. */
export type CodexMcpToolCallItem = z.output<typeof CodexMcpToolCallItemSchema>;

/** Validates a `web_search` item: one web search query. */
export const CodexWebSearchItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('web_search'),
  query: z.string(),
});
/** A `web_search` item: one web search query. */
export type CodexWebSearchItem = z.output<typeof CodexWebSearchItemSchema>;

/** Validates a `todo_list` item: the agent's to-do list. */
export const CodexTodoListItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('todo_list'),
  items: z.array(z.looseObject({ text: z.string(), completed: z.boolean() })),
});
/** A `todo_list` item: the agent's to-do list. */
export type CodexTodoListItem = z.output<typeof CodexTodoListItemSchema>;

/** Validates an `error` item: an error reported inside the turn. */
export const CodexErrorItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('error'),
  message: z.string(),
});
/** An `error` item: an error reported inside the turn. */
export type CodexErrorItem = z.output<typeof CodexErrorItemSchema>;

/** Not in the SDK union; in Rust source versions of `exec_events.rs` (0.16x): the agent's plan as text. */
export const CodexPlanItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('plan'),
  text: z.string(),
});
/** A `plan` item: the agent's plan as text. */
export type CodexPlanItem = z.output<typeof CodexPlanItemSchema>;

/** Not in the SDK union; in Rust source versions (0.16x): a call that spawns, messages or waits on agents. */
export const CodexCollabToolCallItemSchema = z.looseObject({
  id: z.string(),
  type: z.literal('collab_tool_call'),
  tool: z.string(),
  sender_thread_id: z.string().optional(),
  receiver_thread_ids: z.array(z.string()).optional(),
  prompt: z.string().nullish(),
  status: ItemStatusSchema.optional(),
});
/** A `collab_tool_call` item: a call that spawns, messages or waits on agents. */
export type CodexCollabToolCallItem = z.output<typeof CodexCollabToolCallItemSchema>;

/** Validates one thread item of a known `type`, by its `type`. */
export const CodexThreadItemSchema = z.discriminatedUnion('type', [
  CodexPlanItemSchema,
  CodexCollabToolCallItemSchema,
  CodexAgentMessageItemSchema,
  CodexReasoningItemSchema,
  CodexCommandExecutionItemSchema,
  CodexFileChangeItemSchema,
  CodexMcpToolCallItemSchema,
  CodexWebSearchItemSchema,
  CodexTodoListItemSchema,
  CodexErrorItemSchema,
]);
/** One thread item of a known `type`. */
export type CodexThreadItem = z.output<typeof CodexThreadItemSchema>;

/** Every thread item `type` the Codex reader knows. */
export const CODEX_ITEM_TYPES = [
  'agent_message',
  'plan',
  'collab_tool_call',
  'reasoning',
  'command_execution',
  'file_change',
  'mcp_tool_call',
  'web_search',
  'todo_list',
  'error',
] as const;

/** The legacy `notify` payload (kebab-case, `codex-rs/hooks/src/legacy_notify.rs`). */
export const CodexNotifyPayloadSchema = z.looseObject({
  type: z.literal('agent-turn-complete'),
  'thread-id': z.string(),
  'turn-id': z.string().optional(),
  cwd: z.string().optional(),
  client: z.string().nullish(),
  'input-messages': z.array(z.string()).optional(),
  'last-assistant-message': z.string().nullable(),
});
/** The legacy `notify` payload Codex passes a notify program when a turn completes. */
export type CodexNotifyPayload = z.output<typeof CodexNotifyPayloadSchema>;

// Session rollout lines (`$CODEX_HOME/sessions/…/rollout-*.jsonl`, the Stop hook's `transcript_path`) as 0.169.0
// writes them: `{timestamp, type, payload}`. Codex calls the format "not a stable interface"; the reader takes its
// `event_msg` items, which carry what `exec --json` prints, and passes over the model history (`response_item`).

/** Validates the `session_meta` line that opens a rollout, with the session id. */
export const CodexRolloutSessionMetaSchema = z.looseObject({
  type: z.literal('session_meta'),
  payload: z.looseObject({ id: z.string(), cli_version: z.string().optional() }),
});
/** The `session_meta` line that opens a rollout, with the session id. */
export type CodexRolloutSessionMeta = z.output<typeof CodexRolloutSessionMetaSchema>;

/** Validates an `event_msg` line of a rollout: one event of the session, named by `payload.type`. */
export const CodexRolloutEventMsgSchema = z.looseObject({
  type: z.literal('event_msg'),
  payload: z.looseObject({ type: z.string() }),
});
/** An `event_msg` line of a rollout: one event of the session, named by `payload.type`. */
export type CodexRolloutEventMsg = z.output<typeof CodexRolloutEventMsgSchema>;

/** Validates a rollout's `task_complete`: a prompt's turn ended, with its `error` when it failed. */
export const CodexRolloutTaskCompleteSchema = z.looseObject({
  type: z.literal('task_complete'),
  last_agent_message: z.string().nullish(),
  error: z.looseObject({ message: z.string() }).nullish(),
});
/** A rollout's `task_complete`: a prompt's turn ended, with its `error` when it failed. */
export type CodexRolloutTaskComplete = z.output<typeof CodexRolloutTaskCompleteSchema>;

/** Validates a rollout's `token_count`: the session's running token total. */
export const CodexRolloutTokenCountSchema = z.looseObject({
  type: z.literal('token_count'),
  info: z.looseObject({ total_token_usage: CodexUsageSchema }).nullish(),
});
/** A rollout's `token_count`: the session's running token total. */
export type CodexRolloutTokenCount = z.output<typeof CodexRolloutTokenCountSchema>;

/** Validates a rollout's `item_completed`, with the item it carries (PascalCase `type`: `AgentMessage`, …). */
export const CodexRolloutItemCompletedSchema = z.looseObject({
  type: z.literal('item_completed'),
  item: z.looseObject({ id: z.string(), type: z.string() }),
});
/** A rollout's `item_completed`, with the item it carries. */
export type CodexRolloutItemCompleted = z.output<typeof CodexRolloutItemCompletedSchema>;

/** Validates a rollout's `AgentMessage` item: assistant text in `Text` parts. */
export const CodexRolloutAgentMessageSchema = z.looseObject({
  id: z.string(),
  type: z.literal('AgentMessage'),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
});
/** A rollout's `AgentMessage` item: assistant text in `Text` parts. */
export type CodexRolloutAgentMessage = z.output<typeof CodexRolloutAgentMessageSchema>;

/** Validates a rollout's `McpToolCall` item: one MCP tool call, its MCP result and its status. */
export const CodexRolloutMcpToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('McpToolCall'),
  server: z.string(),
  tool: z.string(),
  arguments: z.unknown().optional(),
  status: z.string(),
  result: z
    .looseObject({
      content: z.array(z.unknown()).optional(),
      structuredContent: z.unknown().optional(),
      isError: z.boolean().optional(),
    })
    .nullish(),
});
/** A rollout's `McpToolCall` item: one MCP tool call, its MCP result and its status. */
export type CodexRolloutMcpToolCall = z.output<typeof CodexRolloutMcpToolCallSchema>;

/** Every top-level `type` the Codex reader knows, of `exec --json` events and the notify payload. */
export const CODEX_EVENT_TYPES = [
  'thread.started',
  'turn.started',
  'turn.completed',
  'turn.failed',
  'item.started',
  'item.updated',
  'item.completed',
  'error',
  'agent-turn-complete',
] as const;
