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
import { shellFailureOfDisplay, shellFailureOfResponse } from '../../src/gemini-cli/shell-exit.js';
import { handleGeminiCliStop } from '../../src/gemini-cli/stop-hook.js';
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
});
