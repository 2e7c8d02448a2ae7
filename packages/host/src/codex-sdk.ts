export type { CodexThreadLike, RunCodexThreadOptions } from './runtimes/codex/sdk.js';
export { runCodexThread } from './runtimes/codex/sdk.js';
