// Peak RSS of `readAgentRun(fs.createReadStream(file))` over a deterministic ~100 MB capture-like stream per
// runtime, each in a child process of its own, against the floors under it: a child that starts Node and
// does nothing, one that imports zod, one that imports the adapters root, and one that reads the same file
// with `readline` + `JSON.parse` and no skillpack at all.
//
// Imports the built packages (`npm run build`). READERS_BENCH_MB overrides the size (default 100).
// `node bench/readers-memory.bench.mjs --rss-child <mode> [file]` runs one child by hand.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { generateCapture, RUNTIMES } from './_capture-streams.mjs';

const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const ZOD = new URL('../node_modules/zod/index.js', import.meta.url);
const TARGET_BYTES = Number(process.env.READERS_BENCH_MB ?? 100) * 2 ** 20;
const TARGET = '< 64 MB (issue #16)';

const mb = (bytes) => Math.round(bytes / 2 ** 20);

function peakRss(mode, file = '') {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--rss-child', mode, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the ${mode} RSS child exited with ${child.status}`);
  return JSON.parse(child.stdout);
}

async function readLines(file) {
  let events = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line !== '') {
      JSON.parse(line);
      events++;
    }
  }
  return { events };
}

const CHILDREN = {
  node: async () => ({}),
  zod: async () => {
    await import(ZOD.href);
    return {};
  },
  import: async () => {
    await import(ADAPTERS.href);
    return {};
  },
  readline: (file) => readLines(file),
  read: async (file) => {
    const { readAgentRun } = await import(ADAPTERS.href);
    const run = await readAgentRun(createReadStream(file));
    return {
      runtime: run.runtime,
      finish: run.finish,
      malformed: run.malformedLineCount,
      messages: run.messages.length,
      tools: run.tools.length,
    };
  },
};

export default async function readersMemoryBench() {
  const figures = [];
  const floor = peakRss('import');
  figures.push(
    { label: 'a child that starts Node and exits', value: mb(peakRss('node').peakRssBytes), unit: 'MB' },
    { label: 'a child that imports zod', value: mb(peakRss('zod').peakRssBytes), unit: 'MB' },
    {
      label: 'a child that imports @skillpack/adapters',
      value: mb(floor.peakRssBytes),
      unit: 'MB',
      target: TARGET,
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-readers-memory-'));
  try {
    for (const runtime of RUNTIMES) {
      const file = join(dir, `${runtime}.jsonl`);
      const bytes = generateCapture(runtime, file, TARGET_BYTES);
      const read = peakRss('read', file);
      if (read.runtime !== runtime || read.finish !== 'complete' || read.malformed !== 0) {
        throw new Error(`readAgentRun misread the ${runtime} stream: ${JSON.stringify(read)}`);
      }
      const lines = peakRss('readline', file);
      process.stderr.write(`bench readers-memory: ${runtime} ${mb(bytes)} MB ${JSON.stringify(read)}\n`);
      figures.push(
        {
          label: `${runtime}: readAgentRun over ${mb(bytes)} MB (baseline: the import-only child)`,
          value: mb(read.peakRssBytes),
          unit: 'MB',
          baseline: mb(floor.peakRssBytes),
          ratio: read.peakRssBytes / floor.peakRssBytes,
          target: TARGET,
        },
        {
          label: `${runtime}: readline + JSON.parse over the same file, no skillpack (baseline: the same)`,
          value: mb(lines.peakRssBytes),
          unit: 'MB',
          baseline: mb(floor.peakRssBytes),
          ratio: lines.peakRssBytes / floor.peakRssBytes,
        },
      );
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'readers-memory', figures };
}

if (process.argv[2] === '--rss-child') {
  const [, , , mode, file] = process.argv;
  const result = await CHILDREN[mode](file);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ ...result, peakRssBytes }));
}
