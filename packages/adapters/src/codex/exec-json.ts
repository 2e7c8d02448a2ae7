import type { TypedEvent } from '../_shared/event-line.js';
import { eachAs, readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunError, RunUsage } from '../agent-run.js';
import { CodexTurn } from './final-message.js';
import { readCodexItem } from './items.js';
import { acceptCodexNotify } from './notify.js';
import {
  codexRolloutRows,
  isCodexPersonPrompt,
  isRolloutStart,
  isRolloutTurnEnd,
  rolloutSessionOf,
} from './rollout.js';
import { CODEX_ITEM_TYPES, codexWireSchemas } from './wire-definitions.js';
import type { CodexUsage } from './wire-schemas.js';

const KNOWN_ITEM_TYPES: ReadonlySet<string> = new Set(CODEX_ITEM_TYPES);

/** OpenAI usage: `input_tokens` includes the cached ones, which `cached_input_tokens` counts again. */
export function toCodexRunUsage(usage: CodexUsage): RunUsage {
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheReadTokens: usage.cached_input_tokens,
    cacheWriteTokens: usage.cache_write_input_tokens,
    reasoningTokens: usage.reasoning_output_tokens,
  };
}

/**
 * Where Codex's final answer lives, in `codex exec --json` JSONL, its session rollout (`rollout.ts`) and the
 * legacy `notify` payload when that is the whole input (the rule is in `final-message.ts`). Top-level `error` lines are non-fatal
 * (`Reconnecting... 2/5`) unless the turn fails. Usage is the last `turn.completed`'s: Codex reports the
 * thread's running total there, so a resumed thread (`codex exec resume`) reports its earlier runs' tokens too.
 */
function createCodexAnswer(run: RunBuilder): AnswerReader {
  const wire = codexWireSchemas();
  const calls = new ToolCalls(run, false);
  const turn = new CodexTurn();
  let lastError: RunError | undefined;
  let usage: RunUsage | undefined;
  let notified = false;

  const accept = readByType(run, {
    'thread.started'(event, line) {
      parseWire(wire.CodexThreadStartedEventSchema, event, line, run);
      return 'session';
    },
    'turn.started'() {
      turn.start();
      // Item ids (`item_0`, …) restart with each turn of a resumed thread.
      run.closeOpenItems();
      return 'status';
    },
    'turn.completed'(event, line) {
      const completed = parseWire(wire.CodexTurnCompletedEventSchema, event, line, run);
      if (!completed) return 'finish';
      turn.completed();
      const parsed = parseOptionalWire(wire.CodexUsageSchema, completed.usage, 'turn usage', line, run);
      if (parsed) usage = toCodexRunUsage(parsed);
      return 'finish';
    },
    'turn.failed'(event, line) {
      const failed = parseWire(wire.CodexTurnFailedEventSchema, event, line, run);
      if (failed) turn.failed({ code: 'turn.failed', message: failed.error.message });
      return 'finish';
    },
    error(event, line) {
      // Non-fatal in real runs (`Reconnecting... 2/5`); only `turn.failed` or a missing end fails the run.
      const error = parseWire(wire.CodexErrorEventSchema, event, line, run);
      if (!error) return 'error';
      lastError = { code: 'error', message: error.message };
      run.warn('runtime_error', error.message, { line });
      return 'error';
    },
    ...eachAs(['item.started', 'item.updated', 'item.completed'], (event, line) => {
      const envelope = parseWire(wire.CodexItemEventSchema, event, line, run);
      if (!envelope) return 'unknown';
      if (!KNOWN_ITEM_TYPES.has(envelope.item.type)) {
        run.unknown(`item/${envelope.item.type}`);
        return 'unknown';
      }
      const what = `the ${envelope.item.type} item`;
      const item = parseOptionalWire(wire.CodexThreadItemSchema, event.item, what, line, run);
      return item
        ? readCodexItem(run, calls, turn, item, envelope.type === 'item.completed', line)
        : 'unknown';
    }),
    'agent-turn-complete'(event, line) {
      if (acceptCodexNotify(run, event, line)) notified = true;
      return 'finish';
    },
    ...codexRolloutRows({ run, calls, turn, setUsage: (total) => (usage = toCodexRunUsage(total)) }),
  });

  return {
    accept,
    ended: () => turn.ended(run, usage, notified),
    totals: () => ({ finalText: turn.finalMessage(run).finalText, usage }),
    reportedError: () => lastError?.message,
  };
}

const CODEX_TERMINAL_TYPES: ReadonlySet<string> = new Set([
  'turn.completed',
  'turn.failed',
  'agent-turn-complete',
]);

const formatOf = (first: TypedEvent) =>
  first.type === 'agent-turn-complete' ? 'notify' : isRolloutStart(first) ? 'transcript' : 'exec-json';

/**
 * Codex's events for the reader engine: `thread.started` (a rollout: `session_meta`) opens the one thread, a
 * turn's end ends the run.
 */
export const codexEvents: EventVocabulary = {
  format: formatOf,
  start: {
    matches: (event) => event.type === 'thread.started' || isRolloutStart(event),
    perTurn: false,
    requiredIn: ['exec-json', 'transcript'],
  },
  isTerminal: (event) => CODEX_TERMINAL_TYPES.has(event.type) || isRolloutTurnEnd(event),
  endsOnce: false,
  sessionOf: (event) =>
    event.type === 'thread.started' && typeof event.thread_id === 'string'
      ? event.thread_id
      : event.type === 'agent-turn-complete' && typeof event['thread-id'] === 'string'
        ? event['thread-id']
        : rolloutSessionOf(event),
  isSubagent: () => false,
  isPersonPrompt: isCodexPersonPrompt,
  createAnswer: createCodexAnswer,
};
