// Peak RSS of `readAgentRun(fs.createReadStream(file))` over a deterministic ~100 MB capture-like stream per
// runtime, each in a child process of its own: with the default retention (the last 1000 messages and 100
// calls, 16 Ki of tool output, every settled call a contract reads outside the heap) and with
// `keepMessages: false, keepTools: false`; against the floors under it: a child that starts Node and
// does nothing, one that imports zod, one that imports the adapters root, one that reads the same file with
// `readline` + `JSON.parse` and no skillpack at all, one that cuts its bytes into lines and parses each (no
// skillpack, nothing kept), and the least a reader in this package could use: the same loop after importing
// the adapters root.
// Last, the Codex stream at 4× the size, to show what grows with the stream, and the heap still live after
// a full GC once it is read: what the default run returns against a run that keeps no message or call.
//
// Issue #31's figure: the Codex read with default options at 1× and 4× the size (50 → 200 MB), each against
// `readline` + `JSON.parse` over the same file (Node's own line loop): target ≤ floor + 16 MB at both sizes.
//
// Imports the built packages (`npm run build`). READERS_BENCH_MB overrides the size (default 50).
// `node bench/readers-memory.bench.mjs --rss-child <mode> [file]` runs one child by hand.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCapture, parseByteLines, RUNTIMES, readJsonLines } from './_capture-streams.mjs';

const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const ZOD = new URL('../node_modules/zod/index.js', import.meta.url);
const TARGET_BYTES = Number(process.env.READERS_BENCH_MB ?? 50) * 2 ** 20;
const TARGET = '< 64 MB (issue #16)';

const mb = (bytes) => Math.round(bytes / 2 ** 20);

function peakRss(mode, file = '', nodeOptions = []) {
  const script = [...nodeOptions, fileURLToPath(import.meta.url), '--rss-child', mode, file];
  const child = spawnSync(process.execPath, script, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the ${mode} RSS child exited with ${child.status}`);
  return JSON.parse(child.stdout);
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
  readline: async (file) => ({ events: await readJsonLines(file) }),
  bytes: async (file) => ({ events: await parseByteLines(file) }),
  floor: async (file) => {
    await import(ADAPTERS.href);
    return { events: await parseByteLines(file) };
  },
  read: (file) => readRun(file, {}),
  bounded: (file) => readRun(file, { keepMessages: false, keepTools: false }),
  // What a run keeps: the heap after a full GC with the run still referenced (needs --expose-gc).
  'read-live': (file) => liveAfterRead(file, {}),
  'bounded-live': (file) => liveAfterRead(file, { keepMessages: false, keepTools: false }),
};

async function liveAfterRead(file, options) {
  const { readAgentRun } = await import(ADAPTERS.href);
  const run = await readAgentRun(createReadStream(file), options);
  globalThis.gc();
  globalThis.gc();
  return { liveHeapBytes: process.memoryUsage().heapUsed, tools: run.tools.length };
}

async function readRun(file, options) {
  const { readAgentRun } = await import(ADAPTERS.href);
  const run = await readAgentRun(createReadStream(file), options);
  return {
    runtime: run.runtime,
    finish: run.finish,
    malformed: run.malformedLineCount,
    messages: run.messages.length,
    tools: run.tools.length,
  };
}

function checkedRead(mode, runtime, file) {
  const read = peakRss(mode, file);
  if (read.runtime !== runtime || read.finish !== 'complete' || read.malformed !== 0) {
    throw new Error(`readAgentRun misread the ${runtime} stream: ${JSON.stringify(read)}`);
  }
  return read;
}

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
  const codexReads = {};
  try {
    for (const runtime of RUNTIMES) {
      const file = join(dir, `${runtime}.jsonl`);
      const size = mb(generateCapture(runtime, file, TARGET_BYTES));
      const read = checkedRead('read', runtime, file);
      const bounded = checkedRead('bounded', runtime, file);
      const lineLoop = peakRss('readline', file);
      if (runtime === 'codex') Object.assign(codexReads, { read, bounded, lineLoop, size });
      process.stderr.write(`bench readers-memory: ${runtime} ${size} MB ${JSON.stringify(read)}\n`);
      const figure = (label, child, target) => ({
        label: `${runtime}: ${label} (baseline: the import-only child)`,
        value: mb(child.peakRssBytes),
        unit: 'MB',
        baseline: mb(floor.peakRssBytes),
        ratio: child.peakRssBytes / floor.peakRssBytes,
        ...(target ? { target } : {}),
      });
      figures.push(
        figure(`readAgentRun over ${size} MB`, read, TARGET),
        figure('the same, keepMessages and keepTools false', bounded, TARGET),
        figure(
          'adapters imported, then bytes cut into lines and JSON.parse, nothing kept',
          peakRss('floor', file),
        ),
        figure('bytes cut into lines and JSON.parse, no skillpack', peakRss('bytes', file)),
        figure('readline + JSON.parse over the same file, no skillpack', lineLoop),
      );
      rmSync(file);
    }
    const file = join(dir, 'codex-4x.jsonl');
    const size = mb(generateCapture('codex', file, 4 * TARGET_BYTES));
    for (const [mode, label] of [
      ['read', 'readAgentRun'],
      ['bounded', 'readAgentRun, keepMessages and keepTools false'],
    ]) {
      const child = checkedRead(mode, 'codex', file);
      const once = mb(codexReads[mode].peakRssBytes);
      figures.push({
        label: `codex at 4×: ${label} over ${size} MB (baseline: the same over ${mb(TARGET_BYTES)} MB)`,
        value: mb(child.peakRssBytes),
        unit: 'MB',
        baseline: once,
        ratio: mb(child.peakRssBytes) / once,
      });
    }
    // What the default run returns is live at the end, whatever the reader does while it reads.
    const live = (mode) => peakRss(mode, file, ['--expose-gc']).liveHeapBytes;
    const [liveRead, liveBounded] = [live('read-live'), live('bounded-live')];
    figures.push({
      label: `codex at 4×: heap live after a full GC with the run referenced, default options (baseline: keepMessages and keepTools false)`,
      value: mb(liveRead),
      unit: 'MB',
      baseline: mb(liveBounded),
      ratio: liveRead / liveBounded,
      target: 'what the default run returns: the part of the peak no reader can give back',
    });
    const overFloor = (read, lineLoop, bytes) => ({
      label: `codex: readAgentRun (default options) over ${bytes} MB vs Node's readline + JSON.parse loop over it`,
      value: mb(read.peakRssBytes),
      unit: 'MB',
      baseline: mb(lineLoop.peakRssBytes),
      ratio: read.peakRssBytes / lineLoop.peakRssBytes,
      target: `≤ ${mb(lineLoop.peakRssBytes) + 16} MB (floor + 16 MB)`,
    });
    figures.push(
      overFloor(codexReads.read, codexReads.lineLoop, codexReads.size),
      overFloor(checkedRead('read', 'codex', file), peakRss('readline', file), size),
    );
    rmSync(file);
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
