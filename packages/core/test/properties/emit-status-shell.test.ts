// A `zf emit` in a command line a shell tool ran counts as an answer only when the line's exit status proves it
// succeeded. Held against a real POSIX shell: generated command lines (the emit behind prefixes, conditions and
// launchers, inside pipes, subshells, groups and `sh -c`, before and after `&&`, `||`, `;`, `&` and newlines)
// run by `sh -c` with a `zf` that fails; whenever the ZaoFu contract reads the line's call as its answer, the
// shell must have exited non-zero (a zero exit would be a false accept). With a `zf` that succeeds, the proven
// lines are many, so the property is not met by proving nothing.
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
  // Records each run with the status it exits with; `ZF_EXIT` picks it.
  writeFileSync(zf, '#!/bin/sh\necho "$ZF_EXIT" >> "$ZF_LOG"\nexit "$ZF_EXIT"\n');
  chmodSync(zf, 0o755);
  env = { PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH ?? ''}` };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `sh -c line` with a `zf` exiting `zfExit`: the shell's status and the statuses `zf` exited with. */
function runShell(command: string, zfExit: 0 | 1, round: number) {
  const log = join(dir, `zf-${round}.log`);
  writeFileSync(log, '');
  const run = spawnSync('sh', ['-c', command], {
    cwd: dir,
    env: { ...env, ZF_EXIT: String(zfExit), ZF_LOG: log },
    stdio: 'ignore',
    timeout: 10_000,
  });
  const ran = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { status: run.status, ran };
}

const answered = (command: string, status: number | null) =>
  contract.readToolCalls!([
    { name: 'Bash', input: { command }, status: status === 0 ? 'completed' : 'error' },
  ])?.success === true;

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
  },
);
