// Timing shared by the benches: the best of three in-process runs (`timeOf`), and whole-process timing for the
// cold-start benches (`timeCommands`): every command spawned in interleaved rounds (so a busy machine slows
// all of them alike) after warm-up rounds, its stdout checked, its wall time and its CPU time (all threads of
// the child) recorded; `againstFloor` makes a figure of any two. The CPU is each child's own, exact, from
// `wait4` (`_rusage.mjs`); without Python 3.9 (or with SKILLPACK_BENCH_CPU=ticks) it falls back to /proc's
// clock ticks of all waited children (10 ms each: a mean of 20 resolves ≈ 1 ms), and the figures say "ticks".
// The commands run without NODE_EXTRA_CA_CERTS and NODE_OPTIONS: one machine's certificate bundle (loaded by
// every Node process at start, ≈ 28 ms here) or flags are not what a user's hook or CLI pays, and would dilute
// every ratio; SKILLPACK_BENCH_ENV=inherit keeps them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { findMeasurer, spawnMeasured } from './_rusage.mjs';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** The standard error of `values`' mean: their sample standard deviation over √n. */
export const standardError = (values) => {
  const average = mean(values);
  const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
};
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
 * User and system CPU time of waited-for children so far, in ms, in clock ticks (Linux only; undefined
 * elsewhere): the fallback when no measurer runs.
 */
const childCpuTicks = (() => {
  if (process.platform !== 'linux') return () => undefined;
  const tick = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100);
  return () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[13]) * tick, system: Number(fields[14]) * tick };
  };
})();

/** How the children's CPU is counted: `wait4` (exact, per child), `ticks` (/proc, 10 ms) or undefined (none). */
const measurer = process.env.SKILLPACK_BENCH_CPU === 'ticks' ? undefined : findMeasurer();
export const cpuClock = measurer ? 'wait4' : childCpuTicks() === undefined ? undefined : 'ticks';
/** What a figure of the CPU mean is called: its counter said when it is /proc's ticks. */
const cpuMean = cpuClock === 'ticks' ? 'CPU (10 ms ticks), mean' : 'CPU, mean';

/** The variables a machine sets for every Node process, removed from the measured commands' environment. */
const MACHINE_ONLY = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'];

/** `env` without MACHINE_ONLY's variables, unless SKILLPACK_BENCH_ENV=inherit. */
export function measuredEnv(env) {
  if (process.env.SKILLPACK_BENCH_ENV === 'inherit') return env;
  return Object.fromEntries(Object.entries(env ?? {}).filter(([name]) => !MACHINE_ONLY.includes(name)));
}

/** One run of `file` with `args` and `options` (spawnSync's): its outcome, wall time and CPU (ms, or undefined). */
function runMeasured(file, args, options) {
  if (measurer) return spawnMeasured(measurer, file, args, options);
  const cpuBefore = childCpuTicks();
  const started = performance.now();
  const run = spawnSync(file, args, options);
  const wall = performance.now() - started;
  const cpuAfter = childCpuTicks();
  return {
    ...run,
    wall,
    user: cpuBefore && cpuAfter.user - cpuBefore.user,
    system: cpuBefore && cpuAfter.system - cpuBefore.system,
  };
}

/**
 * Run `commands` ({ label, args, stdin, file?, env?, cwd?, expect?, status? }; `file` defaults to this
 * `node`; `args`, `env` and `cwd` may be functions of the round, for a command that needs a fresh folder each
 * time)
 * `warmup + runs` rounds each, interleaved (each round in a rotated order), and return each command's
 * `{ label, wall, cpu, user, system, cpuError }`: the median wall time and the mean CPU time, all and its
 * user and system parts, and the standard error of that mean (undefined off Linux), in ms. A command that exits other than `status` (0) or prints what
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
      const args = typeof command.args === 'function' ? command.args(round) : command.args;
      const run = runMeasured(command.file ?? process.execPath, args, {
        input: command.stdin,
        cwd: typeof command.cwd === 'function' ? command.cwd(round) : command.cwd,
        env: measuredEnv({
          ...env,
          ...(typeof command.env === 'function' ? command.env(round) : command.env),
        }),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (run.status !== (command.status ?? 0) || (command.expect && !command.expect.test(run.stdout))) {
        throw new Error(
          `${command.label} misbehaved: exit ${run.status}, stdout ${String(run.stdout).slice(0, 300)}, stderr ${String(run.stderr).slice(0, 300)}`,
        );
      }
      if (round < warmup) continue;
      wall[index].push(run.wall);
      if (run.user !== undefined) {
        user[index].push(run.user);
        system[index].push(run.system);
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
      cpuError: measured ? standardError(user[i].map((value, round) => value + system[i][round])) : undefined,
    };
  });
}

/** " (standard errors S / F ms)": the standard error of `subject`'s and `floor`'s CPU means (from measureCommands). */
const standardErrors = (subject, floor) =>
  ` (standard errors ${subject.cpuError.toFixed(2)} / ${floor.cpuError.toFixed(2)} ms)`;

/**
 * A figure of `subject` against `floor` (both from measureCommands): CPU when measured (its label with the
 * standard error of each mean), else wall.
 */
export function againstFloor(subject, floor, { label, target = '', runs }) {
  const what = subject.cpu === undefined ? 'wall, median' : cpuMean;
  const value = subject.cpu ?? subject.wall;
  const baseline = floor.cpu ?? floor.wall;
  const errors = subject.cpu === undefined ? '' : standardErrors(subject, floor);
  return {
    label: `${label ?? subject.label} vs ${floor.label}: ${what} of ${runs}${errors}`,
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
 * time (median) and CPU time (mean, its label with the standard error of each mean), each against the first
 * command's, with the command's `target`.
 */
export function timeCommands(commands, { runs, warmup, env }) {
  const measured = measureCommands(commands, { runs, warmup, env });
  return measured.slice(1).flatMap((subject, i) => {
    const floor = measured[0];
    const figure = (what, value, baseline, errors = '') => ({
      label: `${subject.label}: ${what} of ${runs}${errors}`,
      value: round1(value),
      unit: 'ms',
      baseline: round1(baseline),
      ratio: value / baseline,
      target: commands[i + 1].target ?? '',
    });
    return [
      figure('wall, median', subject.wall, floor.wall),
      ...(floor.cpu !== undefined
        ? [figure(cpuMean, subject.cpu, floor.cpu, standardErrors(subject, floor))]
        : []),
    ];
  });
}
