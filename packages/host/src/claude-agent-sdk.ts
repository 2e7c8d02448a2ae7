export type {
  ClaudeContractOptions,
  ClaudeHookCallback,
  ClaudeHookMatcher,
  ClaudeHookOutput,
  ReadClaudeMessagesOptions,
} from './runtimes/claude-code/agent-sdk.js';
export {
  CLAUDE_STOP_BLOCK_CAP,
  claudeOutputFormat,
  readClaudeMessages,
  withContract,
} from './runtimes/claude-code/agent-sdk.js';
