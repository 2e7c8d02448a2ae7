// Timing shared by the benches: the best of three in-process runs (`timeOf`), and whole-process timing for the
// cold-start benches (`timeCommands`): every command spawned in interleaved rounds (so a busy machine slows
// all of them alike) after warm-up rounds, its stdout checked, its wall time and, on Linux, its CPU time (all
// threads of the child, read from /proc in clock ticks) recorded; `againstFloor` makes a figure of any two.
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

/**
 * User and system CPU time of waited-for children so far, in ms (Linux only; undefined elsewhere): steadier
 * than the wall clock when the machine is busy.
 */
const childCpu = (() => {
  if (process.platform !== 'linux') return () => undefined;
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
  return () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[13]) * tick, system: Number(fields[14]) * tick };
  };
})();

/**
 * Run `commands` ({ label, args, stdin, file?, env?, cwd?, expect?, status? }; `file` defaults to this
 * `node`; `args`, `env` and `cwd` may be functions of the round, for a command that needs a fresh folder each
 * time)
 * `warmup + runs` rounds each, interleaved (each round in a rotated order), and return each command's
 * `{ label, wall, cpu, user, system }`: the median wall time and the mean CPU time, all and its user and
 * system parts (undefined off Linux), in ms. A command that exits other than `status` (0) or prints what
 * `expect` does not match throws.
 */
export function measureCommands(commands, { runs, warmup, env }) {
  const wall = commands.map(() => []);
  const user = commands.map(() => []);
  const system = commands.map(() => []);
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < commands.length; k++) {
      const index = (round + k) % commands.length;
      const command = commands[index];
      const cpuBefore = childCpu();
      const started = performance.now();
      const args = typeof command.args === 'function' ? command.args(round) : command.args;
      const run = spawnSync(command.file ?? process.execPath, args, {
        input: command.stdin,
        cwd: typeof command.cwd === 'function' ? command.cwd(round) : command.cwd,
        env: { ...env, ...(typeof command.env === 'function' ? command.env(round) : command.env) },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const elapsed = performance.now() - started;
      const cpuAfter = childCpu();
      if (run.status !== (command.status ?? 0) || (command.expect && !command.expect.test(run.stdout))) {
        throw new Error(
          `${command.label} misbehaved: exit ${run.status}, stdout ${String(run.stdout).slice(0, 300)}, stderr ${String(run.stderr).slice(0, 300)}`,
        );
      }
      if (round < warmup) continue;
      wall[index].push(elapsed);
      if (cpuBefore !== undefined) {
        user[index].push(cpuAfter.user - cpuBefore.user);
        system[index].push(cpuAfter.system - cpuBefore.system);
      }
    }
  }
  return commands.map((command, i) => {
    const measured = user[i].length > 0;
    return {
      label: command.label,
      wall: median(wall[i]),
      cpu: measured ? mean(user[i]) + mean(system[i]) : undefined,
      user: measured ? mean(user[i]) : undefined,
      system: measured ? mean(system[i]) : undefined,
    };
  });
}

/** A figure of `subject` against `floor` (both from measureCommands): CPU when measured, else wall. */
export function againstFloor(subject, floor, { label, target = '', runs }) {
  const what = subject.cpu === undefined ? 'wall, median' : 'CPU, mean';
  const value = subject.cpu ?? subject.wall;
  const baseline = floor.cpu ?? floor.wall;
  return {
    label: `${label ?? subject.label} vs ${floor.label}: ${what} of ${runs}`,
    value: round1(value),
    unit: 'ms',
    baseline: round1(baseline),
    ratio: value / baseline,
    target,
  };
}

/** `subject`'s label with its CPU's user and system parts and the floor's (both from measureCommands). */
export function labelWithCpuParts(subject, floor) {
  if (subject.user === undefined) return subject.label;
  const parts = (measured) => `user ${Math.round(measured.user)} + system ${Math.round(measured.system)} ms`;
  return `${subject.label} (${parts(subject)}; floor ${parts(floor)})`;
}

/**
 * Run `commands` as measureCommands does and return the figures of every command after the first: wall
 * time (median) and CPU time (mean), each against the first command's, with the command's `target`.
 */
export function timeCommands(commands, { runs, warmup, env }) {
  const measured = measureCommands(commands, { runs, warmup, env });
  return measured.slice(1).flatMap((subject, i) => {
    const floor = measured[0];
    const figure = (what, value, baseline) => ({
      label: `${subject.label}: ${what} of ${runs}`,
      value: round1(value),
      unit: 'ms',
      baseline: round1(baseline),
      ratio: value / baseline,
      target: commands[i + 1].target ?? '',
    });
    return [
      figure('wall, median', subject.wall, floor.wall),
      ...(floor.cpu !== undefined ? [figure('CPU, mean', subject.cpu, floor.cpu)] : []),
    ];
  });
}
