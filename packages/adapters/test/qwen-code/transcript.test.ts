// Issue #43: Qwen Code's Stop hook reads a tool-delivered contract's submit calls from the chat recording its
// payload names (`transcript_path`), and the one reader engine reads that file too: on every prefix of a real
// recording, the hook and readAgentRun + extractContract give the same answer.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineContract } from '@skillpack/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentRun } from '../../src/agent-run.js';
import { extractContract } from '../../src/extract-contract.js';
import { handleQwenCodeStop } from '../../src/qwen-code/stop-hook.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { noState } from '../_support/read-paths.js';

/** The contract of the captured pack (`acme-refund`, SOURCES.md): an amount of 7 only the contract refuses. */
const refund = defineContract({
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Acme refund decision',
  description: 'Whether the order is refunded.',
  delivery: 'tool',
  schema: z.discriminatedUnion('refund', [
    z.strictObject({
      refund: z.literal(true),
      amount: z
        .number()
        .positive()
        .refine((n) => n !== 7, 'seven is not allowed'),
    }),
    z.strictObject({ refund: z.literal(false), reason: z.string().min(1) }),
  ]),
  examples: [{ name: 'refund', value: { refund: true, amount: 12.5 } }],
});

const fixture = (name: string) => new URL(`../fixtures/qwen-code/${name}`, import.meta.url);
const RAW = readFileSync(fixture('transcript-mcp-submit-0.24.4.jsonl'));
/** The three Stop payloads of the capture: the text answer, the first prompt's end, the second prompt's end. */
const PAYLOADS = readFileSync(fixture('hook-inputs/transcript-mcp-submit-0.24.4.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const TOOL = 'mcp__acme-refund__submit_acme_refund';

const dir = mkdtempSync(join(tmpdir(), 'skillpack-qwen-transcript-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file prefix the CLI had written at each Stop (lines; seen in the capture, SOURCES.md). */
const linesOf = (count: number) =>
  RAW.subarray(0, RAW.toString('utf8').split('\n').slice(0, count).join('\n').length + 1);

type Accepted = string;
const acceptedOf = (value: unknown): Accepted => JSON.stringify(value) ?? 'none';

function fromExtract(run: AgentRun): Accepted {
  const result = extractContract(run, refund);
  return result.success ? acceptedOf(result.data) : 'none';
}

/** The Stop hook on a stop whose recording holds `raw`: the value it let through as satisfied, else `none`. */
async function fromHook(raw: Buffer, message: string, payload = PAYLOADS[1]!): Promise<Accepted> {
  const path = join(dir, 'chat.jsonl');
  writeFileSync(path, raw);
  const stop = { ...payload, transcript_path: path, last_assistant_message: message };
  const { decision } = await handleQwenCodeStop(stop, {
    contracts: [refund],
    blockCounter: noState,
    transcriptWaitMs: 0,
  });
  if (decision.kind !== 'allow' || decision.because !== 'satisfied') return 'none';
  const run = await readAgentRun(raw, { runtime: 'qwen-code' });
  return fromExtract(run);
}

describe('Qwen Code 0.24.4 chat recording', () => {
  it('is read with the calls before the last prompt a person wrote marked as earlier, refused ones failed, and its final text', async () => {
    const firstTurn = await readAgentRun(linesOf(18), { runtime: 'qwen-code' });
    expect(firstTurn).toMatchObject({ format: 'transcript', finish: 'complete', finalText: 'Done.' });
    expect(firstTurn.runtimeVersion).toBe('0.24.4');
    expect(firstTurn.tools.map((tool) => [tool.name, tool.status, tool.input])).toEqual([
      [TOOL, 'error', { answer: { refund: true, amount: -1 } }],
      [TOOL, 'error', { answer: { refund: true, amount: 7 } }],
      [TOOL, 'completed', { answer: { refund: true, amount: 3 } }],
    ]);
    expect(firstTurn.tools[0]?.error).toMatch(/params\/answer\/amount must be > 0/);
    expect(fromExtract(firstTurn)).toBe('{"refund":true,"amount":3}');

    const secondTurn = await readAgentRun(RAW, { runtime: 'qwen-code' });
    expect(secondTurn).toMatchObject({ finish: 'complete', finalText: 'Done again.' });
    expect(secondTurn.tools.map((tool) => tool.earlierPrompt)).toEqual([true, true, true]);
    expect(secondTurn.messages.at(-1)?.text).toBe('Done again.');
    expect(fromExtract(secondTurn)).toBe('none');
  });

  it('gives no answer when a record does not continue the chain (a rewound conversation is not rebuilt)', async () => {
    const lines = linesOf(18).toString('utf8').split('\n');
    const last = JSON.parse(lines[17]!) as { parentUuid: string };
    lines[17] = JSON.stringify({ ...last, parentUuid: (JSON.parse(lines[2]!) as { uuid: string }).uuid });
    const run = await readAgentRun(lines.join('\n'), { runtime: 'qwen-code' });
    expect(run).toMatchObject({ finish: 'unknown', error: { code: 'transcript_branched' } });
    expect(fromExtract(run)).toBe('none');
  });

  it('is detected as Qwen Code, not as a Claude Code transcript', async () => {
    expect((await readAgentRun(RAW)).runtime).toBe('qwen-code');
  });

  it('the hook reads the submit calls from transcript_path as the CLI had written it at each stop', async () => {
    const [textAnswer, firstEnd, secondEnd] = PAYLOADS;
    const at = async (payload: Record<string, unknown> | undefined, raw: Buffer) => {
      writeFileSync(join(dir, 'at-stop.jsonl'), raw);
      const stop = { ...payload, transcript_path: join(dir, 'at-stop.jsonl') };
      return (
        await handleQwenCodeStop(stop, { contracts: [refund], blockCounter: noState, transcriptWaitMs: 0 })
      ).decision;
    };
    expect(await at(textAnswer, linesOf(4))).toMatchObject({
      kind: 'block',
      reason: expect.stringContaining('delivered only by calling the submit_acme_refund tool'),
    });
    expect(await at(firstEnd, linesOf(18))).toMatchObject({ kind: 'allow', because: 'satisfied' });
    // The second prompt made no call: the first prompt's submit does not answer it.
    expect(await at(secondEnd, RAW)).toMatchObject({
      kind: 'block',
      reason: expect.stringContaining('No call of the submit_acme_refund tool'),
    });
  });

  it('a stop after a call the CLI refused against the schema is pushed back with the correction', async () => {
    // Another capture: the only call was refused by the CLI itself (it never reached the server), then "Done.".
    const raw = readFileSync(fixture('transcript-refused-submit-0.24.4.jsonl'));
    const [payload] = readFileSync(fixture('hook-inputs/transcript-refused-submit-0.24.4.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const run = await readAgentRun(raw, { runtime: 'qwen-code' });
    expect(run.tools.map((tool) => [tool.name, tool.status])).toEqual([[TOOL, 'error']]);
    expect(extractContract(run, refund)).toMatchObject({ success: false });
    writeFileSync(join(dir, 'refused.jsonl'), raw);
    const stop = { ...payload, transcript_path: join(dir, 'refused.jsonl') };
    const { decision } = await handleQwenCodeStop(stop, {
      contracts: [refund],
      blockCounter: noState,
      transcriptWaitMs: 0,
    });
    expect(decision).toMatchObject({ kind: 'block', reason: expect.stringMatching(/amount: Too small/) });
  });

  it('waits for a recording that is behind the stop (its final message written after the hook started)', async () => {
    // The refused call and its result are written; the stop's "Done." lands 300 ms after the hook starts, as
    // Qwen Code's queued write did under load. Read at once, the recording shows no completed turn.
    const raw = readFileSync(fixture('transcript-refused-submit-0.24.4.jsonl'));
    const cut = raw.toString('utf8').split('\n').slice(0, 6).join('\n').length + 1;
    const path = join(dir, 'behind.jsonl');
    writeFileSync(path, raw.subarray(0, cut));
    const late = setTimeout(() => writeFileSync(path, raw), 300);
    const stop = { ...PAYLOADS[1], transcript_path: path, last_assistant_message: 'Done.' };
    const { decision } = await handleQwenCodeStop(stop, { contracts: [refund], blockCounter: noState });
    clearTimeout(late);
    expect(decision).toMatchObject({ kind: 'block', reason: expect.stringMatching(/amount: Too small/) });
    // One that never catches up gives no calls: the stop is let through with a notice, never judged stale.
    writeFileSync(path, raw.subarray(0, cut));
    const never = await handleQwenCodeStop(stop, {
      contracts: [refund],
      blockCounter: noState,
      transcriptWaitMs: 150,
    });
    expect(never.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
  });

  it('reads a regular file at transcript_path; an empty one (chat recording off) keeps the notice, a FIFO or a symlink to one is refused', async () => {
    const decide = async (path: string) =>
      (
        await handleQwenCodeStop(
          { ...PAYLOADS[1], transcript_path: path },
          { contracts: [refund], blockCounter: noState, transcriptWaitMs: 0 },
        )
      ).decision;
    expect(await decide('')).toMatchObject({
      kind: 'allow',
      because: 'hook_error',
      systemMessage: expect.stringContaining('the payload names no transcript'),
    });
    writeFileSync(join(dir, 'regular.jsonl'), linesOf(18));
    expect(await decide(join(dir, 'regular.jsonl'))).toMatchObject({ kind: 'allow', because: 'satisfied' });
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    symlinkSync(fifo, join(dir, 'link.jsonl'));
    for (const path of [fifo, join(dir, 'link.jsonl')])
      expect(await decide(path)).toMatchObject({ kind: 'allow', because: 'hook_error' });
  });
});

function lineCuts(bytes: Buffer): number[] {
  const cuts = new Set<number>([0, bytes.length]);
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) cuts.add(i + 1);
  return [...cuts].sort((a, b) => a - b);
}

describe('every prefix of the real recording', () => {
  it('every line prefix: the Stop hook and readAgentRun + extractContract agree', async () => {
    const answers = new Set<Accepted>();
    for (const cut of lineCuts(RAW)) {
      const prefix = RAW.subarray(0, cut);
      const run = await readAgentRun(prefix, { runtime: 'qwen-code' });
      const extracted = fromExtract(run);
      if (run.finish !== 'complete') expect(extracted, `cut ${cut}`).toBe('none');
      expect(await fromHook(prefix, run.finalText ?? 'Done.'), `cut ${cut}`).toBe(extracted);
      answers.add(extracted);
      // The same lines without the last newline: its record is whole (a JSON object cannot go on), so both read it.
      if (cut === 0) continue;
      const unterminated = RAW.subarray(0, cut - 1);
      const same = await readAgentRun(unterminated, { runtime: 'qwen-code' });
      expect(fromExtract(same), `cut ${cut - 1}`).toBe(extracted);
      expect(await fromHook(unterminated, same.finalText ?? 'Done.'), `cut ${cut - 1}`).toBe(extracted);
    }
    // The first prompt's end answers with its accepted submit; every other prefix with none.
    expect([...answers].sort()).toEqual(['none', '{"refund":true,"amount":3}']);
  });

  it("any byte prefix: the hook agrees with the reader, accepts nothing on a cut line, and the first prompt's end answers", async () => {
    const firstEnd = linesOf(18).length;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(firstEnd), fc.integer({ min: 0, max: RAW.length })),
        async (cut) => {
          const prefix = RAW.subarray(0, cut);
          const run = await readAgentRun(prefix, { runtime: 'qwen-code' });
          const hook = await fromHook(prefix, run.finalText ?? 'Done.');
          // A cut that leaves a line's JSON whole (only its newline missing) is that line's end, not a cut line.
          const whole = cut === 0 || RAW[cut - 1] === 0x0a || RAW[cut] === 0x0a;
          expect(hook).toBe(whole ? fromExtract(run) : 'none');
          if (cut === firstEnd) expect(hook).toBe('{"refund":true,"amount":3}');
        },
      ),
      { numRuns: 60 },
    );
  });
});
