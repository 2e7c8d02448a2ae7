import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

/** Item statuses in the SDK plus `declined` from the Rust source; others are read as unknown. */
export const CODEX_ITEM_STATUSES = ['in_progress', 'completed', 'failed', 'declined'] as const;

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

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const codexWireSchemas = builtOnce(() => {
  // `codex exec --json` events (the SDK `ThreadEvent` union, @openai/codex-sdk 0.163.0, and
  // `codex-rs/exec/src/exec_events.rs`), checked against captures of 0.147.0-alpha.6.6 and the docs sample.
  // Field names are Codex's own (snake_case); unknown fields pass through.

  const CodexUsageSchema = z.looseObject({
    input_tokens: z.number(),
    cached_input_tokens: z.number().optional(),
    cache_write_input_tokens: z.number().optional(),
    output_tokens: z.number(),
    reasoning_output_tokens: z.number().optional(),
  });

  const CodexThreadStartedEventSchema = z.looseObject({
    type: z.literal('thread.started'),
    thread_id: z.string(),
  });

  const CodexTurnCompletedEventSchema = z.looseObject({
    type: z.literal('turn.completed'),
    usage: z.unknown().optional(),
  });

  const CodexTurnFailedEventSchema = z.looseObject({
    type: z.literal('turn.failed'),
    error: z.looseObject({ message: z.string() }),
  });

  const CodexErrorEventSchema = z.looseObject({ type: z.literal('error'), message: z.string() });

  const CodexItemEventSchema = z.looseObject({
    type: z.enum(['item.started', 'item.updated', 'item.completed']),
    item: z.looseObject({ id: z.string(), type: z.string() }),
  });

  const CodexAgentMessageItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('agent_message'),
    text: z.string(),
  });

  const CodexReasoningItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('reasoning'),
    text: z.string(),
  });

  const ItemStatusSchema = z.string();

  const CodexCommandExecutionItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('command_execution'),
    command: z.string(),
    aggregated_output: z.string().optional(),
    exit_code: z.number().nullish(),
    status: ItemStatusSchema,
  });

  const CodexFileChangeItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('file_change'),
    changes: z.array(z.looseObject({ path: z.string(), kind: z.string() })),
    status: ItemStatusSchema.optional(),
  });

  const CodexMcpToolCallItemSchema = z.looseObject({
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

  const CodexWebSearchItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('web_search'),
    query: z.string(),
  });

  const CodexTodoListItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('todo_list'),
    items: z.array(z.looseObject({ text: z.string(), completed: z.boolean() })),
  });

  const CodexErrorItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('error'),
    message: z.string(),
  });

  const CodexPlanItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('plan'),
    text: z.string(),
  });

  const CodexCollabToolCallItemSchema = z.looseObject({
    id: z.string(),
    type: z.literal('collab_tool_call'),
    tool: z.string(),
    sender_thread_id: z.string().optional(),
    receiver_thread_ids: z.array(z.string()).optional(),
    prompt: z.string().nullish(),
    status: ItemStatusSchema.optional(),
  });

  const CodexThreadItemSchema = z.discriminatedUnion('type', [
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

  const CodexNotifyPayloadSchema = z.looseObject({
    type: z.literal('agent-turn-complete'),
    'thread-id': z.string(),
    'turn-id': z.string().optional(),
    cwd: z.string().optional(),
    client: z.string().nullish(),
    'input-messages': z.array(z.string()).optional(),
    'last-assistant-message': z.string().nullable(),
  });

  // Session rollout lines (`$CODEX_HOME/sessions/…/rollout-*.jsonl`, the Stop hook's `transcript_path`) as 0.169.0
  // writes them: `{timestamp, type, payload}`. Codex calls the format "not a stable interface"; the reader takes its
  // `event_msg` items, which carry what `exec --json` prints, and passes over the model history (`response_item`).

  const CodexRolloutSessionMetaSchema = z.looseObject({
    type: z.literal('session_meta'),
    payload: z.looseObject({ id: z.string(), cli_version: z.string().optional() }),
  });

  const CodexRolloutEventMsgSchema = z.looseObject({
    type: z.literal('event_msg'),
    payload: z.looseObject({ type: z.string() }),
  });

  const CodexRolloutTaskCompleteSchema = z.looseObject({
    type: z.literal('task_complete'),
    last_agent_message: z.string().nullish(),
    error: z.looseObject({ message: z.string() }).nullish(),
  });

  const CodexRolloutTokenCountSchema = z.looseObject({
    type: z.literal('token_count'),
    info: z.looseObject({ total_token_usage: CodexUsageSchema }).nullish(),
  });

  const CodexRolloutItemCompletedSchema = z.looseObject({
    type: z.literal('item_completed'),
    // In the rollout's own key order: zod's output of a loose object puts its shape's keys first.
    item: z.looseObject({ type: z.string(), id: z.string() }),
  });

  const CodexRolloutAgentMessageSchema = z.looseObject({
    id: z.string(),
    type: z.literal('AgentMessage'),
    content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  });

  const CodexRolloutMcpToolCallSchema = z.looseObject({
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

  const CodexRolloutCommandExecutionSchema = z.looseObject({
    id: z.string(),
    type: z.literal('CommandExecution'),
    command: z.union([z.string(), z.array(z.string())]),
    status: z.string(),
    aggregated_output: z.string().nullish(),
    exit_code: z.number().nullish(),
  });

  return {
    CodexUsageSchema,
    CodexThreadStartedEventSchema,
    CodexTurnCompletedEventSchema,
    CodexTurnFailedEventSchema,
    CodexErrorEventSchema,
    CodexItemEventSchema,
    CodexAgentMessageItemSchema,
    CodexReasoningItemSchema,
    CodexCommandExecutionItemSchema,
    CodexFileChangeItemSchema,
    CodexMcpToolCallItemSchema,
    CodexWebSearchItemSchema,
    CodexTodoListItemSchema,
    CodexErrorItemSchema,
    CodexPlanItemSchema,
    CodexCollabToolCallItemSchema,
    CodexThreadItemSchema,
    CodexNotifyPayloadSchema,
    CodexRolloutSessionMetaSchema,
    CodexRolloutEventMsgSchema,
    CodexRolloutTaskCompleteSchema,
    CodexRolloutTokenCountSchema,
    CodexRolloutItemCompletedSchema,
    CodexRolloutAgentMessageSchema,
    CodexRolloutMcpToolCallSchema,
    CodexRolloutCommandExecutionSchema,
  };
});
