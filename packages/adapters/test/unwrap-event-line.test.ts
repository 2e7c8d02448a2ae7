import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { safeParseResultBlock, safeParseVerdictBlock } from '@skillpack/core/maestro';
import { describe, expect, it } from 'vitest';
import { readConformance } from '../../core/test/_support/conformance.js';
import { unwrapClaudeCodeLine } from '../src/claude-code/unwrap.js';
import { unwrapCodexLine } from '../src/codex/unwrap.js';
import { extractContract } from '../src/extract-contract.js';
import { unwrapOpenCodeLine } from '../src/opencode/unwrap.js';
import { readAgentRun } from '../src/read-agent-run.js';
import { RUNTIME_IDS } from '../src/runtime-id.js';
import { createEventLineUnwrapper, unwrapEventLine } from '../src/unwrap-event-line.js';
import { fixtureText } from './_support/fixtures.js';

const line = (value: unknown) => JSON.stringify(value);

describe('unwrapEventLine', () => {
  it.each([
    // Claude Code
    [
      'claude assistant text',
      line({ type: 'assistant', message: { content: [{ type: 'text', text: 'hi' }] } }),
      'hi',
    ],
    [
      'claude assistant text blocks joined by newlines',
      line({
        type: 'assistant',
        session_id: 's',
        message: {
          content: [
            { type: 'text', text: 'a' },
            { type: 'thinking', thinking: 'x' },
            { type: 'text', text: 'b' },
          ],
        },
      }),
      'a\nb',
    ],
    [
      'claude tool_use only',
      line({
        type: 'assistant',
        message: { content: [{ type: 'tool_use', id: 't', name: 'Bash', input: {} }] },
      }),
      '',
    ],
    [
      'claude subagent text',
      line({
        type: 'assistant',
        parent_tool_use_id: 'toolu_1',
        message: { content: [{ type: 'text', text: 'x' }] },
      }),
      '',
    ],
    [
      'claude sidechain transcript text',
      line({
        type: 'assistant',
        isSidechain: true,
        sessionId: 's',
        message: { content: [{ type: 'text', text: 'x' }] },
      }),
      '',
    ],
    [
      'claude text delta',
      line({
        type: 'stream_event',
        event: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'p' } },
      }),
      'p',
    ],
    [
      'claude thinking delta',
      line({
        type: 'stream_event',
        event: { type: 'content_block_delta', delta: { type: 'thinking_delta' } },
      }),
      '',
    ],
    ['claude result', line({ type: 'result', subtype: 'success', is_error: false, result: 'done' }), 'done'],
    [
      'claude error result',
      line({ type: 'result', subtype: 'success', is_error: true, result: 'API Error' }),
      '',
    ],
    [
      'claude max turns',
      line({ type: 'result', subtype: 'error_max_turns', is_error: true, errors: [] }),
      '',
    ],
    [
      'claude tool result',
      line({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] } }),
      '',
    ],
    ['claude init', line({ type: 'system', subtype: 'init', session_id: 's' }), ''],
    ['claude rate limit', line({ type: 'rate_limit_event', session_id: 's' }), ''],
    // Codex
    [
      'codex agent message',
      line({ type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: 'ok' } }),
      'ok',
    ],
    [
      'codex reasoning',
      line({ type: 'item.completed', item: { id: 'i', type: 'reasoning', text: 'hmm' } }),
      '',
    ],
    [
      'codex command output',
      line({ type: 'item.completed', item: { id: 'i', type: 'command_execution', aggregated_output: 'x' } }),
      '',
    ],
    [
      'codex message in progress',
      line({ type: 'item.updated', item: { id: 'i', type: 'agent_message', text: 'o' } }),
      '',
    ],
    ['codex thread', line({ type: 'thread.started', thread_id: 't' }), ''],
    ['codex turn', line({ type: 'turn.completed', usage: {} }), ''],
    ['codex error', line({ type: 'error', message: 'Reconnecting... 1/5' }), ''],
    // OpenCode
    [
      'opencode text',
      line({ type: 'text', sessionID: 's', timestamp: 1, part: { type: 'text', text: 'yo' } }),
      'yo',
    ],
    [
      'opencode reasoning',
      line({ type: 'reasoning', sessionID: 's', timestamp: 1, part: { text: 'x' } }),
      '',
    ],
    [
      'opencode tool',
      line({ type: 'tool_use', sessionID: 's', timestamp: 1, part: { state: { output: 'x' } } }),
      '',
    ],
    ['opencode error', line({ type: 'error', sessionID: 's', timestamp: 1, error: { name: 'E' } }), ''],
    [
      'a line that kept its CR',
      `${line({ type: 'item.completed', item: { id: 'i', type: 'agent_message', text: 'crlf' } })}\r`,
      'crlf',
    ],
    // Not runtime events: the line stands as agent text.
    ['plain text', 'ACCEPTANCE: PASS', undefined],
    ['a verdict an agent wrote', '{"acceptance":"pass"}', undefined],
    ['an unknown typed object', line({ type: 'arch.proposal.done', payload: {} }), undefined],
    ['a JSON array', '[1,2]', undefined],
    ['a broken event', '{"type":"assistant","message":', undefined],
    ['an agent-written error object', line({ type: 'error', message: 'x', code: 3 }), undefined],
  ] as const)('%s', (_name, input, expected) => {
    expect(unwrapEventLine(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    42,
    '',
    '{',
    '[]',
    `{"type":"assistant","message":{"content":[{"type":"text","text":"${'x'.repeat(3_000_000)}"}]}}`,
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    '{"__proto__":{"polluted":true},"type":"assistant","message":{"content":[]}}',
    '{"type":"text","sessionID":"s","part":{"text":"\ud800 lone"}}',
    '\uFEFF{"type":"assistant"}',
  ])('junk %#: no throw, a string or undefined, nothing polluted', (junk) => {
    const result = unwrapEventLine(junk as string);
    expect(result === undefined || typeof result === 'string').toBe(true);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('the per-runtime unwrappers only answer for their own runtime', () => {
    const claude = line({ type: 'assistant', message: { content: [{ type: 'text', text: 'c' }] } });
    const codex = line({ type: 'item.completed', item: { id: 'i', type: 'agent_message', text: 'x' } });
    const opencode = line({ type: 'text', sessionID: 's', timestamp: 1, part: { text: 'o' } });
    expect([
      unwrapClaudeCodeLine(claude),
      unwrapClaudeCodeLine(codex),
      unwrapClaudeCodeLine(opencode),
    ]).toEqual(['c', undefined, undefined]);
    expect([unwrapCodexLine(claude), unwrapCodexLine(codex), unwrapCodexLine(opencode)]).toEqual([
      undefined,
      'x',
      undefined,
    ]);
    expect([unwrapOpenCodeLine(claude), unwrapOpenCodeLine(codex), unwrapOpenCodeLine(opencode)]).toEqual([
      undefined,
      undefined,
      'o',
    ]);
  });
});

interface ParseCase {
  readonly id: string;
  readonly input: string;
  readonly wrapper?: string;
  readonly expected: { readonly result: string };
  readonly expected_under_seed_contract?: { readonly result: string };
}

const RESULT_OF: Record<string, string> = {
  pass: 'Pass',
  continue: 'Continue',
  fail: 'Fail',
  gated: 'Stalled',
};

function resultName(result: ReturnType<typeof safeParseAcceptanceOutput>): string {
  if (result.success) return RESULT_OF[result.data.acceptance] ?? result.data.acceptance;
  return result.error.code;
}

const SUCCESS_FILES = {
  'claude-code': 'captured/stream-json-success-verdict.jsonl',
  codex: 'captured/exec-json-success-verdict.jsonl',
  opencode: 'captured/run-json-success-verdict.ndjson',
  'gemini-cli': 'captured/stream-json-success-verdict.jsonl',
  'copilot-cli': 'captured/json-success-verdict.jsonl',
  'qwen-code': 'captured/stream-json-success-verdict.jsonl',
  pi: 'captured/json-success-verdict.jsonl',
} as const;

describe('safeParseAcceptanceOutput(raw stdout, { unwrapLine })', () => {
  it.each(RUNTIME_IDS)('%s: the verdict in the raw success stream is found', (runtime) => {
    const raw = fixtureText(runtime, SUCCESS_FILES[runtime]);
    expect(safeParseAcceptanceOutput(raw).success).toBe(false);
    for (const unwrapLine of [unwrapEventLine, createEventLineUnwrapper()]) {
      const result = safeParseAcceptanceOutput(raw, { unwrapLine });
      expect(result.success && result.data.acceptance).toBe('pass');
    }
  });

  it.each([
    ['claude-code', 'stream-json-subagent-interleaved.jsonl'],
    ['claude-code', 'captured/stream-json-subagent-task.jsonl'],
    ['codex', 'exec-json-subagent-interleaved.jsonl'],
    ['opencode', 'run-json-subagent-task.ndjson'],
  ] as const)('%s: a subagent verdict does not win (%s)', (runtime, file) => {
    const raw = fixtureText(runtime, file);
    const result = safeParseAcceptanceOutput(raw, { unwrapLine: unwrapEventLine });
    expect(result.success && result.data.acceptance).toBe('pass');
  });

  it('the upstream wrapped cases (Claude and Codex events) give their expected result', () => {
    const { cases } = readConformance<{ cases: ParseCase[] }>('conflux', 'parse_cases.json');
    const wrapped = cases.filter((entry) => entry.wrapper !== undefined);
    expect(wrapped.length).toBeGreaterThanOrEqual(5);
    for (const entry of wrapped) {
      const expected = (entry.expected_under_seed_contract ?? entry.expected).result;
      const got = resultName(safeParseAcceptanceOutput(entry.input, { unwrapLine: unwrapEventLine }));
      expect(got === expected || (expected === 'BareBlocker' && got === 'bare_blocker'), entry.id).toBe(true);
    }
  });

  it('Claude: the result line repeating a JSON verdict does not change the decision', () => {
    const text = 'Found a defect.\n{"acceptance":"fail","findings":["src/a.ts is wrong"]}';
    const stream = [
      line({ type: 'assistant', session_id: 's', message: { id: 'm', content: [{ type: 'text', text }] } }),
      line({ type: 'result', subtype: 'success', is_error: false, session_id: 's', result: text }),
    ].join('\n');
    const once = safeParseAcceptanceOutput(text);
    const twice = safeParseAcceptanceOutput(stream, { unwrapLine: unwrapEventLine });
    expect(twice).toEqual(once);
    expect(twice.success && twice.data.acceptance).toBe('fail');
  });

  it('Claude: a repeated legacy FINDINGS list is listed once with createEventLineUnwrapper', () => {
    const text = 'ACCEPTANCE: FAIL\nFINDINGS:\n- src/a.ts is wrong';
    const stream = [
      line({ type: 'system', subtype: 'init', session_id: 's' }),
      line({
        type: 'stream_event',
        session_id: 's',
        event: { type: 'content_block_delta', delta: { type: 'text_delta', text } },
      }),
      line({ type: 'assistant', session_id: 's', message: { id: 'm', content: [{ type: 'text', text }] } }),
      line({ type: 'result', subtype: 'success', is_error: false, session_id: 's', result: text }),
    ].join('\n');
    const once = safeParseAcceptanceOutput(text);
    expect(once.success && once.data.acceptance === 'fail' && once.data.findings).toHaveLength(1);
    expect(safeParseAcceptanceOutput(stream, { unwrapLine: createEventLineUnwrapper() })).toEqual(once);
    // The stateless unwrapper repeats the text once per event that carries it; the parser lists it again.
    const stateless = safeParseAcceptanceOutput(stream, { unwrapLine: unwrapEventLine });
    expect(stateless.success && stateless.data.acceptance === 'fail' && stateless.data.findings).toHaveLength(
      3,
    );
  });

  it('Claude --output-format json (a lone result) still yields its text with createEventLineUnwrapper', () => {
    const unwrap = createEventLineUnwrapper();
    expect(
      unwrap(line({ type: 'result', subtype: 'success', is_error: false, result: 'ACCEPTANCE: PASS' })),
    ).toBe('');
    expect(unwrap.end()).toBe('ACCEPTANCE: PASS');
  });
});

describe('unwrapEventLine is the Conflux-parity mode, and differs where lines depend on each other', () => {
  it('reads each delta alone: a fence split across deltas is missed, so the fenced pass counts', () => {
    const raw = fixtureText('claude-code', 'stream-json-partial-message-delta.jsonl');
    const parity = safeParseAcceptanceOutput(raw, { unwrapLine: unwrapEventLine });
    const oneAnswer = safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() });
    expect(parity.success && parity.data.acceptance).toBe('pass');
    expect(oneAnswer.success && oneAnswer.data.acceptance).toBe('fail');
  });
});

// Issue #38 class 7: the core parsers with the unwrapper fail a run that did not complete as every other path
// does, with `run_not_complete`, instead of reading its missing answer (maestro's fallback result).
describe('createEventLineUnwrapper: a run that did not complete fails every core parser with run_not_complete', () => {
  const maestroResult = builtinContracts.require('maestro.result');
  const zaofu = builtinContracts.require('zaofu.arch-proposal-done');
  it.each([
    ['gemini-cli', 'captured/stream-json-http-400.jsonl'],
    ['gemini-cli', 'stream-json-cut.jsonl'],
    ['copilot-cli', 'captured/json-http-400.jsonl'],
    ['copilot-cli', 'json-truncated.jsonl'],
    ['qwen-code', 'captured/stream-json-http-400.jsonl'],
    ['qwen-code', 'stream-json-truncated.jsonl'],
    ['claude-code', 'captured/stream-json-http-401.jsonl'],
    ['codex', 'captured/exec-json-pass-then-turn-failed.jsonl'],
    ['opencode', 'captured/run-json-error-after-stop.ndjson'],
  ] as const)('%s %s', async (runtime, file) => {
    const raw = fixtureText(runtime, file);
    const run = await readAgentRun(raw);
    expect(run.finish).not.toBe('complete');
    const extracted = extractContract(run, maestroResult);
    expect(!extracted.success && extracted.error.code).toBe('run_not_complete');
    const results = {
      'maestro result block': safeParseResultBlock(raw, { unwrapLine: createEventLineUnwrapper() }),
      'maestro verdict block': safeParseVerdictBlock(raw, { unwrapLine: createEventLineUnwrapper() }),
      'conflux acceptance': safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() }),
      'maestro.result extract': maestroResult.extract(raw, { unwrapLine: createEventLineUnwrapper() }),
      'zaofu extract': zaofu.extract(raw, { unwrapLine: createEventLineUnwrapper() }),
    };
    for (const [path, result] of Object.entries(results)) {
      expect(!result.success && result.error.code, path).toBe('run_not_complete');
      if (!result.success) expect(result.error.details, path).toMatchObject({ runtime, finish: run.finish });
    }
  });

  it('a completed run reads on: notComplete() is undefined, end() gives the final message', async () => {
    const raw = fixtureText('gemini-cli', 'captured/stream-json-success-verdict.jsonl');
    const unwrapLine = createEventLineUnwrapper();
    expect(safeParseAcceptanceOutput(raw, { unwrapLine }).success).toBe(true);
    expect(unwrapLine.notComplete()).toBeUndefined();
  });
});
