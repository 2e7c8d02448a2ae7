// readAgentRun + extractContract over a deterministic ~50 MB stream per runtime, against `readline` +
// `JSON.parse` per line over the same file in the same process; and `skillpack parse FILE` as a whole
// process against a process that runs the same `readline` + `JSON.parse` loop (peak RSS:
// readers-memory.bench.mjs). CPU time is the figure (all threads; the wall clock is noise when shared).
//
// Imports the built packages (npm run build). READERS_BENCH_MB overrides the size (default 50);
// READERS_BENCH_RUNTIMES (comma-separated) picks runtimes.
import { createReadStream, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCapture, RUNTIMES, readJsonLines } from './_capture-streams.mjs';
import { againstFloor, labelWithCpuParts, measureCommands } from './_timing.mjs';

const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const CONTRACTS = new URL('../packages/core/dist/contracts.js', import.meta.url);
const BIN = fileURLToPath(new URL('../packages/skill-gen/bin/skillpack.js', import.meta.url));
const REPO_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));
const ROUNDS = 5;
const CLI_RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 7);
const TARGET_BYTES = Number(process.env.READERS_BENCH_MB ?? 50) * 2 ** 20;
const SELECTED = process.env.READERS_BENCH_RUNTIMES?.split(',') ?? RUNTIMES;

/** The floor process: `readline` + `JSON.parse` over FILE, a script of its own that loads nothing else. */
const FLOOR_SCRIPT = `import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Number.POSITIVE_INFINITY });
for await (const line of lines) if (line !== '') JSON.parse(line);
`;

/**
 * A project whose skillpack.config.json names a contract module of its own (zod and @skillpack/core from the
 * repository's node_modules): every parse in it, even of a built-in contract, loads that module.
 */
function projectWithContractModule(dir) {
  const project = join(dir, 'project');
  mkdirSync(join(project, 'contracts'), { recursive: true });
  symlinkSync(REPO_MODULES, join(project, 'node_modules'));
  const config = {
    name: 'acme',
    version: '1.0.0',
    description: 'A pack with a contract of its own.',
    author: { name: 'Acme' },
    license: 'MIT',
    contracts: ['./contracts/review.mjs'],
  };
  writeFileSync(join(project, 'skillpack.config.json'), `${JSON.stringify(config)}\n`);
  writeFileSync(
    join(project, 'contracts/review.mjs'),
    [
      "import { defineContract } from '@skillpack/core';",
      "import { z } from 'zod';",
      "export const review = defineContract({ id: 'acme.review', version: '1.0.0', title: 'Review',",
      "  description: 'A verdict.', delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),",
      "  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });",
      '',
    ].join('\n'),
  );
  return project;
}

/**
 * `skillpack parse FILE` against a process running `readline` + `JSON.parse` over FILE, as a user pays it:
 * later runs (the code cache a previous parse of such a file left) and a first run (an empty cache folder each
 * round: the first parse after an install or an upgrade, and every parse where no private cache folder can be
 * kept).
 */
function cliFigures(runtime, file, size, benchDir) {
  // A folder per runtime: its caches and its project stay apart from the other runtimes' in one bench run.
  const dir = mkdtempSync(join(benchDir, `${runtime}-`));
  const floorScript = join(dir, 'readline-floor.mjs');
  writeFileSync(floorScript, FLOOR_SCRIPT);
  const filled = mkdtempSync(join(dir, 'cache-filled-'));
  const parse = [BIN, 'parse', '--contract', 'conflux.acceptance', file];
  const project = projectWithContractModule(dir);
  const [base, later, first, unbundled, withModule] = measureCommands(
    [
      { label: 'node readline-floor.mjs FILE', args: [floorScript, file] },
      {
        label: `${runtime}: skillpack parse, later runs (${size} MB)`,
        args: parse,
        env: { SKILLPACK_HOOK_STATE_DIR: filled },
        expect: /"ok":true/,
      },
      {
        label: `${runtime}: skillpack parse, first run (${size} MB)`,
        args: parse,
        env: (round) => ({ SKILLPACK_HOOK_STATE_DIR: mkdtempSync(join(dir, `cache-empty-${round}-`)) }),
        expect: /"ok":true/,
      },
      {
        // The same from dist/'s ES modules (the bin's unbundled path), side by side.
        label: `${runtime}: skillpack parse, unbundled (${size} MB)`,
        args: parse,
        env: { SKILLPACK_CLI_BUNDLE: '0' },
        expect: /"ok":true/,
      },
      {
        // What every parse runs in a project whose config names a contract module (the bundle hands it over).
        label: `${runtime}: skillpack parse in a project with a contract module (${size} MB)`,
        args: parse,
        cwd: project,
        env: { SKILLPACK_HOOK_STATE_DIR: filled },
        expect: /"ok":true/,
      },
    ],
    // The warm-up round fills the later runs' cache with what a 50 MB parse compiles.
    { runs: CLI_RUNS, warmup: 1, env: process.env },
  );
  return [
    againstFloor(later, base, { target: '≤ 1.2×', runs: CLI_RUNS, label: labelWithCpuParts(later, base) }),
    againstFloor(first, base, { target: '≤ 1.2×', runs: CLI_RUNS, label: labelWithCpuParts(first, base) }),
    againstFloor(unbundled, base, { runs: CLI_RUNS, label: labelWithCpuParts(unbundled, base) }),
    againstFloor(withModule, base, { runs: CLI_RUNS, label: labelWithCpuParts(withModule, base) }),
  ];
}

async function loadAdapters() {
  try {
    return await import(ADAPTERS.href);
  } catch (cause) {
    throw new Error(
      'build the adapters first: npx tsc -p packages/core/tsconfig.build.json && npx tsc -p packages/adapters/tsconfig.build.json',
      { cause },
    );
  }
}

// ---- measurements ----------------------------------------------------------------------------------------

function summary(run) {
  return {
    runtime: run.runtime,
    finish: run.finish,
    lines: run.lineCount,
    messages: run.messages.length,
    tools: run.tools.length,
    malformed: run.malformedLineCount,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const mb = (bytes) => Math.round(bytes / 2 ** 20);

export default async function readersBench() {
  const { readAgentRun, extractContract } = await loadAdapters();
  const { builtinContracts } = await import(CONTRACTS.href);
  const conflux = builtinContracts.get('conflux.acceptance');
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-readers-'));
  const figures = [];
  try {
    for (const runtime of SELECTED) {
      const file = join(dir, `${runtime}.jsonl`);
      const bytes = generateCapture(runtime, file, TARGET_BYTES);
      const base = { cpu: [], wall: [] };
      const subject = { cpu: [], wall: [] };
      let run;
      let verdict;
      const measure = async (into, work) => {
        const cpu = process.cpuUsage();
        const start = performance.now();
        const result = await work();
        const used = process.cpuUsage(cpu);
        into.wall.push(performance.now() - start);
        into.cpu.push((used.user + used.system) / 1000);
        return result;
      };
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate the order so neither side always runs on a warmer (or colder) heap.
        const readIt = async () => {
          run = await measure(subject, async () => {
            const read = await readAgentRun(createReadStream(file), { runtime: 'auto' });
            verdict = extractContract(read, conflux);
            return read;
          });
        };
        const baseIt = () => measure(base, () => readJsonLines(file));
        if (round % 2 === 0) {
          await baseIt();
          await readIt();
        } else {
          await readIt();
          await baseIt();
        }
      }
      const checked = summary(run);
      if (checked.runtime !== runtime || checked.finish !== 'complete' || checked.malformed !== 0) {
        throw new Error(`readAgentRun misread the ${runtime} stream: ${JSON.stringify(checked)}`);
      }
      if (!verdict.success || verdict.data.acceptance !== 'pass') {
        throw new Error(`extractContract misread the ${runtime} stream: ${JSON.stringify(verdict)}`);
      }
      process.stderr.write(`bench readers: ${runtime} ${mb(bytes)} MB ${JSON.stringify(checked)}\n`);
      // CPU time (all threads of this process) is the figure: the wall clock on a shared machine is noise.
      const cpu = median(subject.cpu);
      const cpuFloor = median(base.cpu);
      figures.push({
        label: `${runtime}: readAgentRun + extractContract vs readline+JSON.parse, CPU time (${mb(bytes)} MB, median of ${ROUNDS})`,
        value: Math.round(cpu),
        unit: 'ms',
        baseline: Math.round(cpuFloor),
        ratio: cpu / cpuFloor,
        target: '≤ 1.2×',
      });
      const wall = median(subject.wall);
      const wallFloor = median(base.wall);
      figures.push({
        label: `${runtime}: the same, wall clock`,
        value: Math.round(wall),
        unit: 'ms',
        baseline: Math.round(wallFloor),
        ratio: wall / wallFloor,
      });
      figures.push(...cliFigures(runtime, file, mb(bytes), dir));
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'readers', figures };
}
