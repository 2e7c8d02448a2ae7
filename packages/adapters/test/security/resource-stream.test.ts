// A stream with no newline: bounded memory and a typed error, for the reader and the hook.
import { describe, expect, it } from 'vitest';
import { readAgentRun } from '../../src/index.js';
import { runHookProcess } from '../../src/run-hook.js';
import { hookStateDir } from '../_support/hook-state-dir.js';
import { lazyStream, MiB, STRESS_BYTES } from '../properties/_support/core-support.js';

const chunk = new Uint8Array(MiB).fill(0x78);

describe(`a ${STRESS_BYTES / MiB} MiB stream with no newline (SKILLPACK_STRESS_BYTES)`, () => {
  // Generated lazily from one 1 MiB buffer; readAgentRun decodes and counts it at ~350 MB/s of CPU.
  it('readAgentRun reads it in bounded memory and reports one line_too_long line', async () => {
    const start = process.memoryUsage().rss;
    let peak = start;
    async function* watched() {
      for await (const piece of lazyStream(chunk, STRESS_BYTES)) {
        peak = Math.max(peak, process.memoryUsage().rss);
        yield piece;
      }
    }
    const run = await readAgentRun(watched());
    expect(peak - start, `memory grew by ${Math.round((peak - start) / MiB)} MiB`).toBeLessThan(128 * MiB);
    expect(run.lineCount).toBe(1);
    expect(run.malformedLines).toHaveLength(1);
    expect(run.malformedLines[0]?.error.code).toBe('line_too_long');
    expect(run.malformedLines[0]?.error.details).toMatchObject({
      bytes: STRESS_BYTES,
      maxLineBytes: 16 * MiB,
    });
    expect(run.problems.map((problem) => problem.code)).toEqual(['runtime_undetected']);
  }, 120_000);

  it('the hook reads at most --max-input-bytes of stdin and lets the stop through with a typed reason', async () => {
    let pulled = 0;
    async function* stdin() {
      for await (const piece of lazyStream(chunk, STRESS_BYTES)) {
        pulled += piece.byteLength;
        yield piece;
      }
    }
    const outcome = await runHookProcess(['claude-code', '--contract', 'conflux.acceptance'], {
      stdin: stdin(),
      env: { SKILLPACK_HOOK_STATE_DIR: hookStateDir() },
    });
    expect(pulled).toBeLessThanOrEqual(33 * MiB);
    expect(outcome.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(JSON.parse(outcome.stdout).systemMessage).toContain('more than 33554432 bytes');
  }, 60_000);
});
