import { eachAs, readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { UsageTotal } from '../_shared/usage.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunUsage } from '../agent-run.js';
import { type PiFinalMessage, piEnd, piMessageText } from './final-message.js';
import { piWireSchemas } from './wire-definitions.js';
import type { PiUsage } from './wire-schemas.js';

const toPiRunUsage = (usage: PiUsage): RunUsage => ({
  inputTokens: usage.input,
  outputTokens: usage.output,
  cacheReadTokens: usage.cacheRead,
  cacheWriteTokens: usage.cacheWrite,
  reasoningTokens: usage.reasoning,
});

/**
 * Where Pi's final answer lives, in `--mode json` lines (1.6.0): the text parts of the last assistant
 * `message_end`; how the run ended is that message's `stopReason` (`final-message.ts`). A push-back
 * (`agent_before_settle`) starts another `agent_start … agent_end` in the same run; only `agent_settled` ends
 * it, so output cut before it (a slow extension ends stdout early with exit 0) never completes. Usage sums
 * every request's.
 */
function createPiAnswer(run: RunBuilder): AnswerReader {
  const wire = piWireSchemas();
  const calls = new ToolCalls(run, false);
  const spent = new UsageTotal();
  let final: PiFinalMessage | undefined;
  let settled: { aborted: boolean } | undefined;
  let lastError: string | undefined;

  const accept = readByType(run, {
    ...eachAs(
      ['agent_start', 'agent_end', 'turn_start', 'turn_end', 'queue_update', 'entry_appended'],
      'status',
    ),
    ...eachAs(['compaction_start', 'compaction_end', 'auto_retry_start'], 'status'),
    message_update: 'delta',
    tool_execution_update: 'tool',
    session(event, line) {
      parseWire(wire.PiSessionHeaderSchema, event, line, run);
      return 'session';
    },
    ...eachAs(['message_start', 'message_end'], (event, line) => {
      const parsed = parseWire(wire.PiMessageEventSchema, event, line, run);
      if (!parsed) return 'unknown';
      const { message } = parsed;
      if (message.role === 'user' || message.role === 'custom') return 'user';
      if (message.role !== 'assistant' || parsed.type === 'message_start') return 'status';
      if (message.model && !run.model) run.model = message.model;
      const usage = parseOptionalWire(wire.PiUsageSchema, message.usage, 'message usage', line, run);
      if (usage) spent.add(toPiRunUsage(usage), usage.cost?.total);
      const text = piMessageText(message.content);
      run.appendMessageText(undefined, text, line, undefined);
      final = { text, stopReason: message.stopReason, errorMessage: message.errorMessage };
      if (message.stopReason === 'error' || message.stopReason === 'aborted')
        lastError = message.errorMessage;
      return 'message';
    }),
    tool_execution_start(event, line) {
      const call = parseWire(wire.PiToolStartEventSchema, event, line, run);
      if (call) calls.began(call.toolCallId, line, { name: call.toolName, input: call.args });
      return 'tool';
    },
    tool_execution_end(event, line) {
      const done = parseWire(wire.PiToolEndEventSchema, event, line, run);
      if (!done) return 'tool';
      const output = piMessageText(done.result?.content);
      const failed = done.isError === true;
      const error = failed ? output || 'The tool call failed.' : undefined;
      calls.ended(done.toolCallId, line, { name: done.toolName, output, failed, error });
      return 'tool';
    },
    agent_settled(event, line) {
      const parsed = parseWire(wire.PiAgentSettledEventSchema, event, line, run);
      settled = { aborted: parsed?.aborted === true };
      return 'finish';
    },
    auto_retry_end(event, line) {
      const parsed = parseWire(wire.PiAutoRetryEndEventSchema, event, line, run);
      if (parsed && !parsed.success) lastError = parsed.finalError ?? lastError;
      return 'error';
    },
  });

  const totals = () => ({ finalText: final?.text, usage: spent.usage, costUsd: spent.costUsd });
  return {
    accept,
    ended: () => (settled ? { ...piEnd(final, settled.aborted), ...totals() } : undefined),
    totals,
    reportedError: () => lastError,
  };
}

/** Pi's events for the reader engine: the `session` header opens the one run, `agent_settled` ends it. */
export const piEvents: EventVocabulary = {
  format: () => 'events-json',
  start: { matches: (event) => event.type === 'session', perTurn: false, requiredIn: ['events-json'] },
  isTerminal: (event) => event.type === 'agent_settled',
  endsOnce: true,
  sessionOf: (event) => (event.type === 'session' && typeof event.id === 'string' ? event.id : undefined),
  isSubagent: () => false,
  createAnswer: createPiAnswer,
};
