import type { ClaudeCodeRunOptions } from './claude-code/run-options.js';
import type { CodexRunOptions } from './codex/run-options.js';

/**
 * The `runAgent` options only one runtime reads, each declared in its folder (part of `RunAgentOptions`): a
 * runtime with options of its own adds them here, beside its line in `RUNTIME_SETUPS` (`registry.ts`). Kept
 * apart from the registry, which imports every setup, so the options type imports no setup.
 */
export interface RuntimeRunOptions extends ClaudeCodeRunOptions, CodexRunOptions {}
