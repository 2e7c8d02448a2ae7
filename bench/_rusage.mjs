// Each measured child's own CPU time, exact: the command is started by a few lines of Python (on every
// Debian), which `posix_spawnp`s it, reaps it with `wait4` and writes the child's rusage (user and system CPU,
// microseconds: the kernel's exact runtime, not 10 ms ticks) and its spawn-to-reap wall time to fd 3. The
// measurer's own start and CPU are outside both. Node has no `wait4`; GNU `time` prints it in hundredths.
import { spawnSync } from 'node:child_process';

const MEASURER = `
import json, os, sys, time
env = json.loads(sys.argv[1])
argv = sys.argv[2:]
os.set_inheritable(3, False)
started = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, env)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - started
os.write(3, ('%d %.6f %.6f %.6f' % (os.waitstatus_to_exitcode(status), usage.ru_utime, usage.ru_stime, wall)).encode())
`;

/** The first Python 3 here with `posix_spawnp`, `wait4` and `waitstatus_to_exitcode` (3.9+), or undefined. */
export function findMeasurer() {
  if (process.platform !== 'linux' && process.platform !== 'darwin') return undefined;
  for (const python of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(
      python,
      ['-I', '-S', '-c', 'import os; os.wait4; os.posix_spawnp; os.waitstatus_to_exitcode'],
      {
        stdio: 'ignore',
      },
    );
    if (probe.status === 0) return python;
  }
  return undefined;
}

/**
 * The measurer's report (`exit user system wall`, seconds) as `{ status, signal, user, system, wall }`: the
 * child's exit status (null when a signal ended it, then its number in `signal`) and its times in ms; throws
 * on anything else.
 */
export function parseRusageReport(report) {
  const match = /^(-?\d+) (\d+\.\d{6}) (\d+\.\d{6}) (\d+\.\d{6})$/.exec(report);
  if (!match)
    throw new Error(`the CPU measurer reported ${JSON.stringify(report)}, expected "exit user system wall"`);
  const exit = Number(match[1]);
  return {
    status: exit >= 0 ? exit : null,
    signal: exit < 0 ? -exit : null,
    user: Number(match[2]) * 1000,
    system: Number(match[3]) * 1000,
    wall: Number(match[4]) * 1000,
  };
}

/**
 * `spawnSync(file, args, options)` through `python`'s `wait4`: spawnSync's `{ status, stdout, stderr }` of the
 * child, with its `user`, `system` and `wall` ms. A measurer that fails to start the command throws.
 */
export function spawnMeasured(python, file, args, options) {
  const run = spawnSync(
    python,
    ['-I', '-S', '-c', MEASURER, JSON.stringify(options.env ?? process.env), file, ...args],
    {
      ...options,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    },
  );
  const report = run.output?.[3] === undefined || run.output[3] === null ? '' : String(run.output[3]);
  if (report === '') {
    throw new Error(
      `the CPU measurer (${python}) did not run ${file}: exit ${run.status}, ${String(run.stderr).slice(-300)}`,
    );
  }
  return { stdout: run.stdout, stderr: run.stderr, ...parseRusageReport(report) };
}
