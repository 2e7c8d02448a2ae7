import { readAgentRun } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { classifyProcess } from '../src/classify.js';
import type { SpawnedRun } from '../src/spawn-run.js';
import { codexRun } from './_fake-bin.js';

const complete = codexRun('t', 'done');
const failedTurn = [
  '{"type":"thread.started","thread_id":"t"}',
  '{"type":"turn.started"}',
  '{"type":"turn.failed","error":{"message":"HTTP 400"}}',
  '',
].join('\n');

async function spawned(stdout: string, facts: Partial<SpawnedRun> = {}): Promise<SpawnedRun> {
  return {
    pid: 1,
    run: await readAgentRun(stdout, { runtime: 'codex' }),
    exitCode: 0,
    signal: null,
    stderrTail: '',
    timedOut: false,
    aborted: false,
    spawnError: undefined,
    groupGone: true,
    stdout: undefined,
    ...facts,
  };
}

describe('classifyProcess', () => {
  it.each([
    ['a complete run that exited 0', complete, {}, 'complete'],
    ['a spawn error', '', { spawnError: Object.assign(new Error('x'), { code: 'ENOENT' }) }, 'cli_not_found'],
    ['an abort, whatever the run says', complete, { aborted: true, signal: 'SIGTERM' }, 'aborted'],
    ['a timeout, whatever the run says', complete, { timedOut: true, signal: 'SIGTERM' }, 'timeout'],
    ["the run's own error event", failedTurn, { exitCode: 1 }, 'api_error'],
    ['a foreign signal', complete, { exitCode: null, signal: 'SIGSEGV' }, 'killed_by_signal'],
    ['a non-zero exit of a complete-looking run', complete, { exitCode: 3 }, 'exit_nonzero'],
    ['a cut stream', complete.split('\n').slice(0, 3).join('\n'), {}, 'truncated'],
  ] as const)('%s', async (_name, stdout, facts, expected) => {
    const verdict = classifyProcess(await spawned(stdout, facts as Partial<SpawnedRun>), 'codex');
    expect(verdict.kind === 'complete' ? 'complete' : verdict.code).toBe(expected);
  });

  it("names a documented exit code's meaning in the exit_nonzero message", async () => {
    const meanings = { 55: 'the folder is not trusted' };
    const documented = classifyProcess(await spawned('', { exitCode: 55 }), 'gemini', meanings);
    expect(documented).toEqual({
      kind: 'failed',
      code: 'exit_nonzero',
      message: 'The CLI exited with code 55: the folder is not trusted.',
    });
    const other = classifyProcess(await spawned('', { exitCode: 3 }), 'gemini', meanings);
    expect(other).toMatchObject({ code: 'exit_nonzero', message: 'The CLI exited with code 3.' });
  });

  it("adds the CLI's last stderr line to the exit_nonzero message, so the error says why", async () => {
    const stderrTail =
      'Reading prompt from stdin...\n\u001b[31mNot inside a trusted directory and --skip-git-repo-check was not specified.\u001b[0m\n\n';
    const verdict = classifyProcess(await spawned('', { exitCode: 1, stderrTail }), 'codex');
    expect(verdict).toEqual({
      kind: 'failed',
      code: 'exit_nonzero',
      message:
        'The CLI exited with code 1. Its last stderr line: "Not inside a trusted directory and --skip-git-repo-check was not specified.".',
    });
    const long = classifyProcess(await spawned('', { exitCode: 1, stderrTail: 'x'.repeat(5000) }), 'codex');
    expect(long.kind === 'failed' && long.message.length).toBeLessThan(400);
  });
});
