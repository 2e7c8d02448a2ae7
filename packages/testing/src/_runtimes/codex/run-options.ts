import type { CodexHookListing } from '@skillpack/adapters/codex';

/** The `runAgent` options only Codex reads. */
export interface CodexRunOptions {
  /**
   * Codex only: trust the project and every hook it has (or those a function accepts) through Codex's own
   * app-server before the run (Codex skips untrusted hooks silently). For tests; off by default.
   */
  readonly trustCodexHooks?: boolean | ((hook: CodexHookListing) => boolean);
}
