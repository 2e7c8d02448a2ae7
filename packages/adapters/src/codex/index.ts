import type { RuntimeId } from '../runtime-id.js';

export const RUNTIME_ID = 'codex' satisfies RuntimeId;
export type { CodexAppServer, CodexAppServerOptions, CodexHookListing } from './app-server.js';
export {
  codexTrustToml,
  isCodexHookTrusted,
  listCodexHooks,
  openCodexAppServer,
  trustCodexHookHashes,
  trustCodexProject,
} from './app-server.js';
export type { ReadCodexLastMessageOptions } from './last-message.js';
export { readCodexLastMessage } from './last-message.js';
export { safeParseCodexNotify } from './notify.js';
export { readCodexRun } from './read.js';
export type { CodexStopHookInput } from './stop-hook.js';
export { CodexStopHookInputSchema, codexStopHook, handleCodexStop } from './stop-hook.js';
export { unwrapCodexLine } from './unwrap.js';
export type {
  CodexAgentMessageItem,
  CodexCommandExecutionItem,
  CodexErrorEvent,
  CodexErrorItem,
  CodexFileChangeItem,
  CodexItemEvent,
  CodexMcpToolCallItem,
  CodexNotifyPayload,
  CodexReasoningItem,
  CodexThreadItem,
  CodexThreadStartedEvent,
  CodexTodoListItem,
  CodexTurnCompletedEvent,
  CodexTurnFailedEvent,
  CodexUsage,
  CodexWebSearchItem,
} from './wire-schemas.js';
export {
  CODEX_EVENT_TYPES,
  CODEX_ITEM_STATUSES,
  CODEX_ITEM_TYPES,
  CodexAgentMessageItemSchema,
  CodexCommandExecutionItemSchema,
  CodexErrorEventSchema,
  CodexErrorItemSchema,
  CodexFileChangeItemSchema,
  CodexItemEventSchema,
  CodexMcpToolCallItemSchema,
  CodexNotifyPayloadSchema,
  CodexReasoningItemSchema,
  CodexThreadItemSchema,
  CodexThreadStartedEventSchema,
  CodexTodoListItemSchema,
  CodexTurnCompletedEventSchema,
  CodexTurnFailedEventSchema,
  CodexUsageSchema,
  CodexWebSearchItemSchema,
} from './wire-schemas.js';
