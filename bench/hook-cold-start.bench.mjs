// Cold start of the Stop hook as a whole process: the prebuilt self-contained bundle and the
// `skillpack-hook` bin, each against `node -e ""`, over interleaved runs. The payload is a Claude Code Stop
// event whose last message carries the contract's first example (a satisfied stop), plus one whose message
// carries none (a blocked stop, the path that builds the correction). The bundle keeps V8's compiled code
// in the hook's state folder after its first run; warm-up runs fill it, and one command turns it off to
// show what a first run costs. Wall time is the median; CPU time (all threads of the child, read from
// /proc on Linux, in 10 ms ticks) is the mean, which is steadier on a busy machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const adaptersDir = fileURLToPath(new URL('../packages/adapters/', import.meta.url));
const BUNDLE = join(adaptersDir, 'dist/bundles/skillpack-hook.cjs');
const BIN = join(adaptersDir, 'dist/bin/skillpack-hook.js');
const CORE_CONTRACTS = new URL('../packages/core/dist/contracts.js', import.meta.url);
const CONTRACT = 'conflux.acceptance';
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 30);
const WARMUP = 3;

async function payloads() {
  if (!existsSync(BUNDLE) || !existsSync(BIN)) {
    throw new Error(
      'build the adapters first: npx tsc -p packages/adapters/tsconfig.build.json && node packages/adapters/scripts/bundle.mjs',
    );
  }
  const { builtinContracts } = await import(CORE_CONTRACTS.href);
  const contract = builtinContracts.get(CONTRACT);
  if (!contract) throw new Error(`${CONTRACT} is not in packages/core/dist: build the core first`);
  const stop = (message) =>
    JSON.stringify({
      session_id: 'bench-session',
      transcript_path: '/nonexistent/transcript.jsonl',
      cwd: adaptersDir,
      permission_mode: 'default',
      hook_event_name: 'Stop',
      stop_hook_active: false,
      last_assistant_message: message,
    });
  return {
    satisfied: stop(
      `I reviewed the change and ran the tests.\n\n${contract.render(contract.examples[0].value)}\n`,
    ),
    blocked: stop('I reviewed the change and ran the tests. Everything looks fine.'),
  };
}

/** CPU time of waited-for children so far, in ms (Linux only; undefined elsewhere). */
const childCpu = (() => {
  if (process.platform !== 'linux') return () => undefined;
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
  return () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * tick;
  };
})();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const round1 = (value) => Math.round(value * 10) / 10;

export default async function bench() {
  const input = await payloads();
  const stateDir = mkdtempSync(join(tmpdir(), 'skillpack-bench-hook-'));
  const env = { ...process.env, SKILLPACK_HOOK_STATE_DIR: stateDir };
  const hookArgs = ['claude-code', '--contract', CONTRACT];
  const satisfied = /^\{\}\n$/;
  const commands = [
    { label: 'node -e ""', args: ['-e', ''], stdin: input.satisfied },
    {
      label: 'bundle, satisfied stop',
      args: [BUNDLE, ...hookArgs],
      stdin: input.satisfied,
      expect: satisfied,
      target: true,
    },
    {
      label: 'bundle, blocked stop',
      args: [BUNDLE, ...hookArgs],
      stdin: input.blocked,
      expect: /"decision":"block"/,
      target: true,
    },
    {
      label: 'bundle, satisfied stop, code cache off (a first run)',
      args: [BUNDLE, ...hookArgs],
      stdin: input.satisfied,
      env: { SKILLPACK_HOOK_CODE_CACHE: '0' },
      expect: satisfied,
    },
    {
      label: 'skillpack-hook bin, satisfied stop',
      args: [BIN, ...hookArgs],
      stdin: input.satisfied,
      expect: satisfied,
    },
  ];
  const wall = commands.map(() => []);
  const cpu = commands.map(() => []);
  try {
    for (let round = 0; round < WARMUP + RUNS; round++) {
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
        if (round < WARMUP) continue;
        wall[index].push(elapsed);
        if (cpuBefore !== undefined) cpu[index].push(cpuAfter - cpuBefore);
      }
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
  const figures = [];
  for (let i = 1; i < commands.length; i++) {
    const { label, target } = commands[i];
    const wallValue = median(wall[i]);
    figures.push({
      label: `${label}: wall, median of ${RUNS}`,
      value: round1(wallValue),
      unit: 'ms',
      baseline: round1(median(wall[0])),
      ratio: wallValue / median(wall[0]),
      target: target ? '≤ 1.5×' : '',
    });
    if (cpu[i].length > 0) {
      const cpuValue = mean(cpu[i]);
      figures.push({
        label: `${label}: CPU, mean of ${RUNS}`,
        value: round1(cpuValue),
        unit: 'ms',
        baseline: round1(mean(cpu[0])),
        ratio: cpuValue / mean(cpu[0]),
        target: target ? '≤ 1.5×' : '',
      });
    }
  }
  return { name: 'hook cold start', figures };
}
