// readAgentRun over a deterministic ~100 MB stream per runtime, against `readline` + `JSON.parse` per line
// over the same file in the same process; then the peak RSS of a child process that only runs readAgentRun.
//
// Imports the built adapters: npx tsc -p packages/core/tsconfig.build.json &&
// npx tsc -p packages/adapters/tsconfig.build.json. READERS_BENCH_MB overrides the size (default 100).
import { spawnSync } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const RUNTIMES = ['claude-code', 'codex', 'opencode'];
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

// ---- deterministic stream generation ------------------------------------------------------------------

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mostly ASCII, as agent output is; accented words stay one-byte strings, CJK and emoji are rare.
const WORDS = (
  'the acceptance test build cart total rounding changelog migration schema verify review diff file source ' +
  'module function returns value error handler request response session token cache index query résumé naïve ' +
  'passes fails because should must change update remove add fix'
).split(' ');
const RARE_WORDS = ['検証', 'テスト', '✅'];

function prose(next, chars) {
  const words = [];
  let length = 0;
  while (length < chars) {
    const rare = next() < 0.002;
    const word = rare
      ? RARE_WORDS[Math.floor(next() * RARE_WORDS.length)]
      : WORDS[Math.floor(next() * WORDS.length)];
    words.push(word);
    length += word.length + 1;
  }
  return `${words.join(' ')}.`;
}

function commandOutput(next, lines) {
  const out = [];
  for (let i = 0; i < lines; i++) {
    out.push(`src/module_${Math.floor(next() * 500)}.ts:${Math.floor(next() * 900)}: ${prose(next, 40)}`);
  }
  return `${out.join('\n')}\n`;
}

/** One agent "turn" per call: narration, a tool call and its output, in the runtime's own format. */
const UNITS = {
  'claude-code'(next, n, emit) {
    const session = '4c1f6a2e-2b7d-4a8e-9f0c-6d2a1b3c4d5e';
    const envelope = { session_id: session, parent_tool_use_id: null };
    if (n === 0) {
      emit({
        type: 'system',
        subtype: 'init',
        session_id: session,
        model: 'claude-fable-5-1',
        claude_code_version: '2.1.276',
        tools: ['Bash', 'Read', 'Edit'],
        cwd: '/home/dev/shop',
      });
    }
    const id = `msg_${n}`;
    const text = prose(next, 250);
    emit({
      type: 'stream_event',
      event: { type: 'message_start', message: { id, usage: { input_tokens: 3 } } },
      ...envelope,
      uuid: `u${n}s`,
    });
    for (let at = 0; at < text.length; at += 6) {
      emit({
        type: 'stream_event',
        event: {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text: text.slice(at, at + 6) },
        },
        ...envelope,
        uuid: `u${n}d${at}`,
      });
    }
    const usage = {
      input_tokens: 3,
      cache_read_input_tokens: 11590,
      cache_creation_input_tokens: 0,
      output_tokens: 150,
    };
    emit({
      type: 'assistant',
      message: {
        id,
        model: 'claude-fable-5-1',
        role: 'assistant',
        content: [{ type: 'text', text }],
        stop_reason: null,
        usage,
      },
      ...envelope,
      uuid: `u${n}a`,
    });
    const tool = `toolu_${n}`;
    emit({
      type: 'assistant',
      message: {
        id,
        model: 'claude-fable-5-1',
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: tool,
            name: 'Bash',
            input: { command: `rg -n TODO src/module_${n % 500}` },
          },
        ],
        stop_reason: null,
        usage,
      },
      ...envelope,
      uuid: `u${n}t`,
    });
    const output = commandOutput(next, 50);
    emit({
      type: 'user',
      message: { role: 'user', content: [{ tool_use_id: tool, type: 'tool_result', content: output }] },
      ...envelope,
      uuid: `u${n}r`,
      tool_use_result: { stdout: output, stderr: '', interrupted: false },
    });
  },
  codex(next, n, emit) {
    if (n === 0) {
      emit({ type: 'thread.started', thread_id: '019a4f2c-7b1d-7c3e-9a55-1f2e3d4c5b6a' });
      emit({ type: 'turn.started' });
    }
    emit({ type: 'item.completed', item: { id: `item_${n}r`, type: 'reasoning', text: prose(next, 200) } });
    if (n % 4 === 0)
      emit({
        type: 'item.completed',
        item: { id: `item_${n}m`, type: 'agent_message', text: prose(next, 300) },
      });
    const command = `bash -lc 'rg -n TODO src/module_${n % 500}'`;
    emit({
      type: 'item.started',
      item: {
        id: `item_${n}c`,
        type: 'command_execution',
        command,
        aggregated_output: '',
        exit_code: null,
        status: 'in_progress',
      },
    });
    emit({
      type: 'item.completed',
      item: {
        id: `item_${n}c`,
        type: 'command_execution',
        command,
        aggregated_output: commandOutput(next, 50),
        exit_code: 0,
        status: 'completed',
      },
    });
    if (n % 4 === 3) {
      const changes = [{ path: `/home/dev/shop/src/module_${n % 500}.ts`, kind: 'update' }];
      emit({
        type: 'item.started',
        item: { id: `item_${n}f`, type: 'file_change', changes, status: 'in_progress' },
      });
      emit({
        type: 'item.completed',
        item: { id: `item_${n}f`, type: 'file_change', changes, status: 'completed' },
      });
    }
  },
  opencode(next, n, emit) {
    const sessionID = 'ses_3f2a1b0c9d8eAbCdEfGh123456';
    const messageID = `msg_${String(n).padStart(10, '0')}AbCdEfGhIjKl`;
    const line = (type, part) => ({
      type,
      timestamp: 1791000000000 + n,
      sessionID,
      part: { sessionID, messageID, ...part },
    });
    emit(
      line('step_start', {
        id: `prt_${n}a`,
        type: 'step-start',
        snapshot: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      }),
    );
    if (n % 3 === 0)
      emit(
        line('text', {
          id: `prt_${n}b`,
          type: 'text',
          text: prose(next, 300),
          time: { start: n, end: n + 1 },
        }),
      );
    const input = { command: `rg -n TODO src/module_${n % 500}`, description: 'Search' };
    const state = {
      status: 'completed',
      input,
      output: commandOutput(next, 50),
      title: input.command,
      metadata: { exit: 0 },
      time: { start: n, end: n + 1 },
    };
    emit(line('tool_use', { id: `prt_${n}c`, type: 'tool', callID: `call_${n}`, tool: 'bash', state }));
    const tokens = { total: 18000, input: 17913, output: 88, reasoning: 0, cache: { read: 1664, write: 0 } };
    emit(
      line('step_finish', {
        id: `prt_${n}d`,
        type: 'step-finish',
        reason: 'tool-calls',
        cost: 0.003,
        tokens,
      }),
    );
  },
};

const ENDINGS = {
  'claude-code': (emit) =>
    emit({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: '{"acceptance":"pass"}',
      session_id: '4c1f6a2e-2b7d-4a8e-9f0c-6d2a1b3c4d5e',
      total_cost_usd: 1.5,
      usage: { input_tokens: 1, output_tokens: 1 },
    }),
  codex: (emit) => {
    emit({
      type: 'item.completed',
      item: { id: 'item_last', type: 'agent_message', text: '{"acceptance":"pass"}' },
    });
    emit({ type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } });
  },
  opencode: (emit) => {
    const sessionID = 'ses_3f2a1b0c9d8eAbCdEfGh123456';
    const part = { sessionID, messageID: 'msg_last' };
    emit({
      type: 'text',
      timestamp: 1,
      sessionID,
      part: { ...part, id: 'prt_x', type: 'text', text: '{"acceptance":"pass"}' },
    });
    emit({
      type: 'step_finish',
      timestamp: 2,
      sessionID,
      part: {
        ...part,
        id: 'prt_y',
        type: 'step-finish',
        reason: 'stop',
        cost: 0,
        tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } },
      },
    });
  },
};

function generate(runtime, file) {
  const fd = openSync(file, 'w');
  const next = random(42);
  let buffer = [];
  let pending = 0;
  let written = 0;
  const emit = (event) => {
    const line = `${JSON.stringify(event)}\n`;
    buffer.push(line);
    pending += line.length;
    if (pending > 1 << 20) flush();
  };
  const flush = () => {
    written += writeSync(fd, buffer.join(''));
    buffer = [];
    pending = 0;
  };
  for (let n = 0; written + pending < TARGET_BYTES; n++) UNITS[runtime](next, n, emit);
  ENDINGS[runtime](emit);
  flush();
  closeSync(fd);
  return statSync(file).size;
}

// ---- measurements ----------------------------------------------------------------------------------------

async function baseline(file) {
  let events = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line !== '') {
      JSON.parse(line);
      events++;
    }
  }
  return events;
}

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

function peakRss(mode, runtime, file) {
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--rss-child', mode, runtime, file],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.status !== 0) throw new Error(`the ${mode} RSS child for ${runtime} exited with ${child.status}`);
  return JSON.parse(child.stdout);
}

const mb = (bytes) => Math.round(bytes / 2 ** 20);

export default async function readersBench() {
  const { readAgentRun } = await loadAdapters();
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-readers-'));
  const figures = [];
  try {
    for (const runtime of RUNTIMES) {
      const file = join(dir, `${runtime}.jsonl`);
      const bytes = generate(runtime, file);
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
        const baseIt = () => measure(base, () => baseline(file));
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
      const rss = peakRss('read', runtime, file);
      const rssBase = peakRss('baseline', runtime, file);
      figures.push({
        label: `${runtime}: peak RSS of a child running only readAgentRun (baseline: readline+JSON.parse child)`,
        value: mb(rss.peakRssBytes),
        unit: 'MB',
        baseline: mb(rssBase.peakRssBytes),
        ratio: rss.peakRssBytes / rssBase.peakRssBytes,
        target: '< 64 MB (issue #16; not met: see bench/README.md)',
      });
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'readers', figures };
}

if (process.argv[2] === '--rss-child') {
  const [, , , mode, , file] = process.argv;
  let result = {};
  if (mode === 'read') {
    const { readAgentRun } = await loadAdapters();
    result = summary(await readAgentRun(createReadStream(file)));
  } else await baseline(file);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ ...result, peakRssBytes }));
}
