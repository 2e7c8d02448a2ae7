// Instructions a whole Node process executes, counted by valgrind's callgrind: unlike CPU time, the same for
// every run whatever the machine's load, so a 5 % target is decidable. `node --hash-seed=1` fixes V8's hash
// seed (with a random one a count moves by ±4 M); warm runs with the same flags, outside valgrind, first fill
// a program's V8 code cache as measured runs would. `--smc-check=all-non-file` lets valgrind follow V8's
// generated code.
import { spawnSync } from 'node:child_process';
import { median } from './_timing.mjs';

/** Whether `valgrind` runs here. */
export const valgrindInstalled = () => spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;

/** The instructions callgrind's summary on `stderr` says it collected (`==pid== Collected : N`); throws without it. */
export function collectedInstructions(stderr) {
  const match = /^==\d+== Collected : (\d+)$/m.exec(stderr);
  if (!match) throw new Error(`callgrind printed no "Collected :" line: ${stderr.slice(-300)}`);
  return Number(match[1]);
}

/**
 * The median instructions of `runs` callgrind runs of `node --hash-seed=1 ...command.args` (a
 * measureCommands command: `stdin`, `expect`, `status`), after `warmup` runs without valgrind; `env` as
 * given. A run that exits otherwise or prints what `expect` does not match throws.
 */
export function instructionsOf(command, { runs = 3, warmup = 3, env }) {
  const node = [process.execPath, '--hash-seed=1', ...command.args];
  const counts = [];
  for (let round = 0; round < warmup + runs; round++) {
    const valgrind = round >= warmup;
    const argv = valgrind
      ? ['--tool=callgrind', '--smc-check=all-non-file', '--callgrind-out-file=/dev/null', ...node]
      : node.slice(1);
    const run = spawnSync(valgrind ? 'valgrind' : node[0], argv, {
      input: command.stdin,
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== (command.status ?? 0) || (command.expect && !command.expect.test(run.stdout))) {
      throw new Error(
        `${command.label} misbehaved${valgrind ? ' under callgrind' : ''}: exit ${run.status}, stdout ${String(run.stdout).slice(0, 300)}, stderr ${String(run.stderr).slice(-300)}`,
      );
    }
    if (valgrind) counts.push(collectedInstructions(run.stderr));
  }
  return median(counts);
}
