import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { ConfigError, ProtocolError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { DETECTION_WINDOW } from '../src/_shared/line-dispatcher.js';
import { MAX_RECORDED_LINES } from '../src/_shared/run-builder.js';
import { MALFORMED_LINE_CODES, RUN_PROBLEM_CODES } from '../src/agent-run.js';
import { type ReadAgentRunOptions, readAgentRun } from '../src/read-agent-run.js';
import { fixtureBytes, fixtureText, fixtureUrl } from './_support/fixtures.js';

const jsonl = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n');
const codexMessage = (text: string) => ({
  type: 'item.completed',
  item: { id: 'item_0', type: 'agent_message', text },
});

describe('readAgentRun: junk never rejects', () => {
  const hugeLine = `{"type":"assistant","message":{"content":[{"type":"text","text":"${'y'.repeat(4_000_000)}"}]}}`;
  it.each([
    ['undefined', undefined, { problems: ['invalid_input'] }],
    ['null', null, { problems: ['invalid_input'] }],
    ['a number', 42, { problems: ['invalid_input'] }],
    // An array is an iterable of event objects (an SDK's messages): empty, it has no runtime to detect.
    ['an array', [], { problems: ['runtime_undetected'] }],
    [
      'an array of junk',
      [1, null, {}],
      { problems: ['invalid_chunk', 'runtime_undetected'], malformed: ['missing_type'] },
    ],
    ['a plain object', {}, { problems: ['invalid_input'] }],
    ["''", '', { problems: ['runtime_undetected'] }],
    ["'{'", '{', { problems: ['runtime_undetected'], malformed: ['invalid_json'] }],
    ["'[]'", '[]', { problems: ['runtime_undetected'] }],
    [
      'numbers',
      '1\n2\n3',
      { problems: ['runtime_undetected'], malformed: ['not_an_object', 'not_an_object', 'not_an_object'] },
    ],
    [
      'untyped objects',
      '{"a":1}\n{"type":7}',
      { problems: ['runtime_undetected'], malformed: ['missing_type', 'missing_type'] },
    ],
    [
      'plain text',
      'hello\nworld',
      { problems: ['runtime_undetected'], malformed: ['invalid_json', 'invalid_json'] },
    ],
    ['a multi-MB line', hugeLine, { problems: [] }],
    [
      'deep nesting',
      `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
      { problems: ['runtime_undetected'], malformed: ['not_an_object'] },
    ],
    [
      'deep nesting in an event',
      `{"type":"thread.started","thread_id":"t","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      { problems: [] },
    ],
    [
      'invalid UTF-8 bytes',
      Buffer.from([0x7b, 0xff, 0xfe, 0x0a, 0xc3, 0x28, 0x0a]),
      { problems: ['runtime_undetected'], malformed: ['invalid_json', 'invalid_json'] },
    ],
    [
      'a lone surrogate',
      `{"type":"text","timestamp":1,"sessionID":"s","part":{"id":"p","sessionID":"s","messageID":"m","type":"text","text":"\ud800"}}`,
      { problems: [] },
    ],
    ['CR only (blank)', '\r\r\r', { problems: ['runtime_undetected'] }],
    ['CRLF blank lines', '\r\n\r\n', { problems: ['runtime_undetected'] }],
  ] as const)('%s', async (_name, input, expected) => {
    const run = await readAgentRun(input as unknown as string);
    expect(run.problems.map((problem) => problem.code)).toEqual(expected.problems);
    expect(run.malformedLines.map((entry) => entry.error.code)).toEqual(
      'malformed' in expected ? expected.malformed : [],
    );
    for (const problem of run.problems) expect(problem).toBeInstanceOf(ProtocolError);
    for (const code of run.problems.map((problem) => problem.code)) expect(RUN_PROBLEM_CODES).toContain(code);
    for (const entry of run.malformedLines) expect(MALFORMED_LINE_CODES).toContain(entry.error.code);
  });

  it('__proto__ keys pollute nothing', async () => {
    const run = await readAgentRun(
      [
        '{"__proto__":{"polluted":true},"type":"thread.started","thread_id":"t"}',
        '{"type":"item.completed","item":{"__proto__":{"polluted":true},"id":"i","type":"agent_message","text":"ok"}}',
        '{"type":"__proto__"}',
        '{"type":"constructor"}',
        '{"type":"__proto__"}',
      ].join('\n'),
    );
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(run.finalText).toBe('ok');
    expect(Object.getOwnPropertyDescriptor(run.unknownEventTypes, '__proto__')?.value).toBe(2);
    expect(run.unknownEventTypes.constructor).toBe(1);
  });

  it('error messages say what was expected and what was received, truncated', async () => {
    const run = await readAgentRun(
      `{"type":"thread.started","thread_id":"t"}\nnot json ${'z'.repeat(10_000)}`,
    );
    const error = run.malformedLines[0]?.error;
    expect(error?.message).toMatch(
      /^Line 2: expected one JSON event object per line\. Received "not json z+/,
    );
    expect(error?.message.length).toBeLessThan(300);
    expect(error?.details).toMatchObject({ line: 2 });
  });
});

describe('readAgentRun: inputs and limits', () => {
  it('a Readable that fails mid-stream: what came before is read, the failure is a problem', async () => {
    const source = Readable.from(
      (async function* () {
        yield Buffer.from(`${JSON.stringify({ type: 'thread.started', thread_id: 't' })}\n`);
        yield Buffer.from(`${JSON.stringify(codexMessage('partial answer'))}\n`);
        throw new Error('EPIPE: the agent died');
      })(),
    );
    const run = await readAgentRun(source);
    expect(run.problems.map((problem) => [problem.code, problem.message])).toEqual([
      ['input_error', 'Reading the agent output failed: EPIPE: the agent died.'],
    ]);
    expect([run.runtime, run.finish, run.finalText]).toEqual(['codex', 'truncated', 'partial answer']);
  });

  it('chunks that are neither strings, bytes nor objects are skipped and reported; an untyped object is malformed', async () => {
    const run = await readAgentRun(
      (async function* () {
        yield `${JSON.stringify({ type: 'thread.started', thread_id: 't' })}\n`;
        yield 42 as unknown as string;
        yield { not: 'an event' } as unknown as string;
      })(),
    );
    expect(run.problems.map((problem) => [problem.code, problem.details])).toEqual([
      ['invalid_chunk', { skipped: 1 }],
    ]);
    expect(run.malformedLines.map((line) => [line.line, line.error.code])).toEqual([[2, 'missing_type']]);
    expect(run.sessionId).toBe('t');
  });

  it('a UTF-8 byte-order mark before the first line is dropped (string and bytes)', async () => {
    const text = jsonl({ type: 'thread.started', thread_id: 't' }, codexMessage('ok'));
    for (const input of [
      `\uFEFF${text}`,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ]) {
      const run = await readAgentRun(input);
      expect([run.malformedLineCount, run.finalText]).toEqual([0, 'ok']);
    }
  });

  it('a line over maxLineBytes is malformed (line_too_long, with its size) and reading goes on', async () => {
    const long = JSON.stringify(codexMessage('x'.repeat(5000)));
    const text = jsonl({ type: 'thread.started', thread_id: 't' }).concat(
      '\n',
      long,
      '\n',
      JSON.stringify(codexMessage('short')),
    );
    const bytes = Buffer.from(text);
    const chunks = Readable.from(
      Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) => bytes.subarray(i * 100, i * 100 + 100)),
    );
    for (const input of [text, chunks]) {
      const run = await readAgentRun(input, { maxLineBytes: 1000 });
      expect(
        run.malformedLines.map((entry) => [entry.line, entry.error.code, entry.error.details.bytes]),
      ).toEqual([[2, 'line_too_long', Buffer.byteLength(long)]]);
      expect(run.finalText).toBe('short');
    }
  });

  it('maxLineBytes counts UTF-8 bytes, not characters', async () => {
    const line = JSON.stringify(codexMessage('é'.repeat(400)));
    const bytes = Buffer.byteLength(line);
    expect((await readAgentRun(line, { maxLineBytes: bytes })).malformedLineCount).toBe(0);
    expect((await readAgentRun(line, { maxLineBytes: bytes - 1 })).malformedLines[0]?.error.code).toBe(
      'line_too_long',
    );
  });

  it('a whole JSON document longer than maxLineBytes is read line by line instead', async () => {
    const pretty = fixtureText('claude-code', 'result-json-output.json');
    const run = await readAgentRun(pretty, { maxLineBytes: 200 });
    expect(run.problems.map((problem) => problem.code)).toEqual(['document_too_large', 'runtime_undetected']);
    expect(run.malformedLineCount).toBeGreaterThan(10);
  });

  it('a first line that is only "{" but no document falls back to reading lines', async () => {
    const run = await readAgentRun(
      `{\n${jsonl({ type: 'thread.started', thread_id: 't' }, codexMessage('ok'))}`,
    );
    expect(run.malformedLines.map((entry) => entry.line)).toEqual([1]);
    expect([run.runtime, run.finalText]).toEqual(['codex', 'ok']);
  });

  it('tool outputs are cut to maxToolOutputChars and flagged', async () => {
    const output = 'o'.repeat(1000);
    const text = jsonl({
      type: 'item.completed',
      item: {
        id: 'i',
        type: 'command_execution',
        command: 'cat big',
        aggregated_output: output,
        status: 'completed',
      },
    });
    const run = await readAgentRun(text, { maxToolOutputChars: 10 });
    expect(run.tools[0]).toMatchObject({ output: 'o'.repeat(10), outputTruncated: true, outputLength: 1000 });
    const full = await readAgentRun(text);
    expect(full.tools[0]).toMatchObject({ output, outputTruncated: false, outputLength: 1000 });
  });

  it('past maxToolOutputTotalChars the oldest outputs are dropped, newest kept', async () => {
    const command = (id: string, output: string) => ({
      type: 'item.completed',
      item: { id, type: 'command_execution', command: 'x', aggregated_output: output, status: 'completed' },
    });
    const text = jsonl(
      command('a', 'A'.repeat(40)),
      command('b', 'B'.repeat(40)),
      command('c', 'C'.repeat(40)),
    );
    const run = await readAgentRun(text, { maxToolOutputTotalChars: 100 });
    expect(
      run.tools.map((tool) => [tool.id, tool.output?.length, tool.outputTruncated, tool.outputLength]),
    ).toEqual([
      ['a', undefined, true, 40],
      ['b', 40, false, 40],
      ['c', 40, false, 40],
    ]);
  });

  it('maxToolOutputTotalChars counts only the calls keepTools returns', async () => {
    // `a` starts first and finishes after `b`; `keepTools: 2` lets `a` go when `c` starts. Its output used to
    // stay in the budget (invisible, held in memory) and push `b`'s out.
    const command = (type: string, id: string, output: string) => ({
      type,
      item: {
        id,
        type: 'command_execution',
        command: 'x',
        aggregated_output: output,
        status: type === 'item.completed' ? 'completed' : 'in_progress',
      },
    });
    const text = jsonl(
      command('item.started', 'a', ''),
      command('item.completed', 'b', 'B'.repeat(50)),
      command('item.completed', 'a', 'A'.repeat(50)),
      command('item.completed', 'c', 'C'.repeat(50)),
    );
    const summary = (run: Awaited<ReturnType<typeof readAgentRun>>) =>
      run.tools.map((tool) => [tool.id, tool.output?.length, tool.outputTruncated, tool.outputLength]);
    expect(summary(await readAgentRun(text, { keepTools: 2, maxToolOutputTotalChars: 100 }))).toEqual([
      ['b', 50, false, 50],
      ['c', 50, false, 50],
    ]);
    // A pending call let go before its output arrives does not take budget either.
    const late = jsonl(
      command('item.started', 'a', ''),
      command('item.completed', 'b', 'B'.repeat(50)),
      command('item.completed', 'c', 'C'.repeat(50)),
      command('item.completed', 'a', 'A'.repeat(50)),
      command('item.completed', 'd', 'D'.repeat(10)),
    );
    expect(summary(await readAgentRun(late, { keepTools: 3, maxToolOutputTotalChars: 100 }))).toEqual([
      ['b', undefined, true, 50],
      ['c', 50, false, 50],
      ['d', 10, false, 10],
    ]);
    // With every call kept the budget is the same as before: the oldest output goes first.
    expect(summary(await readAgentRun(text, { maxToolOutputTotalChars: 100 }))).toEqual([
      ['a', 50, false, 50],
      ['b', undefined, true, 50],
      ['c', 50, false, 50],
    ]);
  });

  it('keepEvents: none by default, the last n, or all', async () => {
    const text = jsonl(
      { type: 'thread.started', thread_id: 't' },
      { type: 'turn.started' },
      codexMessage('a'),
      { type: 'turn.completed', usage: { input_tokens: 1, output_tokens: 1 } },
    );
    expect((await readAgentRun(text)).events).toEqual([]);
    expect(
      (await readAgentRun(text, { keepEvents: 2 })).events.map((event) => [event.line, event.kind]),
    ).toEqual([
      [3, 'message'],
      [4, 'finish'],
    ]);
    const all = await readAgentRun(text, { keepEvents: true });
    expect(all.events.map((event) => event.type)).toEqual([
      'thread.started',
      'turn.started',
      'item.completed',
      'turn.completed',
    ]);
    expect(all.events[0]?.raw).toEqual({ type: 'thread.started', thread_id: 't' });
  });

  it('keepEvents as a ring stays correct across compaction', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify(codexMessage(`m${i}`)));
    const run = await readAgentRun(lines.join('\n'), { keepEvents: 3, runtime: 'codex' });
    expect(run.events.map((event) => event.line)).toEqual([4998, 4999, 5000]);
  });

  it('keepMessages and keepTools: all by default, the last n, or none', async () => {
    const text = jsonl(
      { type: 'thread.started', thread_id: 't-1' },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'm1', type: 'agent_message', text: 'one' } },
      {
        type: 'item.completed',
        item: { id: 'c1', type: 'command_execution', command: 'ls', status: 'completed' },
      },
      { type: 'item.completed', item: { id: 'm2', type: 'agent_message', text: 'two' } },
      {
        type: 'item.completed',
        item: { id: 'c2', type: 'command_execution', command: 'pwd', status: 'completed' },
      },
      { type: 'turn.completed', usage: { input_tokens: 1, output_tokens: 1 } },
    );
    const all = await readAgentRun(text);
    expect([all.messages.map((message) => message.text), all.tools.map((tool) => tool.id)]).toEqual([
      ['one', 'two'],
      ['c1', 'c2'],
    ]);
    const last = await readAgentRun(text, { keepMessages: 1, keepTools: 1 });
    expect([last.messages.map((message) => message.text), last.tools.map((tool) => tool.id)]).toEqual([
      ['two'],
      ['c2'],
    ]);
    const none = await readAgentRun(text, { keepMessages: false, keepTools: false });
    expect([none.messages, none.tools, none.finalText, none.finish]).toEqual([[], [], 'two', 'complete']);
  });

  const fixtureFiles = (runtime: 'claude-code' | 'codex' | 'opencode') =>
    [
      // The runs at the folder's top and in `captured/` (other folders hold what is not one run's output).
      ...readdirSync(fixtureUrl(runtime, ''), { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
      ...readdirSync(fixtureUrl(runtime, 'captured/')).map((file) => `captured/${file}`),
    ].filter((file) => !file.endsWith('SOURCES.md'));

  it.each(['claude-code', 'codex', 'opencode'] as const)(
    'on every %s fixture, keeping no message or tool changes nothing but the two lists',
    async (runtime) => {
      for (const file of fixtureFiles(runtime)) {
        const bytes = fixtureBytes(runtime, file);
        const { messages, tools, ...full } = await readAgentRun(bytes);
        const bounded = await readAgentRun(bytes, { keepMessages: false, keepTools: false });
        expect({ ...bounded, messages, tools }, file).toEqual({ ...full, messages, tools });
        expect([bounded.messages, bounded.tools], file).toEqual([[], []]);
        const lastTwo = await readAgentRun(bytes, { keepMessages: 2, keepTools: 2 });
        expect([lastTwo.messages, lastTwo.tools], file).toEqual([messages.slice(-2), tools.slice(-2)]);
      }
    },
  );

  it('keepTools as a ring stays correct across compaction', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({
        type: 'item.completed',
        item: { id: `c${i}`, type: 'command_execution', command: 'ls', status: 'completed' },
      }),
    );
    const run = await readAgentRun(lines.join('\n'), { keepTools: 3, runtime: 'codex' });
    expect(run.tools.map((tool) => tool.id)).toEqual(['c4997', 'c4998', 'c4999']);
  });

  it('by default run.tools lists the last 100 calls with 16 Ki of output, run.messages the last 1000 messages', async () => {
    const output = (i: number) => (i === 2098 ? 'x'.repeat(20_000) : `out ${i}`);
    const lines = Array.from({ length: 2100 }, (_, i) =>
      JSON.stringify({
        type: 'item.completed',
        item:
          i % 2 === 0
            ? {
                id: `c${i / 2}`,
                type: 'command_execution',
                command: 'ls',
                aggregated_output: output(i),
                status: 'completed',
              }
            : { id: `m${i}`, type: 'agent_message', text: `said ${(i - 1) / 2}` },
      }),
    ).join('\n');
    const bounded = await readAgentRun(lines, { runtime: 'codex' });
    const ends = <T>(list: readonly T[], key: (item: T) => unknown) => [
      list.length,
      key(list[0]!),
      key(list.at(-1)!),
    ];
    expect(ends(bounded.tools, (tool) => tool.id)).toEqual([100, 'c950', 'c1049']);
    // The newest output is cut to 16 Ki, and the older ones go first to stay within 16 Ki in all.
    expect(bounded.tools.at(-1)).toMatchObject({ outputLength: 20_000, outputTruncated: true });
    expect(bounded.tools.at(-1)?.output).toHaveLength(16 * 1024);
    expect(bounded.tools.filter((tool) => tool.output !== undefined)).toHaveLength(1);
    expect(ends(bounded.messages, (message) => message.text)).toEqual([1000, 'said 50', 'said 1049']);
    const all = await readAgentRun(lines, { runtime: 'codex', keepTools: true, keepMessages: true });
    expect([all.tools.length, all.messages.length]).toEqual([1050, 1050]);
  });

  it('malformed lines beyond the recorded limit are counted', async () => {
    const text = Array.from({ length: MAX_RECORDED_LINES + 5 }, () => 'garbage').join('\n');
    const run = await readAgentRun(text, { runtime: 'opencode' });
    expect([run.malformedLines.length, run.malformedLineCount]).toEqual([
      MAX_RECORDED_LINES,
      MAX_RECORDED_LINES + 5,
    ]);
  });

  it.each([
    [{ runtime: 'claude' }, 'runtime'],
    [{ maxLineBytes: -1 }, 'maxLineBytes'],
    [{ maxLineBytes: 1.5 }, 'maxLineBytes'],
    [{ keepEvents: 'all' }, 'keepEvents'],
    [{ keepMessages: -2 }, 'keepMessages'],
    [{ keepTools: '10' }, 'keepTools'],
    [{ maxToolOutputChars: Number.NaN }, 'maxToolOutputChars'],
  ] as const)('invalid options reject with a ConfigError (%j)', async (options, option) => {
    const reading = readAgentRun('', options as unknown as ReadAgentRunOptions);
    await expect(reading).rejects.toBeInstanceOf(ConfigError);
    await expect(reading).rejects.toMatchObject({ code: 'invalid_option', details: { option } });
  });
});

describe('readAgentRun: runtime detection', () => {
  it.each([
    ['claude-code', 'stream-json-observed-2.1.276.jsonl'],
    ['claude-code', 'transcript-lines-2.1.202.jsonl'],
    ['codex', 'exec-json-docs-sample.jsonl'],
    ['opencode', 'run-format-json-1.17.20.ndjson'],
  ] as const)('%s from %s', async (runtime, file) => {
    expect((await readAgentRun(fixtureBytes(runtime, file))).runtime).toBe(runtime);
  });

  it('events before the first telling one are held and replayed', async () => {
    const run = await readAgentRun(
      jsonl(
        { type: 'keep_alive' },
        { type: 'keep_alive' },
        { type: 'system', subtype: 'init', session_id: 's' },
      ),
      { keepEvents: true },
    );
    expect(run.runtime).toBe('claude-code');
    expect(run.events.map((event) => event.line)).toEqual([1, 2, 3]);
  });

  it(`gives up after ${DETECTION_WINDOW} unknown events and counts them all`, async () => {
    const text = Array.from({ length: DETECTION_WINDOW + 10 }, () => '{"type":"mystery"}').join('\n');
    const run = await readAgentRun(text);
    expect(run.runtime).toBe('unknown');
    expect(run.finish).toBe('unknown');
    expect(run.problems.map((problem) => problem.code)).toEqual(['runtime_undetected']);
    expect(run.unknownEventTypes.mystery).toBe(DETECTION_WINDOW + 10);
  });

  it('a named runtime reads even an empty input as that runtime (truncated: no terminal event)', async () => {
    const run = await readAgentRun('', { runtime: 'codex' });
    expect([run.runtime, run.finish, run.problems.length]).toEqual(['codex', 'truncated', 0]);
  });
});
