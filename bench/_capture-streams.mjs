// Deterministic capture-like headless output per runtime (seeded generator), shaped as the pinned CLIs print
// it: Claude stream-json with `--include-partial-messages` deltas, Codex `exec --json` items, OpenCode
// `run --format json` steps; each turn is narration plus a shell call with ~3 KB of output, text mostly
// ASCII, and the stream ends with an `{"acceptance":"pass"}` final message and the runtime's terminal event.
import { closeSync, createReadStream, openSync, statSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { seededRandom } from './_random.mjs';

export const RUNTIMES = ['claude-code', 'codex', 'opencode'];

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

// Ids as long as the CLIs print them: V8 interns parsed string values of up to 10 characters, so short
// made-up ids would grow its string table in a way no real stream does.
const ID_CHARS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
function randomId(next, prefix, length, chars = ID_CHARS) {
  let id = prefix;
  for (let i = 0; i < length; i++) id += chars[Math.floor(next() * chars.length)];
  return id;
}
function uuid(next) {
  const hex = randomId(next, '', 32, '0123456789abcdef');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
    const id = randomId(next, 'msg_01', 22);
    const text = prose(next, 250);
    emit({
      type: 'stream_event',
      event: { type: 'message_start', message: { id, usage: { input_tokens: 3 } } },
      ...envelope,
      uuid: uuid(next),
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
        uuid: uuid(next),
      });
    }
    const usage = {
      input_tokens: 3,
      cache_read_input_tokens: 11590,
      cache_creation_input_tokens: 0,
      output_tokens: 150,
    };
    // One assistant line per content block, as Claude Code prints a message with several.
    const assistant = (block) =>
      emit({
        type: 'assistant',
        message: {
          id,
          model: 'claude-fable-5-1',
          role: 'assistant',
          content: [block],
          stop_reason: null,
          usage,
        },
        ...envelope,
        uuid: uuid(next),
      });
    assistant({ type: 'text', text });
    const tool = randomId(next, 'toolu_01', 22);
    assistant({
      type: 'tool_use',
      id: tool,
      name: 'Bash',
      input: { command: `rg -n TODO src/module_${n % 500}` },
    });
    const output = commandOutput(next, 50);
    emit({
      type: 'user',
      message: { role: 'user', content: [{ tool_use_id: tool, type: 'tool_result', content: output }] },
      ...envelope,
      uuid: uuid(next),
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
        id: randomId(next, 'prt_', 26),
        type: 'step-start',
        snapshot: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      }),
    );
    if (n % 3 === 0)
      emit(
        line('text', {
          id: randomId(next, 'prt_', 26),
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
    emit(
      line('tool_use', {
        id: randomId(next, 'prt_', 26),
        type: 'tool',
        callID: randomId(next, 'toolu_01', 22),
        tool: 'bash',
        state,
      }),
    );
    const tokens = { total: 18000, input: 17913, output: 88, reasoning: 0, cache: { read: 1664, write: 0 } };
    emit(
      line('step_finish', {
        id: randomId(next, 'prt_', 26),
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

/** Write a deterministic capture-like stream of about `targetBytes` to `file`; returns its size. */
export function generateCapture(runtime, file, targetBytes) {
  const fd = openSync(file, 'w');
  const next = seededRandom(42);
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
  for (let n = 0; written + pending < targetBytes; n++) UNITS[runtime](next, n, emit);
  ENDINGS[runtime](emit);
  flush();
  closeSync(fd);
  return statSync(file).size;
}

// ---- the floors readers are measured against: reading every line is work no reader can skip ------------

/** `readline` + `JSON.parse` over `file`; the number of events. */
export async function readJsonLines(file) {
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

/** `file`'s bytes cut into lines, each decoded and `JSON.parse`d, nothing kept; the number of events. */
export async function parseByteLines(file) {
  let events = 0;
  let carry;
  const parse = (line) => {
    if (line.length > 0) {
      JSON.parse(line.toString('utf8'));
      events++;
    }
  };
  for await (const chunk of createReadStream(file)) {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline);
      parse(carry ? Buffer.concat([carry, piece]) : piece);
      carry = undefined;
      start = newline + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      carry = carry ? Buffer.concat([carry, rest]) : Buffer.from(rest);
    }
  }
  if (carry) parse(carry);
  return events;
}
