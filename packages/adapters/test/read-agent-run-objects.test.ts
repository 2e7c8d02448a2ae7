// Issue #39: an SDK's message objects read by the same engine as its CLI's lines, with the same answer.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentRun } from '../src/agent-run.js';
import { readAgentRun } from '../src/read-agent-run.js';
import { RUNTIME_IDS } from '../src/runtime-id.js';

const captured = (runtime: string) => new URL(`./fixtures/${runtime}/captured/`, import.meta.url);

/** Every JSONL capture of a real CLI, as its non-blank lines. */
const CAPTURES = RUNTIME_IDS.flatMap((runtime) =>
  readdirSync(captured(runtime))
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => ({
      runtime,
      file,
      lines: readFileSync(new URL(file, captured(runtime)), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    })),
);

/** The parsed lines, or `undefined` when one is not JSON (a cut capture): objects only come whole. */
type EventObject = { readonly type: string; readonly [key: string]: unknown };

function objectsOf(lines: readonly string[]): EventObject[] | undefined {
  try {
    return lines.map((line) => JSON.parse(line) as EventObject);
  } catch {
    return undefined;
  }
}

/** What a reader answers about a run: everything a host reads, not the output form. */
function answer(run: AgentRun) {
  return {
    runtime: run.runtime,
    finish: run.finish,
    error: run.error?.code,
    finalText: run.finalText,
    structuredOutput: run.structuredOutput,
    sessionId: run.sessionId,
    usage: run.usage,
    messages: run.messages.map((message) => message.text),
    tools: run.tools.map((tool) => [tool.name, tool.status]),
    malformed: run.malformedLines.length,
  };
}

async function* asAsync<T>(items: readonly T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

describe('readAgentRun: event objects read as their lines', () => {
  it('finds captures to read', () => {
    expect(CAPTURES.length).toBeGreaterThan(20);
  });

  it.each(CAPTURES.map((capture) => [`${capture.runtime}/${capture.file}`, capture] as const))(
    '%s: every prefix, as an array and as an async iterable of objects, answers as its lines',
    async (_name, { lines }) => {
      const objects = objectsOf(lines);
      if (objects === undefined) return;
      for (let cut = 0; cut <= lines.length; cut++) {
        const expected = answer(await readAgentRun(lines.slice(0, cut).join('\n')));
        const prefix = objects.slice(0, cut);
        // An empty prefix has nothing to detect either way.
        expect(answer(await readAgentRun(prefix)), `array, ${cut} items`).toEqual(expected);
        if (cut === lines.length || cut % 7 === 0) {
          expect(answer(await readAgentRun(asAsync(prefix))), `async, ${cut} items`).toEqual(expected);
        }
      }
    },
  );

  it('an object after the terminal event is output after the end, as a line would be', async () => {
    const objects = objectsOf(CAPTURES.find((capture) => capture.runtime === 'codex')?.lines ?? []) ?? [];
    const run = await readAgentRun([...objects, { type: 'turn.started' }]);
    expect([run.finish, run.error?.code]).toEqual(['truncated', 'output_after_end']);
    const junk = await readAgentRun([...objects, { not: 'an event' } as unknown as EventObject]);
    expect([junk.finish, junk.malformedLines[0]?.error.code]).toEqual(['truncated', 'missing_type']);
  });

  it('objects are not parsed again: an event with a value JSON cannot carry still reads', async () => {
    const events: EventObject[] = [
      { type: 'thread.started', thread_id: 't' },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'i', type: 'agent_message', text: 'ok' }, at: new Date(0) },
      { type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } },
    ];
    const run = await readAgentRun(events);
    expect([run.runtime, run.finish, run.finalText]).toEqual(['codex', 'complete', 'ok']);
  });
});

/** A Copilot SDK session as `session.on` hands it over (`@github/copilot-sdk` 1.0.14): no `result` line. */
function copilotSdkSession(answer: string, tail: readonly string[] = ['session.idle']): EventObject[] {
  const envelope = (id: number) => ({ id: `e${id}`, timestamp: '2026-12-06T00:00:00.000Z', parentId: null });
  const events: EventObject[] = [
    {
      type: 'session.start',
      data: { sessionId: 'sdk-1', producer: 'copilot-agent', copilotVersion: '0.0.0' },
    },
    { type: 'user.message', data: { content: 'Review it.' } },
    { type: 'assistant.turn_start', data: { turnId: '0' } },
    {
      type: 'assistant.message',
      data: { messageId: 'm1', content: answer, toolRequests: [], model: 'gpt-4.1' },
    },
    { type: 'assistant.turn_end', data: { turnId: '0' } },
    { type: 'assistant.idle', data: {}, ephemeral: true },
    ...tail.map((type) => ({ type, data: {} })),
  ];
  return events.map((event, index) => ({ ...envelope(index), ...event }));
}

describe('readAgentRun: a Copilot SDK session', () => {
  it.each([
    ['goes idle: complete', ['session.idle'], 'complete', undefined],
    ['goes idle, then shuts down: complete', ['session.idle', 'session.shutdown'], 'complete', undefined],
    ['never goes idle: not complete', [], 'truncated', 'no_terminal_event'],
    ['shuts down without going idle: not complete', ['session.shutdown'], 'truncated', 'not_idle'],
    [
      'goes on after idle: not complete',
      ['session.idle', 'assistant.turn_start'],
      'truncated',
      'output_after_end',
    ],
    [
      'goes idle after a result line, which ends a run for good: not complete',
      ['session.idle', 'result', 'session.idle'],
      'truncated',
      'output_after_end',
    ],
  ] as const)('%s', async (_name, tail, finish, error) => {
    const run = await readAgentRun(copilotSdkSession('{"approve":true}', tail));
    expect([run.runtime, run.format, run.finish, run.error?.code]).toEqual([
      'copilot-cli',
      'sdk-events',
      finish,
      error,
    ]);
    expect(run.finalText).toBe('{"approve":true}');
    expect(run.sessionId).toBe('sdk-1');
  });

  it('a correction after idle starts the answer over; the next idle ends it', async () => {
    const first = copilotSdkSession('{"approve":"yes"}');
    const events: EventObject[] = [
      ...first,
      { type: 'user.message', data: { content: 'Fix it.' } },
      { type: 'assistant.message', data: { messageId: 'm2', content: '{"approve":true}', toolRequests: [] } },
      { type: 'session.idle', data: {} },
    ];
    const run = await readAgentRun(events);
    expect([run.finish, run.finalText]).toEqual(['complete', '{"approve":true}']);
  });

  it('an aborted turn goes idle but is not complete', async () => {
    const events = copilotSdkSession('partial', []);
    events.push(
      { type: 'abort', data: { reason: 'user_initiated' } },
      { type: 'session.idle', data: { aborted: true } },
    );
    const run = await readAgentRun(events);
    expect([run.finish, run.error?.code]).toEqual(['error', 'aborted']);
    const idleOnly = copilotSdkSession('partial', []);
    idleOnly.push({ type: 'session.idle', data: { aborted: true } });
    expect((await readAgentRun(idleOnly)).error?.code).toBe('aborted');
  });

  it('a session error before idle is an error', async () => {
    const events = copilotSdkSession('partial');
    events.splice(-1, 0, { type: 'session.error', data: { message: 'model failed' } });
    const run = await readAgentRun(events);
    expect([run.finish, run.error?.code]).toEqual(['error', 'session.error']);
  });

  it('every prefix of the session is complete only where it ends idle', async () => {
    const events = copilotSdkSession('{"approve":true}', ['session.idle', 'session.shutdown']);
    for (let cut = 0; cut < events.length - 1; cut++) {
      const run = await readAgentRun(events.slice(0, cut));
      expect(run.finish, `${cut} events`).not.toBe('complete');
    }
  });
});

/** A capture of an SDK's objects (fixtures/sdk/SOURCES.md), each line parsed. */
function sdkCapture(name: string): EventObject[] {
  return readFileSync(new URL(`./fixtures/sdk/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as EventObject);
}

describe('readAgentRun: captured SDK runs', () => {
  it.each([
    ['claude-plain-corrected', ['claude-code', 'complete', '{"approve":true,"reasons":["tests pass"]}']],
    ['claude-structured-corrected', ['claude-code', 'complete', '{"approve":true,"reasons":["tests pass"]}']],
    ['claude-structured-retries-exhausted', ['claude-code', 'error', undefined]],
    ['codex-turn-1', ['codex', 'complete', '{"approve":"yes"}']],
    ['codex-http-500', ['codex', 'error', undefined]],
  ] as const)(
    '%s: every prefix of the objects answers as its lines',
    async (name, [runtime, finish, text]) => {
      const objects = sdkCapture(name);
      for (let cut = 0; cut <= objects.length; cut++) {
        const prefix = objects.slice(0, cut);
        const lines = prefix.map((object) => JSON.stringify(object)).join('\n');
        expect(answer(await readAgentRun(prefix)), `${cut} items`).toEqual(answer(await readAgentRun(lines)));
      }
      const run = await readAgentRun(objects);
      expect([run.runtime, run.finish]).toEqual([runtime, finish]);
      if (text !== undefined) expect(run.finalText).toBe(text);
    },
  );

  it('two Codex SDK turns read together are two runs (one read is one run): runCodexThread reads each alone', async () => {
    const run = await readAgentRun([...sdkCapture('codex-turn-1'), ...sdkCapture('codex-turn-2')]);
    expect([run.finish, run.error?.code]).toEqual(['error', 'second_run']);
    const second = await readAgentRun(sdkCapture('codex-turn-2'));
    expect([second.finish, second.finalText]).toEqual([
      'complete',
      '{"approve":true,"reasons":["tests pass"]}',
    ]);
  });

  it('a Copilot SDK session: complete only at a prefix where the session went idle', async () => {
    const objects = sdkCapture('copilot-corrected');
    const idleAt = objects.findIndex((event) => event.type === 'session.idle');
    for (let cut = 0; cut <= objects.length; cut++) {
      const run = await readAgentRun(objects.slice(0, cut));
      expect(run.finish === 'complete', `${cut} events`).toBe(cut > idleAt);
    }
    const run = await readAgentRun(objects);
    expect([run.format, run.finalText]).toEqual(['sdk-events', '{"approve":true,"reasons":["tests pass"]}']);
    expect(run.sessionId).toBeTruthy();
  });
});
