// Issue #31's Stop hook figures, whole processes over interleaved rounds (CPU time, mean; all threads of
// the child, exact from `wait4`, see _timing.mjs; run without NODE_EXTRA_CA_CERTS and NODE_OPTIONS, as
// SKILLPACK_BENCH_ENV=inherit does not): the example pack's hook (examples/, two built-in families hooked) and a
// `skillpack init` pack's hook (a contract of its own), each for a satisfied and a blocked stop, against the
// hand-written Node hook (read stdin, `JSON.parse`, a regex) and the smallest cc-hooks-ts Stop hook
// (installed from npm into the scratch folder now, esbuild-bundled; "anchor unavailable" without network).
// Warm-up rounds fill the hooks' V8 code cache, as a runtime's first stop does.
// SKILLPACK_BENCH_RUNS (default 30) sets the rounds. Beside the CPU, when valgrind is installed, each pack's
// hook against the hand-written one in instructions (callgrind, median of 3: load-free, see _instructions.mjs),
// and the floors under the satisfied figures: each pack's contract read alone, compiled fresh (the example
// pack's two, Conflux's alone, the init pack's own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { instructionsOf, valgrindInstalled } from './_instructions.mjs';
import {
  ccHooksTsHook,
  contractReadAlone,
  examplePackHook,
  handWrittenHook,
  initPack,
  projectContracts,
  root,
  stopEvent,
} from './_scratch-packs.mjs';
import { againstFloor, measureCommands, measuredEnv, round1 } from './_timing.mjs';

/**
 * A pack's plugin hook checks only stops that attempt a verdict (`--enforce attempted`); the blocked figures
 * run the same command with `--enforce always`, so that a stop with no verdict takes the path that builds
 * the correction.
 */
const always = (args) => args.map((arg) => (arg === 'attempted' ? 'always' : arg));

/**
 * Each pack hook's instructions against the hand-written hook's, satisfied and blocked (needs valgrind); and
 * the floors under the satisfied figures: each `floorCommands` read alone (`contractReadAlone`).
 */
function instructionFigures(commands, floorCommands, env) {
  if (!valgrindInstalled()) return [{ label: 'instructions: valgrind not installed', value: '—' }];
  const byLabel = new Map([...commands, ...floorCommands].map((command) => [command.label, command]));
  const counted = new Map();
  const count = (label) => {
    if (!counted.has(label))
      counted.set(label, instructionsOf(byLabel.get(label), { runs: 3, warmup: 3, env }));
    return counted.get(label);
  };
  const figures = ['example pack hook', 'init pack hook'].flatMap((hook) =>
    ['satisfied', 'blocked'].map((stop) => {
      const value = count(`${hook}, ${stop}`);
      const baseline = count(`hand-written hook, ${stop}`);
      return {
        label: `${hook}, ${stop} vs hand-written hook, ${stop}: instructions, median of 3 (callgrind)`,
        value: round1(value / 1e6),
        unit: 'M',
        baseline: round1(baseline / 1e6),
        ratio: value / baseline,
        target: '≤ 1.05×',
      };
    }),
  );
  const baseline = count('hand-written hook, satisfied');
  for (const { label } of floorCommands) {
    const floor = count(label);
    figures.push({
      label: `${label} vs hand-written hook, satisfied: instructions, median of 3 (callgrind): the least a hook compiled fresh with this read pays`,
      value: round1(floor / 1e6),
      unit: 'M',
      baseline: round1(baseline / 1e6),
      ratio: floor / baseline,
    });
  }
  return figures;
}

const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 30);
const WARMUP = 3;

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-stop-hooks-'));
  try {
    const { builtinContracts } = await import(
      pathToFileURL(join(root, 'packages/core/dist/contracts.js')).href
    );
    const conflux = builtinContracts.get('conflux.acceptance');
    const maestro = builtinContracts.get('maestro.result');
    const example = await examplePackHook(dir);
    const init = await initPack(dir);
    const floor = handWrittenHook(dir);
    const anchor = await ccHooksTsHook(dir);
    const verdict = conflux.render(conflux.examples[0].value);
    const input = {
      satisfied: stopEvent(`I reviewed the change and ran the tests.\n\n${verdict}\n`, dir),
      maestroSatisfied: stopEvent(`Done.\n\n${maestro.render(maestro.examples[0].value)}\n`, dir),
      blocked: stopEvent('I reviewed the change and ran the tests. Everything looks fine.', dir),
      initSatisfied: stopEvent('Done.\n{"verdict":"approve","reasons":["The tests cover it."]}', dir),
    };
    const satisfied = /^(\{\}\n)?$/;
    const blocked = /"decision":"block"/;
    const commands = [
      { label: 'hand-written hook, satisfied', args: floor, stdin: input.satisfied, expect: satisfied },
      { label: 'hand-written hook, blocked', args: floor, stdin: input.blocked, expect: blocked },
      { label: 'example pack hook, satisfied', args: example, stdin: input.satisfied, expect: satisfied },
      { label: 'example pack hook, blocked', args: always(example), stdin: input.blocked, expect: blocked },
      {
        label: 'example pack hook, satisfied by maestro.result',
        args: example,
        stdin: input.maestroSatisfied,
        expect: satisfied,
      },
      { label: 'init pack hook, satisfied', args: init.hook, stdin: input.initSatisfied, expect: satisfied },
      { label: 'init pack hook, blocked', args: always(init.hook), stdin: input.blocked, expect: blocked },
      ...(anchor.args
        ? [
            {
              label: 'cc-hooks-ts hook, satisfied',
              args: anchor.args,
              stdin: input.satisfied,
              expect: satisfied,
            },
            { label: 'cc-hooks-ts hook, blocked', args: anchor.args, stdin: input.blocked, expect: blocked },
          ]
        : []),
    ];
    const env = { ...process.env, SKILLPACK_HOOK_STATE_DIR: join(dir, 'state') };
    const measured = Object.fromEntries(
      measureCommands(commands, { runs: RUNS, warmup: WARMUP, env }).map((entry) => [entry.label, entry]),
    );
    const figure = (subject, floorLabel, target) =>
      againstFloor(measured[subject], measured[floorLabel], { target, runs: RUNS });
    const figures = [];
    for (const stop of ['satisfied', 'blocked']) {
      if (anchor.args) {
        figures.push(figure(`example pack hook, ${stop}`, `cc-hooks-ts hook, ${stop}`, '≤ 1.0×'));
      } else {
        figures.push({
          label: `example pack hook, ${stop} vs cc-hooks-ts: anchor unavailable (${anchor.unavailable})`,
          value: '—',
        });
      }
    }
    for (const stop of ['satisfied', 'blocked']) {
      figures.push(figure(`example pack hook, ${stop}`, `hand-written hook, ${stop}`, '≤ 1.05×'));
    }
    // maestro.result's block is read without zod (its `plainRead`); conflux.acceptance's verdict is not yet.
    if (anchor.args) {
      figures.push(
        figure('example pack hook, satisfied by maestro.result', 'cc-hooks-ts hook, satisfied', '≤ 1.0×'),
      );
    }
    figures.push(
      figure('example pack hook, satisfied by maestro.result', 'hand-written hook, satisfied', '≤ 1.05×'),
    );
    for (const stop of ['satisfied', 'blocked']) {
      if (anchor.args) figures.push(figure(`init pack hook, ${stop}`, `cc-hooks-ts hook, ${stop}`, '≤ 1.0×'));
      figures.push(figure(`init pack hook, ${stop}`, `hand-written hook, ${stop}`, '≤ 1.05×'));
    }
    if (anchor.args) {
      figures.push(figure('cc-hooks-ts hook, satisfied', 'hand-written hook, satisfied', ''));
    }
    const readAlone = async (label, name, contracts, stdin) => ({
      label: `${label} read alone, compiled fresh (a floor, not a hook), satisfied`,
      args: await contractReadAlone(dir, name, contracts),
      stdin,
      expect: /^$/,
    });
    const floorCommands = [
      await readAlone(
        "the example pack's contracts",
        'example-read-alone',
        [conflux, maestro],
        input.satisfied,
      ),
      await readAlone('conflux.acceptance', 'conflux-read-alone', [conflux], input.satisfied),
      await readAlone(
        "the init pack's contract",
        'init-read-alone',
        await projectContracts(init.project, 'contracts/review.ts'),
        input.initSatisfied,
      ),
    ];
    figures.push(...instructionFigures(commands, floorCommands, measuredEnv(env)));
    return { name: 'stop hook vs floors', figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
