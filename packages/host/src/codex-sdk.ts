export type { CodexThreadLike, RunCodexThreadOptions } from './runtimes/codex/sdk.js';
export { codexOutputSchema, runCodexThread } from './runtimes/codex/sdk.js';
