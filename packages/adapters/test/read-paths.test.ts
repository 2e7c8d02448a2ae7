import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyContract, ContractResult } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { handleCodexStop } from '../src/codex/stop-hook.js';
import { extractContract } from '../src/extract-contract.js';
import { readAgentRun } from '../src/read-agent-run.js';
import { createEventLineUnwrapper } from '../src/unwrap-event-line.js';
import { fixtureText } from './_support/fixtures.js';
import {
  acceptance,
  hookOnMessage,
  hookOnTranscript,
  noState,
  pluginOnMessage,
  stdoutPaths,
} from './_support/read-paths.js';

/**
 * Issue #26, classes 1–5: the read paths (the core parser with `createEventLineUnwrapper`, `readAgentRun` +
 * `extractContract`, and the Stop hook) give one answer, and never a verdict from a run that did not complete.
 * `skillpack parse` reads through `readAgentRun` + `extractContract` (its own sweep is in skill-gen).
 */
const line = (event: unknown) => JSON.stringify(event);
const PASS = 'All checks hold.\n{"acceptance":"pass"}\nACCEPTANCE: PASS';
const FAIL = 'A defect.\n{"acceptance":"fail","findings":["src/a.ts is wrong"]}\nACCEPTANCE: FAIL';
const NO_VERDICT = 'I looked at the files.';

const claudeTurn = (session: string, id: string, text: string, result: Record<string, unknown>) => [
  line({ type: 'system', subtype: 'init', session_id: session, claude_code_version: '2.1.328' }),
  line({
    type: 'assistant',
    session_id: session,
    parent_tool_use_id: null,
    message: { id, type: 'message', role: 'assistant', content: [{ type: 'text', text }], stop_reason: null },
  }),
  line({ type: 'result', session_id: session, num_turns: 1, ...result }),
];
const claudeSuccess = { subtype: 'success', is_error: false, result: '', terminal_reason: 'completed' };

const codexTurn = (items: string[], end: Record<string, unknown>) => [
  line({ type: 'turn.started' }),
  ...items.map((text, i) =>
    line({ type: 'item.completed', item: { id: `item_${i}`, type: 'agent_message', text } }),
  ),
  line(end),
];
const codexDone = {
  type: 'turn.completed',
  usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 },
};
const codexFailed = { type: 'turn.failed', error: { message: 'stream disconnected before completion' } };
const codexThread = line({ type: 'thread.started', thread_id: '0199a213-81c0-7800-8aa1-bbab2a035a53' });

async function expectOneAnswer(raw: string, expected: string) {
  const { core, extract } = await stdoutPaths(raw);
  expect({ core, extract }).toEqual({ core: expected, extract: expected });
}

describe('1. several turns or results in one stdout: the last turn decides on every path', () => {
  it.each([
    [
      'the last turn failed (error_during_execution)',
      { subtype: 'error_during_execution', is_error: true },
      PASS,
      'none',
    ],
    ['the last turn answered fail', claudeSuccess, FAIL, 'fail'],
    ['the last turn gave no verdict', claudeSuccess, NO_VERDICT, 'none'],
  ] as const)('Claude stream-json, %s', async (_name, second, text, expected) => {
    const raw = [
      ...claudeTurn('s-1', 'm1', PASS, claudeSuccess),
      ...claudeTurn('s-1', 'm2', text, second),
    ].join('\n');
    await expectOneAnswer(raw, expected);
  });

  it.each([
    ['the last turn failed (turn.failed)', [PASS], codexFailed, 'none'],
    ['the last turn answered fail', [FAIL], codexDone, 'fail'],
    ['the last turn gave no verdict', [NO_VERDICT], codexDone, 'none'],
    ['the last turn has no message at all', [], codexDone, 'none'],
  ] as const)('codex exec --json, %s', async (_name, items, end, expected) => {
    const raw = [codexThread, ...codexTurn([PASS], codexDone), ...codexTurn([...items], end)].join('\n');
    await expectOneAnswer(raw, expected);
  });

  it("Claude: a message id the second turn reuses starts a new message, not the first turn's answer", async () => {
    const raw = [
      ...claudeTurn('s-1', 'msg_scripted_0', PASS, claudeSuccess),
      ...claudeTurn('s-1', 'msg_scripted_0', NO_VERDICT, claudeSuccess),
    ].join('\n');
    await expectOneAnswer(raw, 'none');
  });

  it('a later turn that passes still passes (the rule is "last", not "any failure")', async () => {
    const raw = [codexThread, ...codexTurn([FAIL], codexFailed), ...codexTurn([PASS], codexDone)].join('\n');
    await expectOneAnswer(raw, 'pass');
  });
});

describe('2. a partial last line is evidence that the run was cut', () => {
  const raw = fixtureText('opencode', 'captured/run-json-error-after-stop.ndjson');
  const lines = raw.trimEnd().split('\n');
  const errorLine = lines[lines.length - 1]!;

  it.each([10, 40, Math.floor(errorLine.length / 2), errorLine.length - 1])(
    'OpenCode stdout cut %i characters into the error line after step_finish(stop)',
    async (cut) => {
      const prefix = `${[...lines.slice(0, -1), errorLine.slice(0, cut)].join('\n')}`;
      const { core, extract, run } = await stdoutPaths(prefix);
      expect({ core, extract }).toEqual({ core: 'none', extract: 'none' });
      expect(run.finish).toBe('truncated');
      expect(run.error?.code).toBe('partial_last_line');
    },
  );

  it('Claude transcript whose last line is still being written: the Stop hook judges no earlier message', async () => {
    const turn = claudeTurn('s-1', 'm1', PASS, claudeSuccess).slice(0, 2);
    const later = line({
      type: 'assistant',
      sessionId: 's-1',
      message: {
        id: 'm2',
        role: 'assistant',
        content: [{ type: 'text', text: FAIL }],
        stop_reason: 'end_turn',
      },
    });
    const transcript = [
      line({ type: 'user', sessionId: 's-1', message: { role: 'user', content: 'review' } }),
      turn[1]!.replace('"session_id"', '"sessionId"'),
      later.slice(0, 60),
    ].join('\n');
    expect(await hookOnTranscript(transcript)).toBe('none');
    // The whole line reads as the fail it is.
    expect(await hookOnTranscript([transcript.slice(0, -60), later].join(''))).toBe('fail');
  });

  it('the same stream with its error line whole still fails, and cut before the line it passes everywhere', async () => {
    await expectOneAnswer(raw, 'none');
    await expectOneAnswer(`${lines.slice(0, -1).join('\n')}\n`, 'pass');
  });
});

describe('3. Codex: an empty final agent_message is no answer', () => {
  it('the real CLI prints one after a passing narration (captured)', async () => {
    const raw = fixtureText('codex', 'captured/exec-json-empty-final-message.jsonl');
    expect(raw).toContain('"type":"agent_message","text":""');
    await expectOneAnswer(raw, 'none');
  });

  it.each([
    ['after a passing narration', [PASS, '']],
    ['as the only message', ['']],
  ])('%s', async (_name, items) => {
    const raw = [codexThread, ...codexTurn(items, codexDone)].join('\n');
    await expectOneAnswer(raw, 'none');
    const { run } = await stdoutPaths(raw);
    expect(run.finalText).toBe('');
    // Codex sends the same empty message to the Stop hook; the narration alone would have passed it.
    expect(await hookOnMessage('codex', run.finalText ?? '')).toBe('none');
    expect(await hookOnMessage('codex', PASS)).toBe('pass');
  });
});

describe('3. OpenCode: a last step with no text is no answer', () => {
  it('the real CLI prints one after a passing narration (captured): no path reads the narration', async () => {
    const raw = fixtureText('opencode', 'captured/run-json-empty-final-step.ndjson');
    const { run } = await stdoutPaths(raw);
    expect([run.finish, run.finalText]).toEqual(['complete', '']);
    await expectOneAnswer(raw, 'none');
    // The plugin reviews the message of the step that stopped, which has no text: it pushes back too.
    expect(await pluginOnMessage(run.finalText ?? '')).toBe('none');
  });
});

describe('3. the Codex Stop hook when the final message is empty', () => {
  // Codex 0.169.0 sends `last_assistant_message: null` then (seen with the real CLI); its transcript, the session
  // rollout, shows no ended turn at a stop (`task_complete` comes after the hook): no verdict is read out of it.
  it.each([
    [
      'a rollout-shaped file',
      `${line({ type: 'session_meta', payload: { id: 'x' } })}\n${line({ type: 'response_item', payload: { type: 'message', content: [{ type: 'output_text', text: PASS }] } })}\n`,
    ],
    ['plain text holding a verdict', `${PASS}\n`],
  ])('transcript is %s: no verdict is accepted', async (_name, transcript) => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-codex-null-'));
    try {
      const path = join(dir, 'rollout.jsonl');
      writeFileSync(path, transcript);
      const payload = {
        session_id: 's-1',
        turn_id: 't-1',
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: null,
        transcript_path: path,
      };
      const { decision } = await handleCodexStop(payload, { contracts: [acceptance], blockCounter: noState });
      expect(decision.kind === 'allow' && decision.because).not.toBe('satisfied');
      expect(decision.kind === 'allow' && decision.because).toBe('hook_error');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Stop hook and the OpenCode plugin judge a final message as the readers do', () => {
  it.each([
    [PASS, 'pass'],
    [FAIL, 'fail'],
    [NO_VERDICT, 'none'],
    ['', 'none'],
  ])('%j', async (message, expected) => {
    expect(await hookOnMessage('claude-code', message)).toBe(expected);
    expect(await hookOnMessage('codex', message)).toBe(expected);
    expect(await pluginOnMessage(message)).toBe(expected);
  });
});

describe("4. OpenCode: another session's error after a clean stop", () => {
  it('reads as a failed run on every path', async () => {
    const raw = fixtureText('opencode', 'captured/run-json-error-after-stop.ndjson');
    const lines = raw.trimEnd().split('\n');
    const other = lines[lines.length - 1]!.replaceAll(
      'ses_dcedb0f1affeF0eguqEQxvB0WI',
      'ses_0therSessi0nXXXXXXXXXXXXX',
    );
    const { core, extract, run } = await stdoutPaths([...lines.slice(0, -1), other].join('\n'));
    expect({ core, extract }).toEqual({ core: 'none', extract: 'none' });
    expect(run.finish).toBe('error');
  });
});

describe('5. a self-contradictory envelope is not complete', () => {
  it.each([
    ['terminal_reason max_turns', { terminal_reason: 'max_turns' }],
    ['terminal_reason api_error', { terminal_reason: 'api_error' }],
    ['terminal_reason budget_exhausted', { terminal_reason: 'budget_exhausted' }],
    ['api_error_status 500', { api_error_status: 500 }],
    ['errors listed', { errors: ['Tool execution failed'] }],
  ])('Claude result "success" with %s', async (_name, extra) => {
    const raw = claudeTurn('s-1', 'm1', PASS, { ...claudeSuccess, ...extra }).join('\n');
    const { run } = await stdoutPaths(raw);
    await expectOneAnswer(raw, 'none');
    expect([run.finish, run.error?.code]).toEqual(['error', 'contradictory_result']);
  });

  it.each([
    ['turn.failed followed by turn.completed', [line(codexFailed), line(codexDone)]],
    ['turn.completed followed by turn.failed', [line(codexDone), line(codexFailed)]],
  ])('Codex %s', async (_name, ends) => {
    const raw = [codexThread, ...codexTurn([PASS], codexDone).slice(0, -1), ...ends].join('\n');
    await expectOneAnswer(raw, 'none');
    const { run } = await stdoutPaths(raw);
    expect(run.finish).toBe('error');
  });

  it('Codex: an agent_message after turn.completed, with no new turn, is not the final answer of a completed run', async () => {
    const raw = [
      codexThread,
      ...codexTurn([FAIL], codexDone),
      line({ type: 'item.completed', item: { id: 'item_9', type: 'agent_message', text: PASS } }),
    ].join('\n');
    await expectOneAnswer(raw, 'none');
  });

  it('Codex: an error line after turn.completed, with no new turn, means the run did not end cleanly', async () => {
    const raw = [
      codexThread,
      ...codexTurn([PASS], codexDone),
      line({ type: 'error', message: 'stream disconnected before completion' }),
    ].join('\n');
    await expectOneAnswer(raw, 'none');
    const { run } = await stdoutPaths(raw);
    expect(run.error?.code).toBe('output_after_end');
  });

  it('OpenCode: main-session text after the last step_finish, with no step_start, is not a completed answer', async () => {
    const raw = fixtureText('opencode', 'captured/run-json-text.ndjson');
    const lines = raw.trimEnd().split('\n');
    const text = JSON.parse(lines.find((entry) => entry.includes('"type":"text"'))!);
    text.part.id = 'prt_later';
    text.part.text = PASS;
    await expectOneAnswer([...lines, line(text)].join('\n'), 'none');
  });

  it('the clean versions of the same envelopes still pass', async () => {
    await expectOneAnswer(claudeTurn('s-1', 'm1', PASS, claudeSuccess).join('\n'), 'pass');
    const { terminal_reason: _, ...noReason } = claudeSuccess;
    await expectOneAnswer(claudeTurn('s-1', 'm1', PASS, noReason).join('\n'), 'pass');
    await expectOneAnswer([codexThread, ...codexTurn([PASS], codexDone)].join('\n'), 'pass');
  });
});

describe("every built-in contract's parser with the unwrapper reads what extractContract reads", () => {
  const judged = (contract: AnyContract, result: ContractResult<unknown>) => {
    const judgement = contract.judge(result);
    return judgement.satisfied ? JSON.stringify(contract.toCanonicalJson(judgement.value)) : 'none';
  };
  const cases = builtinContracts
    .list()
    .flatMap((contract) =>
      contract.examples.map(
        (example) => [`${contract.id} (${example.name})`, contract, example.value] as const,
      ),
    );

  it.each(cases)(
    '%s: its example in the last of two Codex turns, and in a failed one',
    async (_name, contract, value) => {
      const answer = `Done.\n${contract.render(value)}`;
      for (const [second, expectAccepted] of [
        [codexTurn([answer], codexDone), true],
        [codexTurn([answer], codexFailed), false],
        [codexTurn([NO_VERDICT], codexDone), false],
      ] as const) {
        const raw = [codexThread, ...codexTurn([answer], codexDone), ...second].join('\n');
        const run = await readAgentRun(raw);
        const extracted = judged(contract, extractContract(run, contract));
        const parsed = judged(contract, contract.extract(raw, { unwrapLine: createEventLineUnwrapper() }));
        expect(parsed).toBe(extracted);
        expect(extracted !== 'none').toBe(expectAccepted);
      }
    },
  );
});
