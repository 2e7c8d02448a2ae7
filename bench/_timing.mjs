// Timing shared by the benches: the best of three in-process runs (`timeOf`), and whole-process timing for the
// cold-start benches (`timeCommands`): every command spawned in interleaved rounds (so a busy machine slows
// all of them alike) after warm-up rounds, its stdout checked, its wall time and, on Linux, its CPU time (all
// threads of the child, read from /proc in clock ticks) recorded; the first command is the figures' baseline.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
export const round1 = (value) => Math.round(value * 10) / 10;

/** The fastest of three runs of `run`, in milliseconds. */
export function timeOf(run) {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** CPU time of waited-for children so far, in ms (Linux only; undefined elsewhere): steadier when busy. */
const childCpu = (() => {
  if (process.platform !== 'linux') return () => undefined;
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
  return () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * tick;
  };
})();

/**
 * Run `commands` ({ label, args, stdin, env?, expect?, target? }; `node` with `args`) `warmup + runs` rounds
 * each and return the figures of every command after the first: wall time (median) and CPU time (mean), each
 * against the first command's, with the command's `target`. A command that exits non-zero or prints what
 * `expect` does not match throws.
 */
export function timeCommands(commands, { runs, warmup, env }) {
  const wall = commands.map(() => []);
  const cpu = commands.map(() => []);
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < commands.length; k++) {
      const index = (round + k) % commands.length;
      const command = commands[index];
      const cpuBefore = childCpu();
      const started = performance.now();
      const run = spawnSync(process.execPath, command.args, {
        input: command.stdin,
        env: { ...env, ...command.env },
        encoding: 'utf8',
      });
      const elapsed = performance.now() - started;
      const cpuAfter = childCpu();
      if (run.status !== 0 || (command.expect && !command.expect.test(run.stdout))) {
        throw new Error(
          `${command.label} misbehaved: exit ${run.status}, stdout ${run.stdout.slice(0, 300)}`,
        );
      }
      if (round < warmup) continue;
      wall[index].push(elapsed);
      if (cpuBefore !== undefined) cpu[index].push(cpuAfter - cpuBefore);
    }
  }
  return commands.slice(1).flatMap((command, i) => {
    const figure = (what, values, average) => ({
      label: `${command.label}: ${what} of ${runs}`,
      value: round1(average(values[i + 1])),
      unit: 'ms',
      baseline: round1(average(values[0])),
      ratio: average(values[i + 1]) / average(values[0]),
      target: command.target ?? '',
    });
    return [
      figure('wall, median', wall, median),
      ...(cpu[0].length > 0 ? [figure('CPU, mean', cpu, mean)] : []),
    ];
  });
}
