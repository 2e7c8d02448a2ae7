import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleCopilotCliStop, safeParseCopilotStop } from '../../src/copilot-cli/stop-hook.js';
import { readCopilotStopAnswer } from '../../src/copilot-cli/stop-transcript.js';
import { createFileBlockCounter } from '../../src/hooks/block-budget.js';
import { hookStateDir } from '../_support/hook-state-dir.js';
import { acceptance, noState } from '../_support/read-paths.js';
import { hookCapture, hookEvents } from './_read.js';

const ANSWER = 'The project holds notes.txt.';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpack-copilot-stop-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const line = (event: unknown) => `${JSON.stringify(event)}\n`;
const message = (content: string) =>
  line({ type: 'assistant.message', data: { messageId: content, content, toolRequests: [] } });
const hookStart = (sessionId: string, timestamp: number) =>
  line({ type: 'hook.start', data: { hookType: 'agentStop', input: { sessionId, timestamp } } });
const agentStop = (path: string, timestamp: number, active = false) => ({
  sessionId: 's-1',
  timestamp,
  cwd: dir,
  transcriptPath: path,
  stopReason: 'end_turn',
  stop_hook_active: active,
});

describe('safeParseCopilotStop', () => {
  it('reads both dialects of the captured payloads', () => {
    for (const stem of ['json-stop-hook-block', 'json-stop-hook-claude-settings']) {
      const [first, second] = hookCapture(stem).inputs;
      const one = safeParseCopilotStop(first);
      const two = safeParseCopilotStop(second);
      expect(one).toMatchObject({
        success: true,
        data: { event: { hookEventName: 'Stop', stopHookActive: false, lastAssistantMessage: undefined } },
      });
      expect(two).toMatchObject({ success: true, data: { event: { stopHookActive: true } } });
      if (one.success) expect(one.data.event.transcriptPath).toMatch(/events\.jsonl$/);
    }
  });

  it('refuses a payload that is not a Copilot stop with a typed error', () => {
    for (const payload of [null, 'x', {}, { sessionId: 's', timestamp: 'now' }]) {
      const parsed = safeParseCopilotStop(payload);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.code).toBe('invalid_hook_input');
    }
    const claude = safeParseCopilotStop({
      hook_event_name: 'Stop',
      session_id: 's',
      timestamp: 'not a date',
      transcript_path: 'x',
      stop_hook_active: false,
    });
    expect(claude.success).toBe(false);
  });
});

describe('readCopilotStopAnswer', () => {
  it('waits for a transcript that is written late, and reads the answer of this stop', async () => {
    const path = join(dir, 'events.jsonl');
    const reading = readCopilotStopAnswer(path, { sessionId: 's-1', timestampMs: 2 }, { pollMs: 5 });
    // The file appears, first with the previous stop only, then with this one.
    setTimeout(() => writeFileSync(path, message('old') + hookStart('s-1', 1)), 20);
    setTimeout(() => appendFileSync(path, `${message('new')}{"type":"hook.st`), 40);
    setTimeout(() => appendFileSync(path, hookStart('s-1', 2).slice('{"type":"hook.st'.length)), 60);
    expect(await reading).toEqual({ success: true, data: 'new' });
  });

  it('gives up, inconclusive, when the stop never shows', async () => {
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, message('stale') + hookStart('s-1', 1));
    const read = await readCopilotStopAnswer(
      path,
      { sessionId: 's-1', timestampMs: 2 },
      { waitMs: 30, pollMs: 5 },
    );
    expect(read.success).toBe(false);
    if (!read.success) expect(read.error.code).toBe('transcript_stop_not_found');
    const missing = await readCopilotStopAnswer(
      join(dir, 'none.jsonl'),
      { sessionId: 's-1', timestampMs: 2 },
      { waitMs: 10, pollMs: 5 },
    );
    expect(missing.success).toBe(false);
  });

  it('refuses a FIFO and a folder instead of hanging', async () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const path of [fifo, dir]) {
      const read = await readCopilotStopAnswer(path, { sessionId: 's', timestampMs: 1 }, { waitMs: 10 });
      expect(read.success).toBe(false);
      if (!read.success) expect(read.error.code).toBe('transcript_unreadable');
    }
  });
});

describe('handleCopilotCliStop', () => {
  const PASS = 'All checks hold.\n{"acceptance":"pass"}';
  const options = { contracts: [acceptance], blockCounter: noState, transcript: { pollMs: 5 } };

  it('lets a satisfying answer through and pushes back on a wrong one with the correction', async () => {
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, message(PASS) + hookStart('s-1', 1));
    const allowed = await handleCopilotCliStop(agentStop(path, 1), options);
    expect(allowed.decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
    expect(allowed.output).toEqual({});
    appendFileSync(path, message('no verdict here') + hookStart('s-1', 2));
    const blocked = await handleCopilotCliStop(agentStop(path, 2), options);
    expect(blocked.decision.kind).toBe('block');
    expect(blocked.output).toMatchObject({ decision: 'block', reason: expect.any(String) });
  });

  it('never judges a stale answer: a stop missing from the transcript is let through with a notice', async () => {
    const path = join(dir, 'events.jsonl');
    // The previous, passing answer is there; this stop (timestamp 2) is not written yet.
    writeFileSync(path, message(PASS) + hookStart('s-1', 1));
    const result = await handleCopilotCliStop(agentStop(path, 2, true), {
      ...options,
      transcript: { waitMs: 30, pollMs: 5 },
    });
    expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(result.output.systemMessage).toMatch(/did not show this stop/);
  });

  it('judges the captured stops as the real run went: block the first answer, then the budget lets go', async () => {
    const { inputs, events } = hookCapture('json-stop-hook-always-block');
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, events);
    const stateDir = hookStateDir();
    try {
      const decisions: string[] = [];
      for (const input of inputs) {
        const { decision } = await handleCopilotCliStop(
          { ...input, transcriptPath: path },
          {
            contracts: [acceptance],
            maxBlocks: 2,
            blockCounter: (key) => createFileBlockCounter(key, stateDir),
          },
        );
        decisions.push(decision.kind === 'block' ? 'block' : decision.because);
      }
      // No answer of that run has a verdict: two blocks (skillpack's budget), then every stop goes through.
      expect(decisions.slice(0, 3)).toEqual(['block', 'block', 'budget_spent']);
      expect(new Set(decisions.slice(2))).toEqual(new Set(['budget_spent']));
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  it('reads the answer for a Claude-format Stop that Copilot sent', async () => {
    const { inputs, events } = hookCapture('json-stop-hook-claude-settings');
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, events);
    const first = await handleCopilotCliStop({ ...inputs[0], transcript_path: path }, options);
    // The first captured answer has no verdict: pushed back.
    expect(first.decision.kind).toBe('block');
    expect(ANSWER).not.toContain('acceptance');
  });
});

describe('handleCopilotCliStop for a contract delivered as a tool', () => {
  const greeting = defineContract({
    id: 'acme.greeting',
    version: '1.0.0',
    title: 'Greeting',
    description: 'A greeting, delivered by calling its submit tool.',
    delivery: 'tool',
    schema: z.strictObject({ greeting: z.string().min(1) }),
    examples: [{ name: 'hello', value: { greeting: 'hello' } }],
  });
  const options = { contracts: [greeting], blockCounter: noState, transcript: { pollMs: 5 } };
  /** A submit call as Copilot CLI 1.0.102 records an MCP tool of server `acme-pack`: `<key>-<tool>`. */
  const submit = (call: string, greeting: unknown, success: boolean) =>
    line({
      type: 'assistant.message',
      data: {
        messageId: call,
        content: '',
        toolRequests: [{ toolCallId: call, name: 'acme-pack-submit_acme_greeting', arguments: { greeting } }],
      },
    }) +
    line({
      type: 'tool.execution_start',
      data: { toolCallId: call, toolName: 'acme-pack-submit_acme_greeting', arguments: { greeting } },
    }) +
    line({ type: 'tool.execution_complete', data: { toolCallId: call, success, result: { content: 'ok' } } });

  it('lets a stop through on the submit call the transcript records, never on the final message', async () => {
    const path = join(dir, 'events.jsonl');
    writeFileSync(
      path,
      submit('c1', '', false) + submit('c2', 'hi', true) + message('Done.') + hookStart('s-1', 1),
    );
    const allowed = await handleCopilotCliStop(agentStop(path, 1), options);
    expect(allowed.decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
    writeFileSync(path, message('{"greeting":"hi"}') + hookStart('s-1', 2));
    const blocked = await handleCopilotCliStop(agentStop(path, 2), options);
    expect(blocked.decision.kind).toBe('block');
    expect(blocked.output).toMatchObject({
      decision: 'block',
      reason: expect.stringContaining('submit_acme_greeting'),
    });
  });
});

describe('handleCopilotCliStop for a contract read from shell calls (ZaoFu zf emit)', () => {
  const archProposalDone = builtinContracts.require('zaofu.arch-proposal-done');
  const options = { contracts: [archProposalDone], blockCounter: noState, transcript: { pollMs: 5 } };
  /** A captured session's `events.jsonl` (no hook ran in it), with the `hook.start` of a stop after it. */
  function stopAfter(stem: string) {
    const events = hookEvents(stem);
    const sessionId = (JSON.parse(events.toString('utf8').split('\n')[0]!) as { data: { sessionId: string } })
      .data.sessionId;
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, Buffer.concat([events, Buffer.from(hookStart(sessionId, 1))]));
    return { ...agentStop(path, 1), sessionId };
  }

  it('pushes back when the zf emit exited non-zero (Copilot reports it a success), and lets an emitted one end', async () => {
    const failed = await handleCopilotCliStop(stopAfter('zf-emit-exit1'), options);
    expect(failed.decision.kind).toBe('block');
    expect(failed.output).toMatchObject({
      decision: 'block',
      reason: expect.stringContaining('arch.proposal.done'),
    });
    const emitted = await handleCopilotCliStop(stopAfter('zf-emit-exit0'), options);
    expect(emitted.decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
  });
});
