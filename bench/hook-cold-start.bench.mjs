// Cold start of the Stop hook as a whole process: the prebuilt self-contained bundle and the
// `skillpack-hook` bin, each against `node -e ""`, over interleaved runs. The payload is a Claude Code Stop
// event whose last message carries the contract's first example (a satisfied stop), plus one whose message
// carries none (a blocked stop, the path that builds the correction). The bundle keeps V8's compiled code
// in the hook's state folder after its first run; warm-up runs fill it, and one command turns it off to
// show what a first run costs. Wall time is the median; CPU time (all threads of the child, from `wait4`:
// see _timing.mjs) is the mean, which is steadier on a busy machine.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeCommands } from './_timing.mjs';

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
      target: '≤ 1.5×',
    },
    {
      label: 'bundle, blocked stop',
      args: [BUNDLE, ...hookArgs],
      stdin: input.blocked,
      expect: /"decision":"block"/,
      target: '≤ 1.5×',
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
  try {
    return { name: 'hook cold start', figures: timeCommands(commands, { runs: RUNS, warmup: WARMUP, env }) };
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}
