export type {
  ClaudeContractOptions,
  ClaudeHookCallback,
  ClaudeHookMatcher,
  ClaudeHookOutput,
  ReadClaudeMessagesOptions,
} from './runtimes/claude-code/agent-sdk.js';
export { readClaudeMessages, withContract } from './runtimes/claude-code/agent-sdk.js';
