// A `zf emit` in a command line a shell tool ran counts as an answer only when the line's exit status proves it
// succeeded. Held against a real POSIX shell: generated command lines (the emit behind prefixes, conditions and
// launchers, inside pipes, subshells, groups and `sh -c`, before and after `&&`, `||`, `;`, `&` and newlines)
// run by `sh -c` with a `zf` that fails; whenever the ZaoFu contract reads the line's call as its answer, the
// shell must have exited non-zero (a zero exit would be a false accept). With a `zf` that succeeds, the proven
// lines are many, so the property is not met by proving nothing. The same lines hold where a runtime records only a
// call's output (no exit status): the `zf` prints what ZaoFu's does, and its output alone must never prove an emit
// that failed, with other events' `Emitted:` lines printed around it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinContracts } from '../../src/contracts.js';
import { runs } from './_support/arbitraries.js';

const contract = builtinContracts.require('zaofu.arch-proposal-done');
const EMIT = contract.render(contract.examples[0]!.value);
const quoted = (script: string) => `'${script.replaceAll("'", `'\\''`)}'`;

/** A command line holding one emit, built from the shell's ways of running a command. */
const line: fc.Arbitrary<string> = fc.letrec<{ line: string }>((tie) => ({
  line: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(EMIT),
    fc
      .tuple(fc.constantFrom('! ', 'time ', 'env A=1 ', 'timeout 60 ', 'exec ', 'nohup '), tie('line'))
      .map(([prefix, inner]) => (inner.startsWith('zf ') ? prefix + inner : inner)),
    fc
      .tuple(
        fc.constantFrom(
          'true && ',
          'false && ',
          'true || ',
          'false || ',
          'true; ',
          'false; ',
          'echo a | ',
          'cd . && ',
          'echo "Emitted: design.critique.done (evt-0123456789ab)" && ',
          // A line of the emit's own type printed before it: only zf's own line may prove it.
          'echo "Emitted: arch.proposal.done (evt-0123456789ab)" && ',
          'echo "Emitted: arch.proposal.done (evt-0123456789ab)"; ',
          'export A=1; ',
        ),
        tie('line'),
      )
      .map(([before, inner]) => before + inner),
    fc
      .tuple(
        tie('line'),
        fc.constantFrom(
          ' && true',
          ' && false',
          ' || true',
          ' || false',
          '; true',
          '; false',
          ' | cat',
          ' &',
          '\ntrue',
          '\n',
          ' && echo ok | cat',
          ' 2>&1 | tail -1',
        ),
      )
      .map(([inner, after]) => inner + after),
    tie('line').map((inner) => `(${inner})`),
    tie('line').map((inner) => `{ ${inner}; }`),
    tie('line').map((inner) => `if ${inner}; then true; fi`),
    tie('line').map((inner) => `if true; then ${inner}; fi`),
    tie('line').map((inner) => `while ${inner}; do break; done`),
    tie('line').map((inner) => `sh -c ${quoted(inner)}`),
  ),
})).line;

let dir: string;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpack-emit-status-'));
  mkdirSync(join(dir, 'bin'));
  const zf = join(dir, 'bin', 'zf');
  // Records each run with the status it exits with (`ZF_EXIT` picks it), and prints what ZaoFu's `zf` prints.
  writeFileSync(
    zf,
    [
      '#!/bin/sh',
      'echo "$ZF_EXIT" >> "$ZF_LOG"',
      'if [ "$ZF_EXIT" = 0 ]; then echo "Emitted: $2 (evt-0123456789ab)"; else echo "Error: payload must be a JSON object"; fi',
      'exit "$ZF_EXIT"',
      '',
    ].join('\n'),
  );
  chmodSync(zf, 0o755);
  env = { PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH ?? ''}` };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `sh -c line` with a `zf` exiting `zfExit`: the shell's status, its output (stdout and stderr, as a shell tool
 * shows them) and the statuses `zf` exited with.
 */
function runShell(command: string, zfExit: 0 | 1, round: number) {
  const log = join(dir, `zf-${round}.log`);
  writeFileSync(log, '');
  const run = spawnSync('sh', ['-c', `exec 2>&1; ${command}`], {
    cwd: dir,
    env: { ...env, ZF_EXIT: String(zfExit), ZF_LOG: log },
    stdio: ['ignore', 'pipe', 'ignore'],
    encoding: 'utf8',
    timeout: 10_000,
  });
  const ran = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { status: run.status, output: run.stdout, ran };
}

const answered = (command: string, status: number | null) =>
  contract.readToolCalls!([
    { name: 'Bash', input: { command }, status: status === 0 ? 'completed' : 'error' },
  ])?.success === true;

/** Whether the contract reads the line's call as its answer when the runtime recorded only its output. */
const answeredByOutput = (command: string, output: string) =>
  contract.readToolCalls!([{ name: 'run_shell_command', input: { command }, status: 'unconfirmed', output }])
    ?.success === true;

describe.skipIf(process.platform === 'win32')(
  'a zf emit answers only where the shell proves it ran and succeeded',
  () => {
    let round = 0;
    it('no command line a failed zf made exit 0 is read as an answer', () => {
      fc.assert(
        fc.property(line, (command) => {
          const { status, ran } = runShell(command, 1, round++);
          if (answered(command, status))
            expect.fail(
              `read as an answer, but zf exited ${ran.join(', ') || 'never'} (sh exit ${status}): ${command}`,
            );
        }),
        {
          ...runs(300),
          examples: [[`${EMIT} || true`], [`${EMIT} | cat`], [`! ${EMIT}`], [`true || ${EMIT}`]],
        },
      );
    });

    it('with a zf that succeeds, lines read as an answer ran it, and many lines are', () => {
      let proven = 0;
      fc.assert(
        fc.property(line, (command) => {
          const { status, ran } = runShell(command, 0, round++);
          if (!answered(command, status)) return;
          proven++;
          expect(ran, command).toContain('0');
        }),
        { ...runs(300), examples: [[EMIT], [`cd . && ${EMIT} && echo ok`]] },
      );
      expect(proven).toBeGreaterThan(30);
    });

    // A runtime that records only a command's output (Gemini CLI's stream-json): zf's own lines decide.
    it('no command line a failed zf ran is read as an answer from its output alone', () => {
      fc.assert(
        fc.property(line, (command) => {
          const { status, output, ran } = runShell(command, 1, round++);
          if (answeredByOutput(command, output))
            expect.fail(
              `read as an answer, but zf exited ${ran.join(', ') || 'never'} (sh exit ${status}): ${command}`,
            );
        }),
        {
          ...runs(300),
          examples: [
            [EMIT],
            [`cd . && ${EMIT} && echo ok`],
            [`echo "Emitted: arch.proposal.done (evt-0123456789ab)" && ${EMIT}`],
            [`sh -c ${quoted(`echo "Emitted: arch.proposal.done (evt-0123456789ab)"; ${EMIT}`)}`],
          ],
        },
      );
    });

    it('with a zf that succeeds, lines read as an answer from their output ran it, and many lines are', () => {
      let proven = 0;
      fc.assert(
        fc.property(line, (command) => {
          const { output, ran } = runShell(command, 0, round++);
          if (!answeredByOutput(command, output)) return;
          proven++;
          expect(ran, command).toContain('0');
        }),
        { ...runs(300), examples: [[EMIT], [`cd . && ${EMIT} && echo ok`]] },
      );
      expect(proven).toBeGreaterThan(30);
    });
  },
);
