// Gemini CLI 0.61.0 reports a shell command that exited non-zero, or that a signal ended, as a call with status
// `success`: a `zf emit` that failed (the event was never emitted) must read as a failed call on every read path —
// readAgentRun's stream-json, and the AfterAgent hook's session transcript — so that no path accepts it. Captured
// runs (fixtures/gemini-cli/captured/SOURCES.md: `stream-json-shell-exit-*`, `stream-json-shell-signal*`) and what
// their hook read (hook-runs/).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archProposalDone } from '@skillpack/core/zaofu';
import { afterAll, describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import {
  shellFailureOfDisplay,
  shellFailureOfResponse,
  shellOutcomeOfDisplay,
  shellOutcomeOfResponse,
} from '../../src/gemini-cli/shell-exit.js';
import { handleGeminiCliStop } from '../../src/gemini-cli/stop-hook.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { noState } from '../_support/read-paths.js';
import { readGemini } from './_read.js';

const fixtures = new URL('../fixtures/gemini-cli/', import.meta.url);
const textOf = (path: string) => readFileSync(new URL(path, fixtures), 'utf8');
const root = mkdtempSync(join(tmpdir(), 'skillpack-gemini-shell-exit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const VALUE = archProposalDone.examples[0]!.value;

/** The run's captured AfterAgent stop, its transcript written where the payload points. */
function stop(name: string): Record<string, unknown> {
  const at = (suffix: string) => textOf(`hook-runs/${name}.${suffix}`).replaceAll('$RUN', root);
  const payload = JSON.parse(at('hook-1.json'));
  mkdirSync(join(payload.transcript_path, '..'), { recursive: true });
  writeFileSync(payload.transcript_path, at('transcript-1.jsonl'));
  return payload;
}

const decide = async (payload: unknown) =>
  (await handleGeminiCliStop(payload, { contracts: [archProposalDone], blockCounter: noState })).decision;

describe('a captured zf emit through run_shell_command', () => {
  it('that exited 1 printing nothing is a failed call in stream-json: extractContract accepts nothing', async () => {
    const run = await readGemini(textOf('captured/stream-json-shell-exit-1.jsonl'));
    expect(run.finish).toBe('complete');
    expect(run.tools.map(({ name, status, error }) => ({ name, status, error }))).toEqual([
      { name: 'run_shell_command', status: 'error', error: 'The command exited with code 1.' },
    ]);
    expect(extractContract(run, archProposalDone).success).toBe(false);
  });

  it('that exited 1 is a failed call in the transcript: the hook pushes the stop back', async () => {
    expect((await decide(stop('stream-json-shell-exit-1'))).kind).toBe('block');
  });

  it('that printed an error and exited 1 is a failed call in the transcript: the hook pushes the stop back', async () => {
    expect((await decide(stop('stream-json-shell-exit-1-output'))).kind).toBe('block');
  });

  // `kill -KILL $$`: bash (Gemini's shell) reports the signal in the output, the transcript records exit 137;
  // `kill -KILL 0`: the signal ends Gemini's shell too, and Gemini reports it (`Signal: 9`, no exit code).
  it.each([
    ['stream-json-shell-signal', 'The command was ended by a signal (Killed).'],
    ['stream-json-shell-signal-shell', 'The command was ended by signal 9.'],
  ] as const)('that a signal ended (%s) is a failed call on both paths', async (name, error) => {
    const run = await readGemini(textOf(`captured/${name}.jsonl`));
    expect(run.tools.map(({ status, error }) => ({ status, error }))).toEqual([{ status: 'error', error }]);
    expect(extractContract(run, archProposalDone).success).toBe(false);
    expect((await decide(stop(name))).kind).toBe('block');
  });

  it('that exited 0 answers on both paths', async () => {
    const run = await readGemini(textOf('captured/stream-json-shell-exit-0.jsonl'));
    expect(run.tools.map((tool) => tool.status)).toEqual(['completed']);
    const extracted = extractContract(run, archProposalDone);
    expect(extracted.success && extracted.data).toEqual(VALUE);
    expect(await decide(stop('stream-json-shell-exit-0'))).toMatchObject({
      kind: 'allow',
      because: 'satisfied',
    });
  });
});

// A command that printed something shows only its output in stream-json, never its exit code: the call is
// `unconfirmed`, and a zf emit in it answers only when zf's `Emitted: <type> (evt-…)` line shows it succeeded —
// the answer the hook gives from the transcript, which records the exit code. Captured with a `zf` that prints and
// exits as ZaoFu's does (`stream-json-shell-zf-*`) and one that printed a line of its own (`…-exit-1-output`).
describe('a captured zf emit that printed something: one answer on every read path', () => {
  it.each([
    ['stream-json-shell-zf-emitted', 'Emitted: arch.proposal.done (evt-0123456789ab)', true],
    ['stream-json-shell-zf-error', 'Error: payload must be a JSON object', false],
    ['stream-json-shell-zf-sigterm', 'started\nTerminated', false],
    ['stream-json-shell-exit-1-output', 'zf: emit failed', false],
  ] as const)(
    '%s: stream-json, whatever keepTools lists, and the hook agree',
    async (name, output, accepted) => {
      const text = textOf(`captured/${name}.jsonl`);
      for (const keepTools of [1, undefined, true]) {
        const run = await readAgentRun(text, { runtime: 'gemini-cli', keepTools });
        expect(run.finish).toBe('complete');
        expect(run.tools.map(({ status, output }) => ({ status, output }))).toEqual([
          { status: 'unconfirmed', output },
        ]);
        const extracted = extractContract(run, archProposalDone);
        if (accepted) expect(extracted.success && extracted.data).toEqual(VALUE);
        else
          expect(!extracted.success && extracted.error.details).toEqual({
            type: 'arch.proposal.done',
            reason: 'unconfirmed',
          });
      }
      expect((await decide(stop(name))).kind).toBe(accepted ? 'allow' : 'block');
    },
  );

  it('that its shell tool’s inactivity timeout ended after it printed is a failed call on both paths', async () => {
    const name = 'stream-json-shell-zf-timeout';
    const run = await readGemini(textOf(`captured/${name}.jsonl`));
    expect(run.tools.map(({ status, error }) => ({ status, error }))).toEqual([
      { status: 'error', error: 'The command was ended by a timeout.' },
    ]);
    expect(extractContract(run, archProposalDone).success).toBe(false);
    expect((await decide(stop(name))).kind).toBe('block');
  });
});

describe('the exit code Gemini CLI reports for a shell call', () => {
  it.each([
    ['Command exited with code: 1', 'The command exited with code 1.'],
    ['Command exited with code: 127\n', 'The command exited with code 127.'],
    ['Command exited with code: 0', undefined],
    ['Command exited with code: 1 and more', undefined],
    ['Command terminated by signal: 9', 'The command was ended by signal 9.'],
    ['Command terminated by signal: 15\n', 'The command was ended by signal 15.'],
    ['Command terminated by signal: ', undefined],
    [
      'started\n/usr/bin/bash: line 5: 21344 Killed                  ./zf emit x',
      'The command was ended by a signal (Killed).',
    ],
    [
      'bash: line 1: 24398 User defined signal 1   sh -c x\ndone',
      'The command was ended by a signal (User defined signal 1).',
    ],
    ['/usr/bin/bash: line 4: ./zf: cannot execute: required file not found', undefined],
    ['bash: line 1: 24398 Killed', undefined],
    ['notes.txt', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('in the display %j: %j', (display, failure) => {
    expect(shellFailureOfDisplay(display)).toBe(failure);
  });

  it.each([
    ['Command failed: spawn /bin/bash ENOENT', 'The command could not run: spawn /bin/bash ENOENT'],
    [
      'Command was automatically cancelled because it exceeded the timeout of 5.0 minutes without output.',
      'The command was ended by a timeout.',
    ],
    [
      'Command cancelled by user.\n\nOutput before cancellation:\nstarted',
      'The command was ended by a cancellation.',
    ],
  ] as const)('in the display %j: %j (0.61.0 words the command’s end so)', (display, failure) => {
    expect(shellFailureOfDisplay(display)).toBe(failure);
    expect(shellOutcomeOfDisplay(display)).toEqual({ status: 'error', error: failure });
  });

  it.each([
    ['', 'completed'],
    ['\n', 'completed'],
    ['Emitted: arch.proposal.done (evt-0123456789ab)', 'unconfirmed'],
    ['Error: payload must be a JSON object', 'unconfirmed'],
    ['started\nTerminated', 'unconfirmed'],
    ['Command moved to background (PID: 7). Output hidden. Press Ctrl+B to view.', 'unconfirmed'],
    [undefined, 'unconfirmed'],
  ] as const)(
    'a display %j that shows no failure: %s (only an empty one shows an exit 0)',
    (display, status) => {
      expect(shellOutcomeOfDisplay(display)).toEqual({ status });
    },
  );

  it.each([
    ['<untrusted_context>\nOutput: (empty)\nExit Code: 1\nProcess Group PGID: 7\n</untrusted_context>', 1],
    ['Output: Exit Code: 0\nExit Code: 0\nExit Code: 2\nProcess Group PGID: 7', 2],
    ['Output: done\nProcess Group PGID: 7', undefined],
    // A command that printed a line of the form and exited 0: read as failed, never as a success it was not.
    ['Output: x\nExit Code: 3\nProcess Group PGID: 7', 3],
    ['Output: x\nExit Code: 0', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('in the function response %j: exit %j', (output, code) => {
    const failure = code === undefined ? undefined : `The command exited with code ${code}.`;
    expect(shellFailureOfResponse(output)).toBe(failure);
  });

  it.each([
    ['Output: (empty)\nSignal: 9\nProcess Group PGID: 7', 'The command was ended by signal 9.'],
    ['Output: x\nExit Code: 137\nProcess Group PGID: 7', 'The command exited with code 137.'],
    ['Output: x\nExit Code: 0\nSignal: 15', 'The command was ended by signal 15.'],
    ['Output: Signal: 9', undefined],
  ] as const)('in the function response %j: %j', (output, failure) => {
    expect(shellFailureOfResponse(output)).toBe(failure);
  });

  it.each([
    [
      'Command was automatically cancelled because it exceeded the timeout of 0.0 minutes without output. Below is the output before it was cancelled:\nstarted',
      { status: 'error', error: 'The command was ended by a timeout.' },
    ],
    [
      '<untrusted_context>\nCommand was cancelled by user before it could complete. There was no output before it was cancelled.\n</untrusted_context>',
      { status: 'error', error: 'The command was ended by a cancellation.' },
    ],
    ['Command moved to background (PID: 7). Output hidden. Press Ctrl+B to view.', { status: 'unconfirmed' }],
    ['Command is running in background. PID: 7. Initial output:\nstarted', { status: 'unconfirmed' }],
    [
      '<untrusted_context>\nOutput: started\nProcess Group PGID: 7\n</untrusted_context>',
      { status: 'completed' },
    ],
    [undefined, { status: 'completed' }],
  ] as const)('in the function response %j: %j', (output, outcome) => {
    expect(shellOutcomeOfResponse(output)).toEqual(outcome);
  });
});
