// Every reader is linear in the parts of a message: 4× the parts must cost at most 5× the CPU time. Each
// case builds one run whose final message is made of n parts (OpenCode text parts of one message, Claude
// text blocks sharing one message.id, Claude text deltas, Codex agent_message items), reads it with
// readAgentRun and with the stateful unwrapper, and reports CPU(4n) / CPU(n) as the ratio.
//
// Imports the built adapters and core (npm run bench builds them). SCALING_BENCH_PARTS overrides n.
const ADAPTERS = new URL('../packages/adapters/dist/index.js', import.meta.url);
const CONFLUX = new URL('../packages/core/dist/conflux/index.js', import.meta.url);
const CONTRACTS = new URL('../packages/core/dist/contracts.js', import.meta.url);
const PARTS = Number(process.env.SCALING_BENCH_PARTS ?? 20_000);
const ROUNDS = 3;
const lines = (events) => `${events.map((event) => JSON.stringify(event)).join('\n')}\n`;

const OC_SESSION = 'ses_3f2a1b0c9d8eAbCdEfGh123456';
const ocLine = (type, part) => ({
  type,
  timestamp: 1791000000000,
  sessionID: OC_SESSION,
  part: { sessionID: OC_SESSION, messageID: 'msg_one', ...part },
});
const tokens = { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } };
const claudeEnvelope = { session_id: 's', parent_tool_use_id: null };
const claudeResult = {
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: '{"acceptance":"pass"}',
  session_id: 's',
  usage: { input_tokens: 1, output_tokens: 1 },
};

/** One run whose final message has `n` parts, in each runtime's shape. */
const CASES = {
  'OpenCode: text parts of one message': (n) => {
    const events = [ocLine('step_start', { id: 'prt_s', type: 'step-start' })];
    for (let i = 0; i < n; i++)
      events.push(ocLine('text', { id: `prt_${i}`, type: 'text', text: `part ${i}` }));
    events.push(ocLine('text', { id: 'prt_v', type: 'text', text: '{"acceptance":"pass"}' }));
    events.push(ocLine('step_finish', { id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens }));
    return lines(events);
  },
  'Claude Code: text blocks of one message.id': (n) => {
    const block = (text) => ({
      type: 'assistant',
      message: { id: 'msg_one', content: [{ type: 'text', text }], stop_reason: null },
      ...claudeEnvelope,
    });
    const events = [{ type: 'system', subtype: 'init', ...claudeEnvelope }];
    for (let i = 0; i < n; i++) events.push(block(`block ${i}`));
    events.push(block('{"acceptance":"pass"}'), claudeResult);
    return lines(events);
  },
  'Claude Code: text deltas of one message': (n) => {
    const delta = (text) => ({
      type: 'stream_event',
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
      ...claudeEnvelope,
    });
    const events = [
      { type: 'system', subtype: 'init', ...claudeEnvelope },
      {
        type: 'stream_event',
        event: { type: 'message_start', message: { id: 'msg_one' } },
        ...claudeEnvelope,
      },
    ];
    for (let i = 0; i < n; i++) events.push(delta(`d${i} `));
    events.push({
      type: 'assistant',
      message: {
        id: 'msg_one',
        content: [{ type: 'text', text: '{"acceptance":"pass"}' }],
        stop_reason: 'end_turn',
      },
      ...claudeEnvelope,
    });
    events.push(claudeResult);
    return lines(events);
  },
  'Codex: agent_message items of one turn': (n) => {
    const events = [{ type: 'thread.started', thread_id: 't' }, { type: 'turn.started' }];
    for (let i = 0; i < n; i++) {
      events.push({
        type: 'item.completed',
        item: { id: `item_${i}`, type: 'agent_message', text: `note ${i}` },
      });
    }
    events.push({
      type: 'item.completed',
      item: { id: 'item_v', type: 'agent_message', text: '{"acceptance":"pass"}' },
    });
    events.push({
      type: 'turn.completed',
      usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 },
    });
    return lines(events);
  },
};

function cpuOf(work) {
  const start = process.cpuUsage();
  const result = work();
  return result.then((value) => {
    const used = process.cpuUsage(start);
    return { value, ms: (used.user + used.system) / 1000 };
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function readersScalingBench() {
  const { readAgentRun, extractContract, createEventLineUnwrapper } = await import(ADAPTERS.href);
  const { safeParseAcceptanceOutput } = await import(CONFLUX.href);
  const { builtinContracts } = await import(CONTRACTS.href);
  const subjects = {
    readAgentRun: async (text) => {
      const run = await readAgentRun(text);
      const read = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
      if (!read.success) throw new Error(`readAgentRun misread the run: ${read.error.message}`);
    },
    'stateful unwrapper': async (text) => {
      const parsed = safeParseAcceptanceOutput(text, { unwrapLine: createEventLineUnwrapper() });
      if (!parsed.success) throw new Error(`the unwrapper misread the run: ${parsed.error.message}`);
    },
  };
  const figures = [];
  for (const [label, build] of Object.entries(CASES)) {
    const small = build(PARTS);
    const large = build(PARTS * 4);
    for (const [name, subject] of Object.entries(subjects)) {
      await subject(small); // warm-up
      const times = { small: [], large: [] };
      for (let round = 0; round < ROUNDS; round++) {
        times.small.push((await cpuOf(() => subject(small))).ms);
        times.large.push((await cpuOf(() => subject(large))).ms);
      }
      const base = median(times.small);
      const value = median(times.large);
      figures.push({
        label: `${label}, ${name}: CPU time for ${PARTS * 4} parts against ${PARTS}`,
        value: Math.round(value),
        unit: 'ms',
        baseline: Math.round(base),
        ratio: value / base,
        target: '≤ 5×',
      });
    }
  }
  return { name: 'readers-scaling', figures };
}
