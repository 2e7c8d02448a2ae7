// Issue #43: Gemini CLI's AfterAgent hook reads a tool-delivered contract's submit calls from the session
// transcript (`transcript_path`): the calls of the turn the payload's `prompt` began, a call Gemini CLI refused
// itself read as failed, a call of an earlier prompt never. Real captures (fixtures/gemini-cli/mcp-submit,
// SOURCES.md) and generated sessions: the hook reads what readAgentRun + extractContract read on the same run.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import { geminiSubmitCalls, readGeminiTranscript } from '../../src/gemini-cli/read-transcript.js';
import { handleGeminiCliStop } from '../../src/gemini-cli/stop-hook.js';
import { GeminiTranscript } from '../../src/gemini-cli/transcript.js';
import { checkContracts } from '../../src/hooks/contract-check.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { refund } from '../_support/acme-refund.js';
import { noState } from '../_support/read-paths.js';

const TOOL = 'submit_acme_refund';
const CALLED = `mcp_acme-refund_${TOOL}`;

const fixtures = new URL('../fixtures/gemini-cli/mcp-submit/', import.meta.url);
const textOf = (file: string) => readFileSync(new URL(file, fixtures), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'gemini-submit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a path accepted: the submitted answer, or `none`. */
const acceptedOf = (result: { success: boolean; data?: unknown }) =>
  result.success ? JSON.stringify(result.data) : 'none';

/** A captured stop: its payload, with its transcript (or `transcript`) written where the payload points. */
function stop(name: string, n: number, transcript = textOf(`${name}.transcript-${n}.jsonl`)) {
  const payload = JSON.parse(textOf(`${name}.hook-${n}.json`).replaceAll('$HOME', dir));
  mkdirSync(join(payload.transcript_path, '..'), { recursive: true });
  writeFileSync(payload.transcript_path, transcript);
  return payload as { prompt: string; transcript_path: string };
}

async function decide(payload: unknown) {
  return (await handleGeminiCliStop(payload, { contracts: [refund], blockCounter: noState })).decision;
}

/** The hook's reading of a transcript: the turn's submit calls, as the contract check judges them. */
function hookAccepted(text: string, prompt: string): string {
  const transcript = new GeminiTranscript();
  for (const line of text.split('\n')) transcript.add(line);
  const calls = geminiSubmitCalls(transcript, 't.jsonl', prompt, [TOOL]);
  if (!calls.success) return 'none';
  const check = checkContracts([refund], 'Done.', {}, calls.data);
  return check.satisfied ? JSON.stringify(check.value) : 'none';
}

describe('captured Gemini CLI 0.61.0 runs with the installed pack', () => {
  it('a call Gemini CLI refused is read as failed: the stop is pushed back with the correction', async () => {
    const decision = await decide(stop('refused', 1));
    expect(decision.kind).toBe('block');
    expect(decision.kind === 'block' && decision.reason).toMatch(/amount: Too small/);
    // The real hook decided the same at that stop.
    expect(JSON.parse(textOf('refused.hook-1.out.json')).decision).toBe('block');
  });

  it('the right submit after the push-back satisfies the next stop, as readAgentRun + extractContract read', async () => {
    const decision = await decide(stop('refused', 2));
    expect(decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
    const run = await readAgentRun(textOf('refused.stdout-1.jsonl'), { runtime: 'gemini-cli' });
    expect(run.finish).toBe('complete');
    expect(acceptedOf(extractContract(run, refund))).toBe('{"refund":true,"amount":3}');
    const payload = stop('refused', 2);
    const read = await readGeminiTranscript(payload.transcript_path);
    const calls = read.success ? read.data.turnCalls(payload.prompt, 't') : read;
    // The transcript's calls are the stream's, one for one: the same ids, names, arguments and outcomes.
    expect(calls.success && calls.data).toEqual(
      run.tools.map(({ id, name, input, status }) => ({ id, name, input, status })),
    );
    expect(run.tools.map((tool) => [tool.name, tool.status])).toEqual([
      [CALLED, 'error'],
      [CALLED, 'completed'],
    ]);
  });

  it('a resumed session: the accepted submit of the earlier prompt does not count for the next one', async () => {
    expect(await decide(stop('resume', 1))).toMatchObject({ kind: 'allow', because: 'satisfied' });
    const second = await decide(stop('resume', 2));
    expect(second.kind === 'block' && second.reason).toMatch(/amount: Too small/);
    expect(await decide(stop('resume', 3))).toMatchObject({ kind: 'allow', because: 'satisfied' });
    for (const n of [1, 2, 3]) {
      const recorded = JSON.parse(textOf(`resume.hook-${n}.out.json`));
      expect(recorded.decision ?? 'allow', `stop ${n}`).toBe(n === 2 ? 'block' : 'allow');
    }
    const run = await readAgentRun(textOf('resume.stdout-2.jsonl'), { runtime: 'gemini-cli' });
    const payload = stop('resume', 3);
    const read = await readGeminiTranscript(payload.transcript_path);
    const calls = read.success ? read.data.turnCalls(payload.prompt, 't') : read;
    expect(calls.success && calls.data).toEqual(
      run.tools.map(({ id, name, input, status }) => ({ id, name, input, status })),
    );
  });

  it('every line prefix of the transcripts: the hook reads what readAgentRun + extractContract read of the stream up to the same call', async () => {
    const cases = [
      ['refused', 2, 'refused.stdout-1.jsonl'],
      ['resume', 3, 'resume.stdout-2.jsonl'],
    ] as const;
    for (const [name, n, stdout] of cases) {
      const text = textOf(`${name}.transcript-${n}.jsonl`);
      const { prompt } = JSON.parse(textOf(`${name}.hook-${n}.json`));
      const stream = textOf(stdout).split('\n');
      const lines = text.split('\n');
      for (let cut = 0; cut <= lines.length; cut++) {
        const prefix = lines.slice(0, cut).join('\n');
        const transcript = new GeminiTranscript();
        for (const line of lines.slice(0, cut)) transcript.add(line);
        const calls = transcript.turnCalls(prompt, 't');
        const ended = calls.success ? calls.data.length : 0;
        // The stream up to the result of the same number of calls of this run.
        let results = 0;
        const upTo = stream.findIndex((line) => line.includes('"tool_result"') && ++results > ended);
        const run = await readAgentRun(stream.slice(0, upTo === -1 ? stream.length : upTo).join('\n'), {
          runtime: 'gemini-cli',
        });
        const extracted = acceptedOf(extractContract(run, refund, { acceptIncomplete: true }));
        expect(hookAccepted(prefix, prompt), `${name} cut ${cut}`).toBe(extracted);
      }
    }
  });
});

describe('GeminiTranscript.turnCalls', () => {
  const user = (id: string, text: string, extra = {}) => ({
    id,
    type: 'user',
    content: [{ text }],
    ...extra,
  });
  const call = (id: string, status: string, amount = 3) => ({
    id,
    name: CALLED,
    args: { answer: { refund: true, amount } },
    status,
  });
  const gemini = (id: string, calls: unknown[]) => ({ id, type: 'gemini', content: '', toolCalls: calls });
  const callsOf = (records: unknown[], prompt = 'go') => {
    const transcript = new GeminiTranscript();
    for (const record of records)
      transcript.add(typeof record === 'string' ? record : JSON.stringify(record));
    return transcript.turnCalls(prompt, 't.jsonl');
  };

  it.each([
    ['success', 'completed'],
    ['error', 'error'],
    ['cancelled', 'declined'],
    ['scheduled', 'pending'],
    ['constructor', 'pending'],
  ] as const)('a call recorded %s reads as %s', (recorded, status) => {
    const calls = callsOf([user('u', 'go'), gemini('g', [call('c', recorded)])]);
    expect(calls.success && calls.data.map((c) => c.status)).toEqual([status]);
  });

  it('keeps the calls after the last prompt the payload names; a hook push-back stays in the turn', () => {
    const calls = callsOf([
      user('u1', 'go'),
      gemini('g1', [call('old', 'success')]),
      user('u2', 'go'),
      gemini('g2', [call('a', 'error', -1)]),
      user('r', 'Your answer does not satisfy…', { displayContent: [{ text: 'go' }] }),
      gemini('g3', [call('b', 'success')]),
    ]);
    expect(calls.success && calls.data.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('reads a prompt a BeforeAgent hook added context to, and not a function response', () => {
    const calls = callsOf([
      { id: 'u', type: 'user', content: [{ text: 'go' }, { text: '<hook_context>x</hook_context>' }] },
      gemini('g', [call('a', 'success')]),
      { id: 'f', type: 'user', content: [{ functionResponse: { name: 'go', response: {} } }] },
    ]);
    expect(calls.success && calls.data.map((c) => c.id)).toEqual(['a']);
  });

  it('a record repeated with its calls replaces the first; a rewind drops the calls after it', () => {
    const calls = callsOf([
      user('u', 'go'),
      { id: 'g', type: 'gemini', content: '' },
      gemini('g', [call('a', 'success')]),
      gemini('h', [call('b', 'success')]),
      { $rewindTo: 'h' },
    ]);
    expect(calls.success && calls.data.map((c) => c.id)).toEqual(['a']);
  });

  it.each([
    [
      'no record of the prompt',
      [user('u', 'other'), gemini('g', [call('a', 'success')])],
      'transcript_turn_not_found',
    ],
    ['a line cut in the middle', [user('u', 'go'), '{"id":"g","type":"gem'], 'transcript_partial'],
    ['an empty file', [], 'transcript_turn_not_found'],
  ] as const)('%s gives no calls, with a typed error', (_what, records, code) => {
    const calls = callsOf([...records]);
    expect(calls.success ? 'read' : calls.error.code).toBe(code);
  });

  it('junk records and calls without an id or name are skipped, never thrown on', () => {
    const calls = callsOf([
      user('u', 'go'),
      { id: 'g', type: 'gemini', toolCalls: [null, 1, { name: CALLED }, { id: 'x' }, call('a', 'success')] },
      '[]',
      'null',
      '\u0000',
      { id: 'h', type: 'gemini', toolCalls: 'many' },
    ]);
    expect(calls.success && calls.data.map((c) => c.id)).toEqual(['a']);
  });
});

describe('the hook on a Gemini transcript', () => {
  it('a payload without a prompt reads no calls: the stop is let through with a notice, never judged on a guess', async () => {
    const payload = stop('refused', 1) as Record<string, unknown>;
    delete payload.prompt;
    const decision = await decide(payload);
    expect(decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
  });

  it('reads the transcript file once for the answer and the calls', async () => {
    const payload = stop('refused', 2);
    let reads = 0;
    const original = GeminiTranscript.prototype.add;
    GeminiTranscript.prototype.add = function (line: string) {
      if (line.includes('"sessionId"') && line.includes('"kind"')) reads++;
      original.call(this, line);
    };
    try {
      await decide(payload);
    } finally {
      GeminiTranscript.prototype.add = original;
    }
    expect(reads).toBe(1);
  });
});

// Generated sessions: earlier prompts with their own submits, then the current turn, whose calls succeed or fail,
// with hook push-backs between stops. The transcript as Gemini CLI 0.61.0 writes it and the turn's stream-json
// are rendered from the same history; the hook's reading of the one and readAgentRun + extractContract of the other
// accept the same answer.
const callArbitrary = fc.record({
  status: fc.constantFrom('success', 'error'),
  amount: fc.constantFrom(-1, 0, 2, 7),
});
const stepArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.array(callArbitrary, { minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.constant('block' as const) },
);
const turnArbitrary = fc.array(stepArbitrary, { maxLength: 4 });

interface Rendered {
  readonly transcript: string[];
  readonly stream: string[];
}

type Turn = ('block' | { status: 'success' | 'error'; amount: number }[])[];

function render(earlier: readonly Turn[], current: Turn) {
  const at = '2026-12-06T13:50:00.000Z';
  const out: Rendered = { transcript: [], stream: [] };
  const t = (record: unknown) => out.transcript.push(JSON.stringify(record));
  const s = (record: object) => out.stream.push(JSON.stringify({ timestamp: at, ...record }));
  t({ sessionId: 's', projectHash: 'p', startTime: at, lastUpdated: at, kind: 'main' });
  t({
    $set: {
      messages: [{ id: 'ctx', timestamp: at, type: 'user', content: [{ text: '<session_context>' }] }],
    },
  });
  let n = 0;
  const turns = [...earlier, current];
  turns.forEach((steps, turn) => {
    const last = turn === turns.length - 1;
    const prompt = last ? 'Refund order 42?' : `Refund order ${turn}?`;
    t({ id: `u${turn}`, timestamp: at, type: 'user', content: [{ text: prompt }] });
    if (last) {
      s({ type: 'init', session_id: 's', model: 'gemini-2.5-pro' });
      s({ type: 'message', role: 'user', content: prompt });
    }
    for (const step of steps) {
      const id = `m${n++}`;
      if (step === 'block') {
        t({ id, timestamp: at, type: 'gemini', content: 'Done.' });
        t({ $set: { lastUpdated: at } });
        t({ id: `r${id}`, timestamp: at, type: 'user', content: [{ text: 'Call the tool.' }] });
        if (last) {
          s({ type: 'message', role: 'assistant', content: 'Done.', delta: true });
          s({ type: 'error', severity: 'warning', message: 'Agent execution blocked: Call the tool.' });
        }
        continue;
      }
      const calls = step.map((c, i) => ({ ...c, id: `${id}-${i}` }));
      t({ id, timestamp: at, type: 'gemini', content: '' });
      t({
        id,
        timestamp: at,
        type: 'gemini',
        content: '',
        toolCalls: calls.map((c) => ({
          id: c.id,
          name: CALLED,
          args: { answer: { refund: true, amount: c.amount } },
          status: c.status,
        })),
      });
      t({ id: `f${id}`, timestamp: at, type: 'user', content: [{ functionResponse: { id: calls[0]!.id } }] });
      if (last) {
        for (const c of calls) {
          s({
            type: 'tool_use',
            tool_name: CALLED,
            tool_id: c.id,
            parameters: { answer: { refund: true, amount: c.amount } },
          });
          s({ type: 'tool_result', tool_id: c.id, status: c.status });
        }
      }
    }
    t({ id: `end${turn}`, timestamp: at, type: 'gemini', content: 'Done.' });
    t({ $set: { lastUpdated: at } });
  });
  s({ type: 'message', role: 'assistant', content: 'Done.', delta: true });
  s({ type: 'result', status: 'success', stats: { input_tokens: 1, output_tokens: 1 } });
  return out;
}

describe('generated Gemini sessions', () => {
  it('the hook reads the current turn as readAgentRun + extractContract read its stream', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(turnArbitrary, { maxLength: 2 }), turnArbitrary, async (earlier, current) => {
        const { transcript, stream } = render(earlier, current);
        const run = await readAgentRun(stream.join('\n'), { runtime: 'gemini-cli' });
        expect(run.finish).toBe('complete');
        const want = acceptedOf(extractContract(run, refund));
        expect(hookAccepted(transcript.join('\n'), 'Refund order 42?')).toBe(want);
        const path = join(dir, 'generated.jsonl');
        writeFileSync(path, `${transcript.join('\n')}\n`);
        const payload = {
          session_id: 's',
          transcript_path: path,
          hook_event_name: 'AfterAgent',
          prompt: 'Refund order 42?',
          stop_hook_active: false,
        };
        const decision = await decide(payload);
        expect(decision.kind === 'allow' && decision.because === 'satisfied').toBe(want !== 'none');
      }),
      { numRuns: 150 },
    );
  });
});
