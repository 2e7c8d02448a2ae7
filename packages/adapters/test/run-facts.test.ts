import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { extractContract } from '../src/extract-contract.js';
import { checkContracts } from '../src/hooks/contract-check.js';
import { readAgentRun } from '../src/read-agent-run.js';
import type { RuntimeId } from '../src/runtime-id.js';
import { createEventLineUnwrapper } from '../src/unwrap-event-line.js';
import { fixtureText } from './_support/fixtures.js';

/**
 * One row per runtime fact (issue #16), read from a fixture file: how the run ended, why, its final message
 * and what `conflux.acceptance` reads from it. Rows name files, so captured fixtures can join the table.
 */
interface Fact {
  readonly runtime: RuntimeId;
  readonly file: string;
  readonly finish: string;
  readonly error?: string;
  /** The acceptance kind `extractContract` reads, or the error code it fails with. */
  readonly verdict: string;
  /** The acceptance kind inside `details.candidate` of a `run_not_complete`. */
  readonly candidate?: string;
  readonly finalText?: string | RegExp;
  readonly usage?: Readonly<Record<string, number>>;
}

const PASS = '{"acceptance":"pass"}';

const FACTS: readonly Fact[] = [
  // Claude Code
  {
    runtime: 'claude-code',
    file: 'captured/stream-json-max-turns-pass-before-tool.jsonl',
    finish: 'max_turns',
    error: 'error_max_turns',
    verdict: 'run_not_complete',
    candidate: 'pass',
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-result-empty.jsonl',
    finish: 'complete',
    verdict: 'pass',
    finalText: `All criteria hold.\n${PASS}`,
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-result-last-block.jsonl',
    finish: 'complete',
    verdict: 'pass',
    finalText: `All criteria hold.\n${PASS}`,
  },
  {
    runtime: 'claude-code',
    // 2.1.328: `result` holds only the continuation (' hold.\n…'); the reader joins the cut message to it.
    file: 'captured/stream-json-max-tokens-recovery.jsonl',
    finish: 'complete',
    verdict: 'pass',
    finalText: `All checks hold.\n${PASS}`,
  },
  {
    // 2.1.328 asks for a continuation three times, then fails the run with a synthetic "API Error" message.
    runtime: 'claude-code',
    file: 'captured/stream-json-max-tokens-cut.jsonl',
    finish: 'error',
    error: 'api_error',
    verdict: 'run_not_complete',
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-max-tokens-cut.jsonl',
    finish: 'length',
    error: 'max_tokens',
    verdict: 'run_not_complete',
    candidate: 'pass',
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-local-command-result.jsonl',
    finish: 'complete',
    verdict: 'pass',
    finalText: `Checked.\n${PASS}`,
  },
  {
    runtime: 'claude-code',
    // Two prompts on stdin: two `result` lines (`result_index` 0, 1); each result's usage is its turn's, and
    // the second `modelUsage` is the running total (8810 input, 11 output), which is not added up again.
    file: 'captured/stream-json-two-prompts-two-results.jsonl',
    finish: 'complete',
    verdict: 'missing_verdict',
    finalText: 'The project holds notes.txt.',
    usage: { inputTokens: 8810, outputTokens: 11 },
  },
  {
    runtime: 'claude-code',
    // The result's `usage` is all zero; the run's usage comes from its assistant lines.
    file: 'captured/stream-json-max-budget.jsonl',
    finish: 'error',
    error: 'error_max_budget_usd',
    verdict: 'run_not_complete',
    candidate: 'pass',
    usage: { inputTokens: 4414, outputTokens: 24 },
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-partial-message-delta.jsonl',
    finish: 'complete',
    verdict: 'fail',
  },
  {
    // 2.1.328 continues once after a refusal, then ends with a synthetic "API Error" (`refused_message_id`).
    runtime: 'claude-code',
    file: 'captured/stream-json-refusal.jsonl',
    finish: 'refused',
    error: 'refusal',
    verdict: 'run_not_complete',
  },
  {
    // The refused pass is withheld; the answer after the CLI's one continuation is the final message.
    runtime: 'claude-code',
    file: 'captured/stream-json-refusal-continued.jsonl',
    finish: 'complete',
    verdict: 'fail',
    finalText: /^Re-checked\./,
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-refusal-no-fallback.jsonl',
    finish: 'refused',
    error: 'refusal',
    verdict: 'run_not_complete',
  },
  {
    runtime: 'claude-code',
    file: 'stream-json-refusal-fallback.jsonl',
    finish: 'complete',
    verdict: 'fail',
    finalText: /^Re-checked with the fallback model/,
  },
  {
    runtime: 'claude-code',
    file: 'captured/result-json-verbose-pass.json',
    finish: 'complete',
    verdict: 'pass',
    finalText: `All checks hold.\n${PASS}`,
  },
  // Codex
  {
    runtime: 'codex',
    file: 'captured/exec-json-pass-then-turn-failed.jsonl',
    finish: 'error',
    error: 'turn.failed',
    verdict: 'run_not_complete',
    candidate: 'pass',
  },
  {
    runtime: 'codex',
    file: 'exec-json-started-message-truncated.jsonl',
    finish: 'truncated',
    error: 'no_terminal_event',
    verdict: 'run_not_complete',
    candidate: 'pass',
  },
  {
    runtime: 'codex',
    file: 'exec-json-plan-final.jsonl',
    finish: 'complete',
    verdict: 'pass',
    finalText: /^1\. Run the tests\./,
  },
  {
    runtime: 'codex',
    file: 'exec-json-resume-thread-total.jsonl',
    finish: 'complete',
    verdict: 'pass',
    usage: { inputTokens: 5400, cacheReadTokens: 4096, outputTokens: 310 },
  },
  // OpenCode
  {
    runtime: 'opencode',
    file: 'captured/run-json-length-after-pass.ndjson',
    finish: 'length',
    error: 'length',
    verdict: 'run_not_complete',
    candidate: 'pass',
  },
  {
    runtime: 'opencode',
    file: 'run-json-dev-error-shape.ndjson',
    finish: 'error',
    error: 'api_error',
    verdict: 'run_not_complete',
    candidate: 'pass',
  },
  {
    runtime: 'opencode',
    file: 'run-json-child-session-text.ndjson',
    // A child session's line after the main step finished: the run went on after its end.
    finish: 'truncated',
    error: 'output_after_end',
    verdict: 'run_not_complete',
    candidate: 'fail',
  },
];

function kindOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null
    ? (value as { acceptance?: string }).acceptance
    : undefined;
}

describe.each(FACTS)('$runtime $file', (fact) => {
  it(`ends as ${fact.finish}, and conflux.acceptance reads ${fact.verdict}`, async () => {
    const raw = fixtureText(fact.runtime, fact.file);
    const run = await readAgentRun(raw);
    expect(run.runtime).toBe(fact.runtime);
    expect(run.malformedLineCount).toBe(0);
    expect(run.finish).toBe(fact.finish);
    if (fact.finish === 'complete') expect(run.error).toBeUndefined();
    else expect(run.error?.code).toBe(fact.error);
    if (typeof fact.finalText === 'string') expect(run.finalText).toBe(fact.finalText);
    else if (fact.finalText) expect(run.finalText).toMatch(fact.finalText);
    if (fact.usage) expect(run.usage).toMatchObject(fact.usage);

    const extracted = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(extracted.success ? kindOf(extracted.data) : extracted.error.code).toBe(fact.verdict);
    if (fact.candidate) {
      const candidate = !extracted.success && (extracted.error.details.candidate as { data?: unknown });
      expect(candidate && kindOf(candidate.data)).toBe(fact.candidate);
    }
  });

  it('the stateful unwrapper gives the same answer', async () => {
    const raw = fixtureText(fact.runtime, fact.file);
    const parsed = safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() });
    expect(parsed.success ? parsed.data.acceptance : parsed.error.code).toBe(fact.verdict);
  });
});

describe.each(FACTS.filter((fact) => fact.finish === 'complete'))('$runtime $file', (fact) => {
  it('the Stop hook, given the same final message, gives the same answer', async () => {
    const run = await readAgentRun(fixtureText(fact.runtime, fact.file));
    const check = checkContracts([builtinContracts.require('conflux.acceptance')], run.finalText ?? '');
    expect(check.satisfied ? kindOf(check.value) : check.failures[0]?.error.code).toBe(fact.verdict);
  });
});
