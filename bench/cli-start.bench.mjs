// The CLI's start as whole processes over interleaved rounds: `skillpack --version`, `skillpack --help` and
// `skillpack parse` of a tiny Codex run (the `skillpack init` contract's example verdict, one message),
// each against `node -e ""` fed the same stdin: the cost of starting Node at all. CPU time (mean, all
// threads of the child, from `wait4`) is the figure; beside them `parse` from dist/'s ES modules
// (SKILLPACK_CLI_BUNDLE=0, the bin's unbundled path) and what importing zod alone costs, the floor under any
// command that reads a contract. SKILLPACK_BENCH_RUNS (default 30) sets the rounds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './_scratch-packs.mjs';
import { againstFloor, measureCommands } from './_timing.mjs';

const BIN = join(root, 'packages/skill-gen/bin/skillpack.js');
const ZOD = pathToFileURL(join(root, 'node_modules/zod/index.js')).href;
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 30);
const WARMUP = 3;

/** A complete Codex `exec --json` run whose final message ends with a Conflux verdict. */
const TINY_RUN = [
  { type: 'thread.started', thread_id: '0199a213-81c0-7800-8aa1-bbab2a035a53' },
  { type: 'turn.started' },
  {
    type: 'item.completed',
    item: { id: 'item_0', type: 'agent_message', text: 'Reviewed.\n{"acceptance":"pass"}' },
  },
  { type: 'turn.completed', usage: { input_tokens: 1200, cached_input_tokens: 0, output_tokens: 40 } },
]
  .map((event) => JSON.stringify(event))
  .join('\n');

export default async function bench() {
  const commands = [
    { label: 'node -e ""', args: ['-e', ''], stdin: TINY_RUN },
    { label: 'skillpack --version', args: [BIN, '--version'], stdin: TINY_RUN, expect: /^\d+\.\d+\.\d+/ },
    { label: 'skillpack --help', args: [BIN, '--help'], stdin: TINY_RUN, expect: /^Usage: skillpack/ },
    {
      label: 'skillpack parse (tiny Codex run)',
      args: [BIN, 'parse', '--contract', 'conflux.acceptance'],
      stdin: TINY_RUN,
      expect: /"ok":true/,
    },
    {
      // The same command from dist/'s ES modules (the bin's development and fallback path), side by side.
      label: 'skillpack parse, unbundled (SKILLPACK_CLI_BUNDLE=0)',
      args: [BIN, 'parse', '--contract', 'conflux.acceptance'],
      env: { SKILLPACK_CLI_BUNDLE: '0' },
      stdin: TINY_RUN,
      expect: /"ok":true/,
    },
    {
      label: 'node importing zod',
      args: ['--input-type=module', '-e', `await import(${JSON.stringify(ZOD)});`],
      stdin: TINY_RUN,
    },
  ];
  const [floor, version, help, parse, unbundled, zod] = measureCommands(commands, {
    runs: RUNS,
    warmup: WARMUP,
    env: process.env,
  });
  return {
    name: 'cli start',
    figures: [
      againstFloor(version, floor, { target: '≤ 1.5×', runs: RUNS }),
      againstFloor(help, floor, { target: '≤ 1.5×', runs: RUNS }),
      againstFloor(parse, floor, { target: '≤ 2×', runs: RUNS }),
      againstFloor(unbundled, floor, { runs: RUNS }),
      // What importing zod alone costs: every contract is a zod schema, so `parse` cannot start below it.
      againstFloor(zod, floor, { runs: RUNS }),
      againstFloor(parse, zod, { runs: RUNS }),
    ],
  };
}
