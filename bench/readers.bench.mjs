// readAgentRun over a deterministic ~100 MB stream per runtime, against `readline` + `JSON.parse` per line
// over the same file in the same process (peak RSS: readers-memory.bench.mjs).
//
// Imports the built adapters: npx tsc -p packages/core/tsconfig.build.json &&
// npx tsc -p packages/adapters/tsconfig.build.json. READERS_BENCH_MB overrides the size (default 100).
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCapture, RUNTIMES, readJsonLines } from './_capture-streams.mjs';

const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const ROUNDS = 5;
const TARGET_BYTES = Number(process.env.READERS_BENCH_MB ?? 100) * 2 ** 20;

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
  const { readAgentRun } = await loadAdapters();
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-readers-'));
  const figures = [];
  try {
    for (const runtime of RUNTIMES) {
      const file = join(dir, `${runtime}.jsonl`);
      const bytes = generateCapture(runtime, file, TARGET_BYTES);
      const base = { cpu: [], wall: [] };
      const subject = { cpu: [], wall: [] };
      let run;
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
          run = await measure(subject, () => readAgentRun(createReadStream(file), { runtime: 'auto' }));
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
      process.stderr.write(`bench readers: ${runtime} ${mb(bytes)} MB ${JSON.stringify(checked)}\n`);
      // CPU time (all threads of this process) is the figure: the wall clock on a shared machine is noise.
      const cpu = median(subject.cpu);
      const cpuFloor = median(base.cpu);
      figures.push({
        label: `${runtime}: readAgentRun vs readline+JSON.parse, CPU time (${mb(bytes)} MB, median of ${ROUNDS})`,
        value: Math.round(cpu),
        unit: 'ms',
        baseline: Math.round(cpuFloor),
        ratio: cpu / cpuFloor,
        target: '≤ 1.5×',
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
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'readers', figures };
}
