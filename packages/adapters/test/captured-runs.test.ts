import { readdirSync, readFileSync } from 'node:fs';
import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { extractContract } from '../src/extract-contract.js';
import { checkContracts } from '../src/hooks/contract-check.js';
import { readAgentRun } from '../src/read-agent-run.js';
import type { RunCandidate } from '../src/run-completion.js';
import type { RuntimeId } from '../src/runtime-id.js';
import { createEventLineUnwrapper } from '../src/unwrap-event-line.js';

/**
 * Every capture of the real CLIs (`scripts/capture-fixtures.mjs`), judged against the CLI's own exit status as
 * its `SOURCES.md` records it: a run the CLI itself failed (exit ≠ 0) must never read as complete, so no contract
 * can be satisfied from it; a run it ended normally reads as complete with a final message, except a cut the
 * CLI does not fail (OpenCode exits 0 after an output-length stop) and plain text (`.txt`: the CLI's default
 * output, which has no completion signal). And the read paths agree on each: `readAgentRun` +
 * `extractContract`, the stateful unwrapper and the Stop hook given the final message.
 */
const RUNTIMES: readonly RuntimeId[] = ['claude-code', 'codex', 'opencode', 'qwen-code'];
const CUT_WITHOUT_FAILING = new Set(['run-json-finish-length.ndjson', 'run-json-length-after-pass.ndjson']);
const isPlainText = (file: string) => file.endsWith('.txt');
/** Runs that completed with an empty final message: no answer (Codex `agent_message` `""`, an OpenCode step with no text). */
const EMPTY_ANSWER = new Set([
  'exec-json-empty-final-message.jsonl',
  'run-json-empty-final-step.ndjson',
  'stream-json-tool-then-empty.jsonl',
]);
/**
 * Runs the CLI completed whose final message the output cannot give: Qwen Code joins the answers of a pushed-back
 * turn into one message, and without `--include-partial-messages` cannot show it did not.
 */
const UNSEPARATED_ANSWER = new Set([
  'qwen-code/json-stop-hook-block.json',
  'qwen-code/stream-json-stop-hook-block-no-partials.jsonl',
  'qwen-code/stream-json-stop-hook-block.jsonl',
  'qwen-code/stream-json-stop-hook-cap.jsonl',
  'qwen-code/stream-json-text-no-partials.jsonl',
]);
const acceptance = builtinContracts.require('conflux.acceptance');

function captures(runtime: RuntimeId): { file: string; exit: number }[] {
  const folder = new URL(`fixtures/${runtime}/captured/`, import.meta.url);
  const sources = readFileSync(new URL('SOURCES.md', folder), 'utf8');
  const rows = [...sources.matchAll(/^\| `([^`]+)` \|[^|]*\|[^|]*\| (\d+) \|/gm)].map((match) => ({
    file: match[1]!,
    exit: Number(match[2]),
  }));
  const listed = rows.map((row) => row.file).sort();
  const onDisk = readdirSync(folder)
    .filter((name) => name !== 'SOURCES.md')
    .sort();
  expect(listed, `${runtime}: every capture has a SOURCES.md row with its exit status`).toEqual(onDisk);
  return rows;
}

const capture = (runtime: RuntimeId, file: string) =>
  readFileSync(new URL(`fixtures/${runtime}/captured/${file}`, import.meta.url), 'utf8');

/** The acceptance kind a result holds, or its error code. */
function answer(result: { success: boolean; data?: unknown; error?: { code: string } }): string {
  return result.success ? String((result.data as { acceptance?: string }).acceptance) : result.error!.code;
}

describe.each(RUNTIMES)('%s captures read as the CLI ended them', (runtime) => {
  const rows = captures(runtime);

  it.each(rows)('$file (exit $exit)', async ({ file, exit }) => {
    const run = await readAgentRun(capture(runtime, file));
    if (isPlainText(file)) {
      expect([run.runtime, run.format, run.finish, run.error?.code]).toEqual([
        'unknown',
        'text',
        'unknown',
        'no_completion_signal',
      ]);
      expect(run.finalText?.trim()).toBeTruthy();
      return;
    }
    expect(run.runtime).toBe(runtime);
    if (exit !== 0) {
      expect(run.finish).not.toBe('complete');
      expect(run.error, 'an incomplete run says why').toBeDefined();
    } else if (CUT_WITHOUT_FAILING.has(file)) {
      expect(run.finish).toBe('length');
    } else if (UNSEPARATED_ANSWER.has(`${runtime}/${file}`)) {
      expect([run.finish, run.finalText]).toEqual(['unknown', undefined]);
      expect(run.error?.code).toMatch(/^final_message_(joined|unverified)$/);
    } else if (EMPTY_ANSWER.has(file)) {
      expect([run.finish, run.finalText]).toEqual(['complete', '']);
    } else {
      expect(run.finish).toBe('complete');
      expect(run.finalText?.trim()).toBeTruthy();
    }
  });

  it.each(rows)('$file: one answer from every read path', async ({ file }) => {
    const raw = capture(runtime, file);
    const run = await readAgentRun(raw);
    const extracted = answer(extractContract(run, acceptance));
    // The unwrapper says a run did not complete, so the parser fails it as extractContract does.
    const unwrapped = answer(safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() }));
    if (run.finish === 'complete') {
      expect(unwrapped).toBe(extracted);
      const hook = checkContracts([acceptance], run.finalText ?? '');
      expect(
        hook.satisfied ? answer({ success: true, data: hook.value }) : hook.failures[0]?.error.code,
      ).toBe(extracted);
    } else {
      expect(extracted).toBe('run_not_complete');
      // Plain text included: it has no event that shows a run completed.
      expect(unwrapped).toBe('run_not_complete');
    }
  });
});

describe('a pass that a failure followed is never accepted', () => {
  // Claude Code ends the run with a synthetic "API Error" message, the candidate; Codex and OpenCode keep the pass.
  it.each([
    ['claude-code', 'stream-json-pass-then-http-401.jsonl', 'missing_verdict'],
    ['codex', 'exec-json-pass-then-turn-failed.jsonl', 'pass'],
    ['opencode', 'run-json-error-after-stop.ndjson', 'pass'],
  ] as const)('%s %s (candidate: %s)', async (runtime, file, candidateAnswer) => {
    const raw = capture(runtime, file);
    const run = await readAgentRun(raw);
    expect(run.finish).toBe('error');
    const extracted = extractContract(run, acceptance);
    expect(extracted.success ? 'accepted' : extracted.error.code).toBe('run_not_complete');
    const candidate = !extracted.success && (extracted.error.details.candidate as RunCandidate);
    expect(
      candidate &&
        (candidate.success ? answer({ success: true, data: candidate.data }) : candidate.error.code),
    ).toBe(candidateAnswer);
    expect(answer(safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() }))).toBe(
      'run_not_complete',
    );
  });
});
