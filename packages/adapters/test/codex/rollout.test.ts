// Issue #43: Codex's session rollout (the Stop hook's `transcript_path`), captured from the pinned CLI in the
// real mcp-submit loop (fixtures/codex/SOURCES.md), is read by readAgentRun as a Codex run, and the
// Codex Stop hook judges a tool-delivered contract by the submit calls of the stop's turn in it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handleCodexStop } from '../../src/codex/stop-hook.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { noState } from '../_support/read-paths.js';
import { firstLines, refund, rollout, rolloutUrl } from './_rollout.js';

/** The Stop hook inputs Codex sent during the captured run, in order. */
const stopsOf = (stem: string): Record<string, unknown>[] =>
  JSON.parse(readFileSync(rolloutUrl(`${stem}-0.169.0.stops.json`), 'utf8'));

const dir = mkdtempSync(join(tmpdir(), 'skillpack-codex-rollout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Codex Stop hook on a captured stop payload whose transcript holds `transcript`. */
async function stopOn(payload: Record<string, unknown>, transcript: Buffer) {
  const path = join(dir, 'rollout.jsonl');
  writeFileSync(path, transcript);
  return handleCodexStop(
    { ...payload, transcript_path: path },
    { contracts: [refund], blockCounter: noState },
  );
}

describe('readAgentRun on a Codex 0.169.0 session rollout', () => {
  it('reads the run of its last prompt: the hook block, the accepted submit, the final message', async () => {
    for (const runtime of ['codex', 'auto'] as const) {
      const run = await readAgentRun(rollout('hook-block'), { runtime });
      expect(run).toMatchObject({
        runtime: 'codex',
        format: 'transcript',
        sessionId: '01a24b98-19de-7fd0-af47-8cfbd6e2cbd6',
        runtimeVersion: '0.169.0',
        finish: 'complete',
        finalText: 'Done.',
        unknownEventTypes: {},
        malformedLineCount: 0,
      });
      expect(run.messages.map((message) => message.text)).toEqual([
        'Refund it.\n{"refund":true,"amount":3}',
        'Done.',
      ]);
      expect(run.tools).toEqual([
        expect.objectContaining({
          name: 'mcp__acme_refund__submit_acme_refund',
          input: { answer: { refund: true, amount: 3 } },
          status: 'completed',
          output: expect.stringMatching(/^Accepted: your Acme refund decision/),
        }),
      ]);
      expect(extractContract(run, refund)).toMatchObject({
        success: true,
        data: { refund: true, amount: 3 },
      });
    }
  });

  it("on Codex's default model, the tool search before the submit is model history, not a call", async () => {
    const run = await readAgentRun(rollout('default-model'), { runtime: 'codex' });
    expect([run.finish, run.finalText, run.unknownEventTypes]).toEqual(['complete', 'Done.', {}]);
    expect(run.tools.map((tool) => [tool.name, tool.status])).toEqual([
      ['mcp__acme_refund__submit_acme_refund', 'completed'],
    ]);
    expect(extractContract(run, refund)).toMatchObject({ success: true, data: { refund: true, amount: 3 } });
  });

  it('a submit the server refused is a failed call: no answer', async () => {
    const run = await readAgentRun(rollout('submit-failed'), { runtime: 'codex' });
    expect(run.finish).toBe('complete');
    expect(run.tools).toEqual([
      expect.objectContaining({
        status: 'error',
        error: expect.stringContaining('amount: Too small'),
      }),
    ]);
    expect(extractContract(run, refund)).toMatchObject({ success: false });
  });

  it("a resumed session's earlier prompt answers nothing asked after it", async () => {
    const raw = rollout('resumed');
    const whole = await readAgentRun(raw, { runtime: 'codex' });
    expect([whole.finish, whole.finalText]).toEqual(['complete', 'Done.']);
    expect(whole.tools.length).toBeGreaterThan(0);
    expect(whole.tools.every((tool) => tool.earlierPrompt === true)).toBe(true);
    expect(extractContract(whole, refund)).toMatchObject({ success: false });
    // The first prompt alone (up to its task_complete, line 19) is answered by its submit.
    const first = await readAgentRun(firstLines(raw, 19), { runtime: 'codex' });
    expect(extractContract(first, refund)).toMatchObject({
      success: true,
      data: { refund: true, amount: 3 },
    });
  });

  it('a prompt that ended with an error (task_complete with error) did not complete', async () => {
    const run = await readAgentRun(rollout('resumed-turn-failed'), { runtime: 'codex' });
    expect(run).toMatchObject({ finish: 'error', error: { code: 'turn.failed' }, finalText: undefined });
  });
});

describe('the Codex Stop hook at each captured stop, the rollout as it stood then', () => {
  // The rollout at each stop, copied by a second Stop hook, was the first N lines of the final file.
  it.each([
    ['hook-block', 0, 13, 'block', 'delivered only by calling the submit_acme_refund tool'],
    ['hook-block', 1, 24, 'allow', undefined],
    ['submit-failed', 0, 18, 'block', 'amount: Too small'],
    ['resumed', 0, 18, 'allow', undefined],
    // The first prompt's accepted submit is no answer to the second prompt.
    ['resumed', 1, 30, 'block', 'Call the submit_acme_refund tool with arguments'],
  ] as const)('%s, stop %i (%i lines): %s', async (stem, stop, lines, kind, reason) => {
    const result = await stopOn(stopsOf(stem)[stop]!, firstLines(rollout(stem), lines));
    expect(result.decision.kind).toBe(kind);
    if (kind === 'allow') expect(result.decision).toMatchObject({ because: 'satisfied' });
    else expect(result.output).toMatchObject({ reason: expect.stringContaining(reason) });
  });

  it.each([
    ['whose last line is still being written', 'partial'],
    ['that is a FIFO', 'fifo'],
  ] as const)(
    'a transcript %s is not read: let through with a notice, where the whole one is pushed back',
    async (_name, kind) => {
      const payload = stopsOf('submit-failed')[0]!;
      const raw = firstLines(rollout('submit-failed'), 18);
      expect((await stopOn(payload, raw)).decision.kind).toBe('block');
      let path = join(dir, 'partial.jsonl');
      if (kind === 'partial') writeFileSync(path, raw.subarray(0, raw.length - 9));
      else {
        path = join(dir, 'fifo.jsonl');
        execFileSync('mkfifo', [path]);
      }
      const result = await handleCodexStop(
        { ...payload, transcript_path: path },
        { contracts: [refund], blockCounter: noState },
      );
      expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
      expect(result.output.systemMessage).toMatch(/not known/);
    },
  );
});
