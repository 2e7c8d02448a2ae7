// Linear time of the readers and the hook: 10× the input must cost less than 20× the CPU time.
import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { describe, it } from 'vitest';
import { type ReadAgentRunOptions, readAgentRun, unwrapEventLine } from '../../src/index.js';
import { runHookProcess } from '../../src/run-hook.js';
import { hookStateDir } from '../_support/hook-state-dir.js';
import { describeLinearTime, expectLinearAsync, repeatTo } from './_support/core-support.js';
import { claudeCodeRun, codexRun, openCodeRun, type RunPart } from './_support/runs.js';

const PARTS: RunPart[] = [
  { kind: 'text', text: 'checking the retry branch' },
  { kind: 'tool', command: 'npm test', output: 'Tests 148 passed\n'.repeat(4) },
  { kind: 'subagent', text: 'looks fine' },
];

const CLAUDE_TURNS = claudeCodeRun(PARTS, { result: false }).split('\n').slice(1).join('\n');
const CODEX_TURNS = `${codexRun(PARTS).split('\n').slice(2, -2).join('\n')}\n`;
const OPENCODE_TURNS = openCodeRun(PARTS);

/**
 * Every malformed line costs a failed JSON.parse and a ProtocolError (about 12 µs, against 0.1 µs per byte
 * of a valid line), so the garbage-shaped units get a smaller input.
 */
const CASES: readonly (readonly [string, string, ReadAgentRunOptions, number])[] = [
  ['Claude Code turns, auto', CLAUDE_TURNS, {}, 40_000],
  ['Codex turns, auto', CODEX_TURNS, {}, 40_000],
  ['OpenCode turns, auto', OPENCODE_TURNS, {}, 40_000],
  ['Claude Code turns, named', CLAUDE_TURNS, { runtime: 'claude-code' }, 40_000],
  ['Codex turns, named', CODEX_TURNS, { runtime: 'codex' }, 40_000],
  ['OpenCode turns, named', OPENCODE_TURNS, { runtime: 'opencode' }, 40_000],
  ['unknown event types, auto', '{"type":"x.y","n":1}\n', {}, 40_000],
  ['blank lines, auto', ' \r\n', {}, 40_000],
  ['one line without a newline, auto', 'x', {}, 40_000],
  ['one line without a newline, Codex', 'x', { runtime: 'codex' }, 40_000],
  ['malformed lines, auto', '{"type":\n', {}, 5_000],
  ['malformed lines, Claude Code', '{"type":\n', { runtime: 'claude-code' }, 5_000],
  ['plain text lines, auto', 'ACCEPTANCE: PASS\n', {}, 5_000],
  ['a document that never closes, auto', '{\n"a": 1,\n', {}, 5_000],
  ['an array document, OpenCode', '[\n{"type":"result"},\n', { runtime: 'opencode' }, 5_000],
];

describe('readAgentRun runs in linear time', () => {
  it.each(CASES)(
    'on repeated %s',
    async (label, unit, options, size) => {
      await expectLinearAsync(
        label,
        (n) => repeatTo(unit, n),
        (text) => readAgentRun(text, options),
        size,
      );
    },
    60_000,
  );
});

/** The whole hook process on a Stop payload whose last message grows: read, parse, check, decide. */
async function hook(message: string): Promise<unknown> {
  const payload = JSON.stringify({
    session_id: 's',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  });
  async function* stdin() {
    yield new TextEncoder().encode(payload);
  }
  return runHookProcess(
    ['claude-code', '--contract', 'conflux.acceptance', '--contract', 'maestro.result', '--max-blocks', '1'],
    {
      stdin: stdin(),
      env: { SKILLPACK_HOOK_STATE_DIR: hookStateDir() },
    },
  );
}

describe('the Stop hook runs in linear time', () => {
  it.each([
    ['prose', 'checking the retry branch\n'],
    ['near-miss verdicts', '## **ACCEPTANCE: PASSED**\n---RESULT---\n'],
    ['JSON lines', '{"acceptance":"maybe"}\n'],
  ])(
    'on a last message of repeated %s',
    async (label, unit) => {
      await expectLinearAsync(label, (n) => repeatTo(unit, n), hook, 20_000);
    },
    60_000,
  );
});

describeLinearTime(
  [
    {
      name: 'safeParseAcceptanceOutput with unwrapEventLine',
      run: (text) => safeParseAcceptanceOutput(text, { unwrapLine: unwrapEventLine }),
      units: [
        ['Claude Code turns', CLAUDE_TURNS],
        ['Codex turns', CODEX_TURNS],
        ['OpenCode turns', OPENCODE_TURNS],
        ['malformed lines', '{"type":\n'],
      ],
    },
  ],
  40_000,
  1,
);
