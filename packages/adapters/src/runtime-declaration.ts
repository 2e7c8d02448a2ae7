import type { TypedEvent } from './_shared/event-line.js';
import type { EventVocabulary } from './_shared/event-vocabulary.js';
import type { McpToolNaming } from './_shared/mcp-tool-name.js';
import type { RunFormat } from './agent-run.js';
import type { RuntimeId } from './runtime-id.js';

export type { StopHookDialect } from './hooks/stop-hook-dialect.js';

/** How a runtime's headless output is told apart from the others', one event at a time. */
export interface RuntimeSniff {
  /** Lower sniffs first; a stricter sniff (OpenCode's, which needs `sessionID` and a timestamp) goes first. */
  readonly precedence: number;
  /** Whether this event alone shows that this runtime wrote it. */
  matches(event: TypedEvent): boolean;
}

/** The rule that picks a run's final message, written next to the reader, and the versions it was seen in. */
export interface FinalAnswerRule {
  readonly rule: string;
  readonly seenIn: string;
}

/**
 * What `@skillpack/adapters` knows about one runtime: one declaration in `src/<runtime>/runtime.ts`, listed
 * in `ADAPTER_RUNTIMES` (`src/runtimes.ts`).
 */
export interface AdapterRuntime<R extends RuntimeId = RuntimeId> {
  readonly id: R;
  /** The runtime's name in messages: `Claude Code`. */
  readonly title: string;
  /** Its headless output in messages: `Claude Code stream-json`. */
  readonly outputName: string;
  /** Its headless output's events, for the one reader engine: what starts and ends a run, where the answer lives. */
  readonly events: EventVocabulary;
  /** Its SDK's event objects, where they differ from its lines (Copilot SDK: no `result` line). */
  readonly sdkEvents?: EventVocabulary;
  /** How `readAgentRun({ runtime: 'auto' })` recognises it. */
  readonly sniff: RuntimeSniff;
  /** The assistant text one event carries, read alone (`unwrapEventLine`); `undefined` when not its event. */
  unwrapEvent(event: TypedEvent): string | undefined;
  /** The format of a whole JSON document of its events, when it has one (Claude's `--output-format json`). */
  readonly documentFormat: RunFormat | undefined;
  readonly finalAnswer: FinalAnswerRule;
  /**
   * How it names a tool of an MCP server (docs/runtimes-mcp.md), as its output records the call: a
   * tool-delivered contract's submit calls are matched by it, and skill-gen's `install.mcp` agrees with it.
   */
  readonly mcpToolName: McpToolNaming;
  /**
   * Its wire schemas: the `@skillpack/adapters/wire` namespace that exports them, and their builder, which
   * builds them on its first call (not when the runtime is loaded) and returns the same schemas after.
   */
  readonly wire: { readonly exportName: string; readonly schemas: () => object };
}
