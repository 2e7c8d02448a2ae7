// 10^6 events and deeply nested lines: bounded memory, typed results, and the answer still found.
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { extractContract, type RuntimeId, readAgentRun } from '../../src/index.js';
import { deepJson, MiB } from '../properties/_support/core-support.js';
import { CLAUDE_SESSION, RUN_WRITERS } from '../properties/_support/runs.js';

const EVENTS = 1_000_000;
const BATCH = 10_000;

/** Status events each runtime sends that the run keeps nothing of (no message, tool or raw event). */
const STATUS_LINES: Readonly<Record<RuntimeId, string>> = {
  'claude-code': `${JSON.stringify({ type: 'rate_limit_event', session_id: CLAUDE_SESSION, rate_limit_info: { status: 'allowed' } })}\n`,
  codex: `${JSON.stringify({ type: 'turn.started' })}\n`,
  'qwen-code': `${JSON.stringify({ type: 'stream_event', session_id: 's', parent_tool_use_id: null, event: { type: 'goal_state', goal_state: { v: 2, goal: null, activity: 'idle' } } })}\n`,
  opencode: `${JSON.stringify({ type: 'step_start', timestamp: 1, sessionID: 'ses_1', part: { id: 'p', sessionID: 'ses_1', messageID: 'm', type: 'step-start' } })}\n`,
  'gemini-cli': `${JSON.stringify({ type: 'message', timestamp: '2026-12-01T18:27:17.716Z', role: 'assistant', content: '', delta: true })}\n`,
  'copilot-cli': `${JSON.stringify({ type: 'assistant.turn_start', data: { turnId: '0' } })}\n`,
  pi: `${JSON.stringify({ type: 'queue_update', steering: [], followUp: [] })}\n`,
};

/** A run of `EVENTS` status events between a real start and a real answer, generated lazily in batches. */
async function* millionEvents(runtime: RuntimeId, answer: string): AsyncGenerator<string> {
  // One run: its first line, the status events, then the rest of it with the answer last (a Copilot run ends
  // at its one `result` line, so the answer cannot come as a second run).
  const [head, ...rest] = RUN_WRITERS[runtime]([
    { kind: 'text', text: 'starting' },
    { kind: 'text', text: answer },
  ]).split('\n');
  yield `${head}\n`;
  const batch = STATUS_LINES[runtime].repeat(BATCH);
  for (let sent = 0; sent < EVENTS; sent += BATCH) yield batch;
  yield `${rest.join('\n')}`;
}

describe.each(['claude-code', 'codex', 'opencode', 'copilot-cli'] as const)('%s: 10^6 events', (runtime) => {
  it('are read in bounded memory and the answer after them still counts', async () => {
    const start = process.memoryUsage().rss;
    const run = await readAgentRun(millionEvents(runtime, '{"acceptance":"continue"}'));
    const growth = process.memoryUsage().rss - start;
    expect(growth, `memory grew by ${Math.round(growth / MiB)} MiB`).toBeLessThan(128 * MiB);
    expect(run.lineCount).toBeGreaterThan(EVENTS);
    expect(run.malformedLineCount).toBe(0);
    expect(extractContract(run, 'conflux.acceptance', { registry: builtinContracts })).toMatchObject({
      success: true,
      data: { acceptance: 'continue' },
    });
  }, 60_000);
});

describe('deeply nested JSON lines', () => {
  it.each([
    ['an array line', deepJson(200_000)],
    [
      'an event whose message is nested arrays',
      `{"type":"assistant","session_id":"s","message":${deepJson(200_000)}}`,
    ],
    [
      'an event whose content is nested objects',
      `{"type":"text","sessionID":"s","timestamp":1,"part":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
    ],
  ])('%s is a typed malformed line or an ignored event, never a stack overflow', async (_label, line) => {
    for (const runtime of ['auto', 'claude-code', 'codex', 'opencode'] as const) {
      const run = await readAgentRun(`${line}\n${line}`, { runtime });
      expect(run.lineCount).toBe(2);
      for (const malformed of run.malformedLines) expect(malformed.error.code).toMatch(/^[a-z_]+$/);
    }
  });
});
