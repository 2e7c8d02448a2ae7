import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineContract } from '@skillpack/core';
import { acceptanceContract } from '@skillpack/core/conflux';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runContract } from '../src/run-contract.js';
import { codexRun, nodeBin, scratchDir } from './_fake-bin.js';

const RIGHT = '{"acceptance":"pass"}\nACCEPTANCE: PASS';
const WRONG = 'Looks fine to me.';

/**
 * A fake `codex`: `--version` prints `version`; `exec` prints a run answering `first`, and `exec resume`
 * one answering `resumed`. Every invocation's argv is logged as a JSON line.
 */
function fakeCodex(
  dir: string,
  options: {
    version?: string;
    first: string;
    resumed?: string;
    exit?: number;
    /** The thread a resumed run reports (default `thread-1`, the one resumed); `null` for none. */
    resumedThread?: string | null;
  },
) {
  const resumedRun = codexRun(options.resumedThread ?? 'thread-1', options.resumed ?? options.first);
  const resumedOut =
    options.resumedThread === null ? resumedRun.slice(resumedRun.indexOf('\n') + 1) : resumedRun;
  const log = join(dir, 'calls.jsonl');
  const bin = nodeBin(
    dir,
    'codex',
    `fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
if (args[0] === '--version') { console.log(${JSON.stringify(options.version ?? 'codex-cli 0.169.0')}); process.exit(0); }
const resumed = args[1] === 'resume';
process.stdout.write(resumed ? ${JSON.stringify(resumedOut)} : ${JSON.stringify(codexRun('thread-1', options.first))});
process.exit(${options.exit ?? 0});`,
  );
  const calls = () =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string[]);
  return { bin, calls };
}

const common = { runtime: 'codex' as const, contract: acceptanceContract, prompt: 'Review change 42.' };

describe('runContract', () => {
  it('returns the typed value of a run that answered right first time', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: RIGHT });
    const result = await runContract({ ...common, bin: codex.bin, cwd: dir });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.acceptance).toBe('pass');
    expect(result.sessionId).toBe('thread-1');
    expect(result.attempts).toHaveLength(1);
    expect(result.attempts[0]?.usage?.outputTokens).toBe(5);
    const [version, exec] = codex.calls();
    expect(version).toEqual(['--version']);
    // The Conflux verdict is a union: OpenAI strict mode takes only an object root, so no --output-schema.
    expect(exec?.slice(0, 3)).toEqual(['exec', '--json', '--']);
    expect(result.attempts[0]?.nativeSchema).toBe(false);
    expect(exec?.at(-1)).toContain('Review change 42.');
    expect(exec?.at(-2)).toBe('--');
  });

  it('passes --output-schema (OpenAI-strict) for a contract whose answer is one JSON object', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: '{"approved":true}' });
    const review = defineContract({
      id: 'acme.review',
      version: '1.0.0',
      title: 'Review',
      description: 'Whether the change is approved.',
      delivery: 'text',
      schema: z.object({ approved: z.boolean(), note: z.string().optional() }),
      examples: [{ name: 'approved', value: { approved: true } }],
    });
    const result = await runContract({
      ...common,
      contract: review,
      bin: codex.bin,
      cwd: dir,
      checkVersion: false,
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.approved).toBe(true);
    const exec = codex.calls()[0] as string[];
    expect(exec.slice(0, 3)).toEqual(['exec', '--json', '--output-schema']);
    expect(result.attempts[0]?.nativeSchema).toBe(true);
  });

  it('resumes the same session with the contract correction, and records both attempts', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: WRONG, resumed: RIGHT });
    const result = await runContract({ ...common, bin: codex.bin, cwd: dir, checkVersion: false });
    expect(result.ok).toBe(true);
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['unsatisfied', 'satisfied']);
    const [first, second] = result.attempts;
    const correction = acceptanceContract.correct(first?.contractError as never);
    expect(second?.correction).toBe(correction);
    const resume = codex.calls()[1] as string[];
    expect(resume.slice(0, 3)).toEqual(['exec', 'resume', '--json']);
    expect(resume.slice(-3)).toEqual(['--', 'thread-1', correction]);
  });

  it.each([
    ['another session', 'thread-2', 'thread-2'],
    ['no session', null, null],
  ] as const)(
    'never accepts a resumed run that reports %s, and resumes nothing more',
    async (_name, thread, received) => {
      const dir = scratchDir();
      const codex = fakeCodex(dir, { first: WRONG, resumed: RIGHT, resumedThread: thread });
      const result = await runContract({
        ...common,
        bin: codex.bin,
        cwd: dir,
        attempts: 3,
        checkVersion: false,
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('session_mismatch');
      expect(result.error.details).toMatchObject({
        expectedSessionId: 'thread-1',
        receivedSessionId: received,
      });
      expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['unsatisfied', 'failed']);
      expect(result.attempts[1]?.run.finalText).toBe(RIGHT);
      expect(result.attempts[1]?.sessionId).toBe(received ?? undefined);
      // The first run and one resume of thread-1; the other session is never resumed.
      const resumes = codex.calls().filter((call) => call[0] === 'exec' && call[1] === 'resume');
      expect(resumes).toHaveLength(1);
      expect(resumes[0]?.at(-2)).toBe('thread-1');
    },
  );

  it('gives attempts_exhausted with the last candidate when no answer satisfies the contract', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: WRONG });
    const result = await runContract({
      ...common,
      bin: codex.bin,
      cwd: dir,
      attempts: 2,
      checkVersion: false,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('attempts_exhausted');
    expect(result.error.candidate?.finalText).toBe(WRONG);
    expect(result.error.candidate?.error.code).toBe('missing_verdict');
    expect(result.error.attempts).toHaveLength(2);
  });

  it('never reads a value from a run that exited non-zero, even one that looks complete', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: RIGHT, exit: 2 });
    const result = await runContract({ ...common, bin: codex.bin, cwd: dir, checkVersion: false });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('exit_nonzero');
    expect(result.error.lastAttempt?.run.finalText).toBe(RIGHT);
  });

  it('refuses a CLI outside the proven versions, and asks --version once per bin', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: RIGHT, version: 'codex-cli 0.99.0' });
    const first = await runContract({ ...common, bin: codex.bin, cwd: dir });
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.error.code).toBe('unsupported_version');
    const supported = fakeCodex(scratchDir(), { first: RIGHT });
    await runContract({ ...common, bin: supported.bin, cwd: dir });
    await runContract({ ...common, bin: supported.bin, cwd: dir });
    expect(supported.calls().filter((call) => call[0] === '--version')).toHaveLength(1);
  });

  it('gives cli_not_found for a bin that does not exist', async () => {
    const result = await runContract({ ...common, bin: join(scratchDir(), 'nope') });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('cli_not_found');
  });

  it('gives aborted without starting the CLI when the signal is already aborted', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: RIGHT });
    appendFileSync(join(dir, 'calls.jsonl'), '');
    const result = await runContract({ ...common, bin: codex.bin, cwd: dir, signal: AbortSignal.abort() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('aborted');
    expect(readFileSync(join(dir, 'calls.jsonl'), 'utf8')).toBe('');
  });

  it('streams events with their attempt and survives a throwing callback', async () => {
    const dir = scratchDir();
    const codex = fakeCodex(dir, { first: WRONG, resumed: RIGHT });
    const seen: string[] = [];
    const result = await runContract({
      ...common,
      bin: codex.bin,
      cwd: dir,
      checkVersion: false,
      onEvent: (event, attempt) => {
        seen.push(`${attempt}:${event.type}`);
        throw new Error('a broken progress UI');
      },
    });
    expect(result.ok).toBe(true);
    expect(seen).toContain('1:turn.completed');
    expect(seen).toContain('2:turn.completed');
  });

  it('throws a ConfigError for a caller mistake before running anything', async () => {
    await expect(runContract({ ...common, attempts: 0 })).rejects.toMatchObject({
      name: 'ConfigError',
      details: { option: 'attempts' },
    });
    await expect(runContract({ ...common, runtime: 'cursor' as never })).rejects.toMatchObject({
      details: { option: 'runtime' },
    });
    await expect(runContract({ ...common, contract: {} as never })).rejects.toMatchObject({
      details: { option: 'contract' },
    });
    // A missing folder would make the spawn fail with ENOENT, as if the CLI were missing.
    await expect(runContract({ ...common, cwd: join(scratchDir(), 'gone') })).rejects.toMatchObject({
      details: { option: 'cwd' },
    });
  });
});
