// OpenCode 1.18.33 reports a shell command that exited non-zero as a `completed` tool call with its exit code in
// `state.metadata.exit`, and a command a signal ended as `completed` with `exit: null` (after waiting out its tool
// timeout): such a call failed, on the headless reader and on the plugin's session messages alike, so a `zf emit`
// that failed never answers ZaoFu's contract. Captures: `fixtures/opencode/shell-exit/`.
import { archProposalDone } from '@skillpack/core/zaofu';
import { describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import { currentPromptCalls } from '../../src/opencode/_plugin-session.js';
import type { OpenCodeMessageLike } from '../../src/opencode/plugin-types.js';
import { openCodeExitError } from '../../src/opencode/shell-exit.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { fixtureText } from '../_support/fixtures.js';
import { pluginTurnWithTools } from './plugin-fake-client.js';

const TIMED_OUT =
  'The command was ended by OpenCode: shell tool terminated command after exceeding timeout 120000 ms.';
/** Each captured zf emit: its fixture name and the error of its call (none when it answered). */
const EMITS = [
  { name: 'exit-0', error: undefined },
  { name: 'exit-1', error: 'The command exited with code 1.' },
  { name: 'signal', error: TIMED_OUT },
] as const;
const run = (name: string) =>
  readAgentRun(fixtureText('opencode', `shell-exit/run-json-zf-emit-${name}.ndjson`));
const session = (name: string): OpenCodeMessageLike[] =>
  JSON.parse(fixtureText('opencode', `shell-exit/session-messages-zf-emit-${name}.json`));

describe('OpenCode: a shell command that exited non-zero or was ended by a signal is a failed call', () => {
  it.each(EMITS)(
    'run --format json, zf emit $name: only the exit 0 emit answers',
    async ({ name, error }) => {
      const read = await run(name);
      expect(read.tools).toEqual([
        expect.objectContaining({ name: 'bash', status: error ? 'error' : 'completed', error }),
      ]);
      expect(extractContract(read, archProposalDone).success).toBe(error === undefined);
    },
  );

  it.each(EMITS)(
    "the plugin's session messages, zf emit $name: a failed emit is an error call",
    ({ name, error }) => {
      const messages = session(name);
      const calls = currentPromptCalls(messages, messages.at(-1)!.info.id);
      expect(calls.map((call) => call.status)).toEqual([error ? 'error' : 'completed']);
    },
  );

  it.each(EMITS)(
    'the plugin, zf emit $name: pushes back the answer of a turn whose emit failed',
    async ({ name, error }) => {
      const bash = session(name)
        .flatMap((message) => message.parts)
        .filter((part) => part.type === 'tool');
      const opencode = await pluginTurnWithTools([archProposalDone.id], bash);
      expect(opencode.prompts).toHaveLength(error ? 1 : 0);
    },
  );
});

describe("the exit OpenCode reports for a call's state", () => {
  const completed = (metadata: unknown, output?: string) => ({ status: 'completed', metadata, output });
  it.each([
    [completed({ exit: 0 }), undefined],
    [completed({ exit: 2 }), 'The command exited with code 2.'],
    [
      completed({ exit: null }, 'x\n\n<shell_metadata>\nUser aborted the command\n</shell_metadata>'),
      'The command was ended by OpenCode: User aborted the command.',
    ],
    [completed({ exit: null }, '(no output)'), 'The command was ended by OpenCode, without an exit code.'],
    [completed({ exit: null }), 'The command was ended by OpenCode, without an exit code.'],
    // Still running: no exit yet, and no failure.
    [{ status: 'running', metadata: { output: '' } }, undefined],
    [{ status: 'running', metadata: { exit: null } }, undefined],
    [completed({ output: 'notes.txt' }), undefined],
    [completed(undefined), undefined],
    [completed('exit'), undefined],
  ] as const)('%j: %j', (state, error) => {
    expect(openCodeExitError(state)).toBe(error);
  });
});
