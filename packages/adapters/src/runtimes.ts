import type { TypedEvent } from './_shared/event-line.js';
import type { DispatchRuntimes } from './_shared/line-dispatcher.js';
import { claudeCodeRuntime } from './claude-code/runtime.js';
import { codexRuntime } from './codex/runtime.js';
import { copilotCliRuntime } from './copilot-cli/runtime.js';
import { geminiCliRuntime } from './gemini-cli/runtime.js';
import { openCodeRuntime } from './opencode/runtime.js';
import { piRuntime } from './pi/runtime.js';
import { qwenCodeRuntime } from './qwen-code/runtime.js';
import type { AdapterRuntime } from './runtime-declaration.js';
import { RUNTIME_IDS, type RuntimeId } from './runtime-id.js';

/**
 * Every runtime's adapter declaration, one per id of `RUNTIME_IDS`: the one place a runtime is registered in
 * `@skillpack/adapters`. Every list and map of runtimes in the package derives from it.
 */
export const ADAPTER_RUNTIMES = {
  'claude-code': claudeCodeRuntime,
  codex: codexRuntime,
  opencode: openCodeRuntime,
  'gemini-cli': geminiCliRuntime,
  'copilot-cli': copilotCliRuntime,
  'qwen-code': qwenCodeRuntime,
  pi: piRuntime,
} as const satisfies { readonly [R in RuntimeId]: AdapterRuntime<R> };

/** The declarations in `RUNTIME_IDS` order. */
export const ADAPTER_RUNTIME_LIST: readonly AdapterRuntime[] = RUNTIME_IDS.map((id) => ADAPTER_RUNTIMES[id]);

/** The declarations in the order their sniffs are tried (lowest `precedence` first). */
const BY_SNIFF_PRECEDENCE = [...ADAPTER_RUNTIME_LIST].sort((a, b) => a.sniff.precedence - b.sniff.precedence);

/** The runtime that wrote this event, when the event alone says so; the first matching sniff wins. */
export function sniffRuntime(event: TypedEvent): RuntimeId | undefined {
  return BY_SNIFF_PRECEDENCE.find((runtime) => runtime.sniff.matches(event))?.id;
}

/** The runtimes as the reader engine takes them: it stands below this registry and imports none. */
export const DISPATCH_RUNTIMES: DispatchRuntimes = {
  byId: ADAPTER_RUNTIMES,
  sniff: sniffRuntime,
  expectedOutputs: orList(ADAPTER_RUNTIME_LIST.map((runtime) => runtime.outputName)),
};

/** The assistant text one event carries, by the first runtime (in sniff order) that reads it as its own. */
export function unwrapAnyEvent(event: TypedEvent): string | undefined {
  for (const runtime of BY_SNIFF_PRECEDENCE) {
    const text = runtime.unwrapEvent(event);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** "A, B or C": the runtimes' names (or any per-runtime text) joined for a message. */
export function orList(items: readonly string[], last = 'or'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
