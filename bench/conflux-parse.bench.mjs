// safeParseAcceptanceOutput with the Claude unwrapper over a deterministic ~50 MB stdout (Claude stream-json
// events mixed with plain text, verdict last), against a baseline in the same process that only splits lines
// and JSON.parses those starting with `{`; then the streaming detector fed the same bytes in 64 KiB chunks,
// against decoding those chunks, splitting and JSON.parsing the same way.
//
// Imports the built packages: npx tsc -p packages/core/tsconfig.build.json &&
// npx tsc -p packages/adapters/tsconfig.build.json. CONFLUX_BENCH_MB (default 50) and CONFLUX_BENCH_ROUNDS
// (default 5) override the size and the number of alternating rounds.
import { seededRandom } from './_random.mjs';

const CORE = new URL('../packages/core/dist/conflux/index.js', import.meta.url);
const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const TARGET_BYTES = Number(process.env.CONFLUX_BENCH_MB ?? 50) * 2 ** 20;
const ROUNDS = Number(process.env.CONFLUX_BENCH_ROUNDS ?? 5);
const CHUNK_BYTES = 64 * 1024;
const VERDICT = '{"acceptance":"pass"}';

async function load() {
  let core;
  try {
    core = await import(CORE.href);
  } catch (cause) {
    throw new Error('build core first: npx tsc -p packages/core/tsconfig.build.json', { cause });
  }
  let adapters;
  try {
    adapters = await import(ADAPTERS.href);
  } catch (cause) {
    throw new Error('build the adapters first: npx tsc -p packages/adapters/tsconfig.build.json', { cause });
  }
  if (typeof adapters.unwrapEventLine !== 'function') {
    throw new Error(
      'build the adapters first: packages/adapters/dist/index.js does not export unwrapEventLine (npx tsc -p packages/adapters/tsconfig.build.json)',
    );
  }
  return { ...core, unwrapEventLine: adapters.unwrapEventLine };
}

// ---- deterministic stdout generation -------------------------------------------------------------------

const WORDS = (
  'the acceptance test build verify review diff file source module function returns value error handler ' +
  'request response session token cache index query résumé naïve passes fails because should must change ' +
  'update remove add fix retry branch coverage evidence'
).split(' ');

function prose(next, chars) {
  const words = [];
  let length = 0;
  while (length < chars) {
    const word = next() < 0.002 ? '検証' : WORDS[Math.floor(next() * WORDS.length)];
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

/** The assistant's narration for one turn: prose, sometimes a fenced example holding verdict-shaped lines. */
function narration(next, n) {
  const lines = [prose(next, 120), prose(next, 120)];
  if (n % 5 === 0) {
    lines.push(
      'For example, a failing run ends like this:',
      '```json',
      '{"acceptance":"fail","findings":["x"]}',
    );
    lines.push('ACCEPTANCE: FAIL', '```');
  }
  if (n % 7 === 0) lines.push('**Checks so far:**', '- unit tests: passing', '- lint: clean');
  return lines.join('\n');
}

/** One turn of Claude stream-json (`--include-partial-messages`) plus plain-text lines between events. */
function emitTurn(next, n, emit) {
  const envelope = { session_id: '4c1f6a2e-2b7d-4a8e-9f0c-6d2a1b3c4d5e', parent_tool_use_id: null };
  const id = `msg_${n}`;
  const text = narration(next, n);
  emit(
    JSON.stringify({ type: 'stream_event', event: { type: 'message_start', message: { id } }, ...envelope }),
  );
  for (let at = 0; at < text.length; at += 12) {
    const delta = { type: 'text_delta', text: text.slice(at, at + 12) };
    emit(
      JSON.stringify({
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta },
        ...envelope,
      }),
    );
  }
  const usage = { input_tokens: 3, cache_read_input_tokens: 11590, output_tokens: 150 };
  const message = (content) => ({ id, model: 'claude-fable-5-1', role: 'assistant', content, usage });
  emit(
    JSON.stringify({
      type: 'assistant',
      message: message([{ type: 'text', text }]),
      ...envelope,
      uuid: `u${n}a`,
    }),
  );
  const tool = `toolu_${n}`;
  const input = { command: `rg -n TODO src/module_${n % 500}` };
  emit(
    JSON.stringify({
      type: 'assistant',
      message: message([{ type: 'tool_use', id: tool, name: 'Bash', input }]),
      ...envelope,
    }),
  );
  const output = commandOutput(next, 40);
  emit(
    JSON.stringify({
      type: 'user',
      message: { role: 'user', content: [{ tool_use_id: tool, type: 'tool_result', content: output }] },
      ...envelope,
      tool_use_result: { stdout: output, stderr: '', interrupted: false },
    }),
  );
  if (n % 3 === 0) emit(`[hook] post-tool ${n}: ${prose(next, 60)}`);
  if (n % 11 === 0) emit(JSON.stringify({ level: 'info', msg: prose(next, 50), turn: n }));
}

function generate() {
  const next = seededRandom(0xc0ff1);
  const parts = [];
  let bytes = 0;
  const emit = (line) => {
    parts.push(line);
    bytes += line.length + 1;
  };
  emit(
    JSON.stringify({
      type: 'system',
      subtype: 'init',
      model: 'claude-fable-5-1',
      claude_code_version: '2.1.276',
    }),
  );
  for (let n = 0; bytes < TARGET_BYTES; n++) emitTurn(next, n, emit);
  const final = `All change-blocking verifications passed.\n${VERDICT}\nACCEPTANCE: PASS`;
  emit(
    JSON.stringify({
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'text', text: final }] },
    }),
  );
  emit(JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: final }));
  return { text: `${parts.join('\n')}\n`, lines: parts.length };
}

// ---- the two sides ---------------------------------------------------------------------------------------

function baselineParse(text) {
  let objects = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (text.charCodeAt(start) === 0x7b) {
      try {
        JSON.parse(text.slice(start, end));
        objects++;
      } catch {}
    }
    start = end + 1;
  }
  return objects;
}

function baselineStream(bytes) {
  const decoder = new TextDecoder();
  let pending = '';
  let objects = 0;
  const lines = (text) => {
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end === -1) break;
      const line = text.slice(start, end);
      if (line.charCodeAt(0) === 0x7b) {
        try {
          JSON.parse(line);
          objects++;
        } catch {}
      }
      start = end + 1;
    }
    pending = text.slice(start);
  };
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    lines(pending + decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true }));
  }
  lines(`${pending}${decoder.decode()}\n`);
  return objects;
}

function detectStream(createVerdictDetector, unwrapLine, bytes) {
  const detector = createVerdictDetector({ unwrapLine });
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) detector.push(bytes.subarray(at, at + CHUNK_BYTES));
  return detector.end();
}

function measure(run) {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000, value };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => Math.round(value * 10) / 10;

function expectPass(result, what) {
  if (!result.success || result.data.acceptance !== 'pass' || result.data.source !== 'json') {
    throw new Error(`${what} did not read the final JSON verdict: ${JSON.stringify(result).slice(0, 300)}`);
  }
}

export default async function confluxParse() {
  const { safeParseAcceptanceOutput, createVerdictDetector, unwrapEventLine } = await load();
  const { text, lines } = generate();
  const bytes = new TextEncoder().encode(text);
  const megabytes = bytes.length / 2 ** 20;
  const parse = () => safeParseAcceptanceOutput(text, { unwrapLine: unwrapEventLine });
  const stream = () => detectStream(createVerdictDetector, unwrapEventLine, bytes);

  // Warm up and check both sides do the work they claim.
  expectPass(parse(), 'safeParseAcceptanceOutput');
  expectPass(stream(), 'createVerdictDetector');
  if (baselineParse(text) !== baselineStream(bytes)) throw new Error('the two baselines disagree');

  const rounds = { baseline: [], subject: [], streamBaseline: [], detector: [] };
  for (let i = 0; i < ROUNDS; i++) {
    rounds.baseline.push(measure(() => baselineParse(text)));
    rounds.subject.push(measure(parse));
    rounds.streamBaseline.push(measure(() => baselineStream(bytes)));
    rounds.detector.push(measure(stream));
  }
  const med = (side, key) => median(rounds[side].map((run) => run[key]));
  const mbps = (ms) => round(megabytes / (ms / 1000));
  const size = `${round(megabytes)} MB, ${lines} lines`;
  return {
    name: 'conflux-parse',
    figures: [
      {
        label: `safeParseAcceptanceOutput + unwrapEventLine, CPU (${size})`,
        value: round(med('subject', 'cpu')),
        unit: 'ms',
        baseline: round(med('baseline', 'cpu')),
        ratio: med('subject', 'cpu') / med('baseline', 'cpu'),
        target: '≤ 1.5×',
      },
      {
        label: 'safeParseAcceptanceOutput + unwrapEventLine, wall',
        value: round(med('subject', 'wall')),
        unit: 'ms',
        baseline: round(med('baseline', 'wall')),
        ratio: med('subject', 'wall') / med('baseline', 'wall'),
        target: '≤ 1.5×',
      },
      {
        label: 'createVerdictDetector, 64 KiB byte chunks (ratio: time)',
        value: mbps(med('detector', 'wall')),
        unit: 'MB/s',
        baseline: mbps(med('streamBaseline', 'wall')),
        ratio: med('detector', 'wall') / med('streamBaseline', 'wall'),
        target: 'report',
      },
    ],
  };
}
