import type { RuntimeId } from '../runtime-id.js';

export const RUNTIME_ID = 'claude-code' satisfies RuntimeId;
export { readClaudeCodeRun } from './read.js';
export type { ClaudeCodeStopHookInput } from './stop-hook.js';
export { ClaudeCodeStopHookInputSchema, claudeCodeStopHook, handleClaudeCodeStop } from './stop-hook.js';
export { unwrapClaudeCodeLine } from './unwrap.js';
export type {
  ClaudeAssistantEvent,
  ClaudeContentBlock,
  ClaudeResultEvent,
  ClaudeStreamEvent,
  ClaudeSystemEvent,
  ClaudeTextBlock,
  ClaudeThinkingBlock,
  ClaudeToolResultBlock,
  ClaudeToolUseBlock,
  ClaudeUsage,
  ClaudeUserEvent,
} from './wire-schemas.js';
export {
  CLAUDE_EVENT_TYPES,
  CLAUDE_PASSIVE_EVENT_TYPES,
  CLAUDE_RESULT_SUBTYPES,
  ClaudeAssistantEventSchema,
  ClaudeContentBlockSchema,
  ClaudeResultEventSchema,
  ClaudeStreamEventSchema,
  ClaudeSystemEventSchema,
  ClaudeTextBlockSchema,
  ClaudeThinkingBlockSchema,
  ClaudeToolResultBlockSchema,
  ClaudeToolUseBlockSchema,
  ClaudeUsageSchema,
  ClaudeUserEventSchema,
} from './wire-schemas.js';
