import type { FinishState, RunError, RunUsage } from '../agent-run.js';
import type { ClaudeResultEvent, ClaudeUsage } from './wire-schemas.js';

/**
 * What in a clean `success` result says otherwise: 2.1.328 sends `terminal_reason: "completed"`,
 * `api_error_status: null` and no `errors` beside every clean success.
 */
function successContradiction(result: ClaudeResultEvent): string | undefined {
  const reason = result.terminal_reason;
  if (reason !== undefined && reason !== null && reason !== 'completed')
    return `its terminal_reason is ${JSON.stringify(reason)}`;
  if (typeof result.api_error_status === 'number')
    return `it carries api_error_status ${result.api_error_status}`;
  if (result.errors !== undefined && result.errors.length > 0) return 'it lists errors';
  return undefined;
}

/**
 * How a `result` event ends the run. `subtype:"success"` with `is_error:true` is an API error whose text
 * is in `result` (sdk.d.ts 0.3.332); error subtypes carry `errors[]` and no `result`.
 */
export function claudeFinishFromResult(result: ClaudeResultEvent): { finish: FinishState; error?: RunError } {
  if (result.subtype === 'success' && result.is_error !== true) {
    const contradiction = successContradiction(result);
    if (contradiction === undefined) return { finish: 'complete' };
    return {
      finish: 'error',
      error: {
        code: 'contradictory_result',
        message: `The result says "success" but ${contradiction}; a result that contradicts itself does not complete the run.`,
      },
    };
  }
  const message =
    result.errors && result.errors.length > 0
      ? result.errors.join('\n')
      : (result.result ??
        (result.api_error_status == null
          ? `Claude Code ended the run with result subtype "${result.subtype}".`
          : `Claude Code ended the run on an API error (HTTP ${result.api_error_status}).`));
  const code = result.subtype === 'success' ? 'api_error' : result.subtype;
  return { finish: result.subtype === 'error_max_turns' ? 'max_turns' : 'error', error: { code, message } };
}

/** The final answer a result carries: `result` unless the run ended on an error. */
export function claudeResultText(result: ClaudeResultEvent): string | undefined {
  return result.subtype === 'success' && result.is_error !== true ? result.result : undefined;
}

/**
 * A result's `model_usage_since_last_result` (2.1.328: the turn's usage per model, in camelCase) summed over
 * models, or `undefined` when the result has none. `modelUsage` beside it is the session's running total.
 */
export function claudeTurnModelUsage(result: Readonly<Record<string, unknown>>): RunUsage | undefined {
  const perModel = result.model_usage_since_last_result;
  if (typeof perModel !== 'object' || perModel === null || Array.isArray(perModel)) return undefined;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  let total: RunUsage | undefined;
  for (const model of Object.values(perModel)) {
    if (typeof model !== 'object' || model === null) continue;
    const entry = model as Record<string, unknown>;
    total = {
      inputTokens: (total?.inputTokens ?? 0) + count(entry.inputTokens),
      outputTokens: (total?.outputTokens ?? 0) + count(entry.outputTokens),
      cacheReadTokens: (total?.cacheReadTokens ?? 0) + count(entry.cacheReadInputTokens),
      cacheWriteTokens: (total?.cacheWriteTokens ?? 0) + count(entry.cacheCreationInputTokens),
      reasoningTokens: undefined,
    };
  }
  return total;
}

const usageTotal = (usage: RunUsage) =>
  usage.inputTokens + usage.outputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);

/**
 * The usage of the turn a result closes: the one it reports, unless it reports zero, as
 * `error_max_budget_usd` does (2.1.328); then the turn's per-model usage since the last result, else the
 * messages' own (`streamed`, which 2.1.328 prints as of the message's start).
 */
export function claudeResultUsage(
  result: ClaudeResultEvent,
  reported: RunUsage | undefined,
  streamed: RunUsage | undefined,
): RunUsage | undefined {
  if (reported && usageTotal(reported) > 0) return reported;
  return claudeTurnModelUsage(result) ?? streamed ?? reported;
}

/** Anthropic usage: `input_tokens` excludes cache reads and writes, which have their own counters. */
export function toClaudeRunUsage(usage: ClaudeUsage): RunUsage {
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens ?? undefined,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? undefined,
    reasoningTokens: undefined,
  };
}
