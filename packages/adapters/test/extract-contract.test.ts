import {
  ConfigError,
  type ContractResult,
  createContractRegistry,
  defineContract,
  fail,
  ok,
  ProtocolError,
} from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { extractContract } from '../src/extract-contract.js';
import { readAgentRun } from '../src/read-agent-run.js';
import { RUNTIME_IDS, type RuntimeId } from '../src/runtime-id.js';
import { neverRunTool } from './_support/adversarial.js';
import { fixtureText } from './_support/fixtures.js';
import { copilotCliRun, piRun, qwenCodeRun } from './properties/_support/runs.js';

const jsonl = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n');
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const SUCCESS_FILES = {
  'claude-code': 'captured/stream-json-success-verdict.jsonl',
  codex: 'captured/exec-json-success-verdict.jsonl',
  opencode: 'captured/run-json-success-verdict.ndjson',
  'gemini-cli': 'captured/stream-json-success-verdict.jsonl',
  'copilot-cli': 'captured/json-success-verdict.jsonl',
  'qwen-code': 'captured/stream-json-success-verdict.jsonl',
  pi: 'captured/json-success-verdict.jsonl',
} as const;

/** What ZaoFu's `zf emit` prints when it appended the event (Gemini CLI's stream-json shows a call's output only). */
const ZF_EMITTED = 'Emitted: arch.proposal.done (evt-0123456789ab)';

/** A run in `runtime`'s own format whose agent ran `command` in a shell tool, then wrote `finalText`. */
function runWithShellCommand(runtime: RuntimeId, command: string, finalText: string, failed = false): string {
  if (runtime === 'claude-code') {
    return jsonl(
      { type: 'system', subtype: 'init', session_id: 's' },
      {
        type: 'assistant',
        session_id: 's',
        message: { id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command } }] },
      },
      {
        type: 'user',
        session_id: 's',
        message: {
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: failed ? 'Exit code 2' : ZF_EMITTED,
              is_error: failed,
            },
          ],
        },
      },
      {
        type: 'assistant',
        session_id: 's',
        message: { id: 'm2', content: [{ type: 'text', text: finalText }] },
      },
      { type: 'result', subtype: 'success', is_error: false, session_id: 's', result: finalText },
    );
  }
  if (runtime === 'codex') {
    const shell = `bash -lc ${shellQuote(command)}`;
    return jsonl(
      { type: 'thread.started', thread_id: 't' },
      { type: 'turn.started' },
      {
        type: 'item.completed',
        item: {
          id: 'item_0',
          type: 'command_execution',
          command: shell,
          aggregated_output: '',
          exit_code: failed ? 2 : 0,
          status: failed ? 'failed' : 'completed',
        },
      },
      { type: 'item.completed', item: { id: 'item_1', type: 'agent_message', text: finalText } },
      { type: 'turn.completed', usage: { input_tokens: 1, output_tokens: 1 } },
    );
  }
  if (runtime === 'gemini-cli') {
    const timestamp = '2026-12-01T18:27:17.716Z';
    return jsonl(
      { type: 'init', timestamp, session_id: 's', model: 'm' },
      { type: 'message', timestamp, role: 'user', content: 'go' },
      { type: 'tool_use', timestamp, tool_name: 'run_shell_command', tool_id: 't1', parameters: { command } },
      {
        type: 'tool_result',
        timestamp,
        tool_id: 't1',
        status: failed ? 'error' : 'success',
        output: failed ? 'Exit code: 2' : ZF_EMITTED,
        ...(failed ? { error: { type: 'execution_failed', message: 'Exit code: 2' } } : {}),
      },
      { type: 'message', timestamp, role: 'assistant', content: finalText, delta: true },
      { type: 'result', timestamp, status: 'success', stats: { input_tokens: 1, output_tokens: 1 } },
    );
  }
  if (runtime === 'copilot-cli') {
    return copilotCliRun([
      { kind: 'tool', command, output: failed ? 'Exit code 2' : ZF_EMITTED, failed },
      { kind: 'text', text: finalText },
    ]);
  }
  if (runtime === 'pi') {
    return piRun([
      { kind: 'tool', command, output: failed ? 'Exit code 2' : ZF_EMITTED, failed },
      { kind: 'text', text: finalText },
    ]);
  }
  if (runtime === 'qwen-code') {
    return qwenCodeRun([
      { kind: 'tool', command, output: failed ? 'Exit code 2' : ZF_EMITTED, failed },
      { kind: 'text', text: finalText },
    ]);
  }
  const line = (type: string, part: object) => ({
    type,
    timestamp: 1,
    sessionID: 'ses',
    part: { sessionID: 'ses', messageID: 'msg', ...part },
  });
  const state = failed
    ? { status: 'error', input: { command }, error: 'exit 2', time: { start: 1, end: 2 } }
    : {
        status: 'completed',
        input: { command },
        output: '',
        title: 'zf',
        metadata: {},
        time: { start: 1, end: 2 },
      };
  return jsonl(
    line('step_start', { id: 'p0', type: 'step-start' }),
    line('tool_use', { id: 'p1', type: 'tool', callID: 'c1', tool: 'bash', state }),
    line('text', { id: 'p2', type: 'text', text: finalText }),
    line('step_finish', {
      id: 'p3',
      type: 'step-finish',
      reason: 'stop',
      cost: 0,
      tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } },
    }),
  );
}

describe('extractContract: result-style contracts read the final message', () => {
  it.each(RUNTIME_IDS)('%s: conflux.acceptance from the success run', async (runtime) => {
    const run = await readAgentRun(fixtureText(runtime, SUCCESS_FILES[runtime]));
    const result = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(result.success && result.data).toMatchObject({ acceptance: 'pass' });
    expect(result.success && result.warnings).toBeUndefined();
  });

  const unfinishedCodexRun = () =>
    readAgentRun(
      jsonl(
        { type: 'thread.started', thread_id: 't' },
        {
          type: 'item.completed',
          item: { id: 'i', type: 'agent_message', text: '{"acceptance":"pass"}' },
        },
      ),
    );

  it('a run that did not complete fails with run_not_complete, carrying the candidate', async () => {
    const result = extractContract(await unfinishedCodexRun(), 'conflux.acceptance', {
      registry: builtinContracts,
    });
    expect(!result.success && [result.error.code, result.error.details]).toEqual([
      'run_not_complete',
      {
        runtime: 'codex',
        finish: 'truncated',
        reason: expect.objectContaining({ code: 'no_terminal_event' }),
        candidate: { success: true, data: expect.objectContaining({ acceptance: 'pass' }) },
      },
    ]);
    expect(!result.success && result.error.message).toMatch(/ended as "truncated"/);
  });

  it('acceptIncomplete returns the candidate, with a run_not_complete warning', async () => {
    const result = extractContract(await unfinishedCodexRun(), 'conflux.acceptance', {
      registry: builtinContracts,
      acceptIncomplete: true,
    });
    expect(result.success && result.data).toMatchObject({ acceptance: 'pass' });
    expect(result.success && result.warnings?.map((warning) => warning.code)).toEqual(['run_not_complete']);
  });

  it('a failed run is run_not_complete even when its message holds no verdict', async () => {
    const run = await readAgentRun(fixtureText('claude-code', 'captured/stream-json-http-529.jsonl'));
    const result = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(!result.success && result.error.code).toBe('run_not_complete');
    expect(!result.success && result.error.details.candidate).toMatchObject({
      success: false,
      error: { code: 'missing_verdict' },
    });
  });

  it('missing_final_message as the candidate when the failed run has no assistant text', async () => {
    const run = await readAgentRun(fixtureText('codex', 'exec-json-failed-0.147.0-alpha.6.6.jsonl'));
    const result = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(!result.success && result.error.details.candidate).toMatchObject({
      success: false,
      error: { code: 'missing_final_message' },
    });
  });

  /** A completed Claude run whose final message is `result`, and its `structured_output`. */
  const structuredRun = (result: string, structured: unknown) =>
    readAgentRun(
      jsonl({
        type: 'result',
        subtype: 'success',
        is_error: false,
        session_id: 's',
        result,
        structured_output: structured,
      }),
    );

  it("Claude's structured_output is used when the text has no verdict", async () => {
    const run = await structuredRun('Done.', { acceptance: 'pass' });
    const result = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(result.success && result.data).toMatchObject({ acceptance: 'pass' });
  });

  it("Claude's structured_output is read as the verdict line it decodes: one serde_json refuses is no verdict", async () => {
    // The model's final message, a JSON verdict with a lone surrogate escape, and Claude's decoding of it.
    const line = '{"acceptance":"fail","findings":["\\udc00 broken"]}';
    const run = await structuredRun(line, JSON.parse(line));
    const result = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(result.success || result.error.code).toBe('missing_verdict');
  });

  it('an unknown contract id is a ConfigError', async () => {
    const run = await readAgentRun('');
    expect(() => extractContract(run, 'nope.nothing', { registry: builtinContracts })).toThrow(ConfigError);
  });

  it('an id without a registry is a ConfigError that names where the built-ins live', async () => {
    const run = await readAgentRun('');
    const lookUp = extractContract as unknown as (run: unknown, id: string) => unknown;
    expect(() => lookUp(run, 'conflux.acceptance')).toThrow(
      expect.objectContaining({
        code: 'missing_registry',
        message: expect.stringContaining('@skillpack/core/contracts'),
      }),
    );
  });

  it('the registry is an option: a registry passed where the options go is a ConfigError naming { registry }', async () => {
    const run = await readAgentRun(JSON.stringify({ type: 'result', subtype: 'success', result: 'x' }));
    const positional = extractContract as unknown as (run: unknown, id: string, registry: unknown) => unknown;
    expect(() => positional(run, 'conflux.acceptance', builtinContracts)).toThrow(
      expect.objectContaining({ code: 'missing_registry', message: expect.stringContaining('{ registry }') }),
    );
  });

  it('takes another registry', async () => {
    const echo = defineContract({
      id: 'test.echo',
      version: '1.0.0',
      title: 'Echo',
      description: 'A test contract.',
      delivery: 'text',
      schema: z.object({ echo: z.string() }),
      examples: [{ name: 'hi', value: { echo: 'hi' } }],
    });
    const run = await readAgentRun(
      jsonl({ type: 'result', subtype: 'success', is_error: false, result: '{"echo":"hi"}' }),
    );
    const result = extractContract(run, 'test.echo', { registry: createContractRegistry([echo]) });
    expect(result.success && result.data).toEqual({ echo: 'hi' });
  });
});

describe('extractContract: zaofu contracts read the zf emit calls the tools ran', () => {
  const contract = builtinContracts.require('zaofu.arch-proposal-done');
  const example = contract.examples[0]!.value;
  const expected = contract.validate(example);
  const command = contract.render(example);

  it('the example renders as a zf emit command that validates', () => {
    expect(command).toMatch(/^zf emit arch\.proposal\.done --payload '/);
    expect(expected.success).toBe(true);
  });

  it.each(RUNTIME_IDS)('%s: the payload of an executed zf emit call', async (runtime) => {
    const run = await readAgentRun(runWithShellCommand(runtime, command, 'Proposal published.'));
    expect(run.runtime).toBe(runtime);
    const result = extractContract(run, 'zaofu.arch-proposal-done', { registry: builtinContracts });
    expect(result.success && result.data).toEqual(expected.success && expected.data);
  });

  it.each(RUNTIME_IDS)('%s: a failed zf emit call emitted nothing', async (runtime) => {
    const run = await readAgentRun(runWithShellCommand(runtime, command, 'Proposal published.', true));
    const result = extractContract(run, 'zaofu.arch-proposal-done', { registry: builtinContracts });
    expect(!result.success && result.error.code).toBe('missing_payload');
  });

  // Issue #38 class 2: Gemini CLI, Copilot CLI and Qwen Code list a call from its request, so a call that never
  // ran is still there, pending or running, when the run ends.
  it.each(RUNTIME_IDS)('%s: a zf emit call that never completed emitted nothing', async (runtime) => {
    const ran = Buffer.from(runWithShellCommand(runtime, command, 'Proposal published.'));
    const pending = neverRunTool({ runtime }, ran);
    expect(pending, 'a run whose call completion can be removed').toBeDefined();
    const run = await readAgentRun(pending!.bytes, { runtime });
    expect(run.tools.every((call) => call.status !== 'completed')).toBe(true);
    const result = extractContract(run, 'zaofu.arch-proposal-done', {
      registry: builtinContracts,
      acceptIncomplete: true,
    });
    expect(!result.success && result.error.code).toBe('missing_payload');
  });

  it('an executed call with an invalid payload reports the validation error', async () => {
    const bad = `zf emit arch.proposal.done --payload ${shellQuote(JSON.stringify({ summary: 'x' }))}`;
    const run = await readAgentRun(runWithShellCommand('claude-code', bad, 'Proposal published.'));
    const result = extractContract(run, 'zaofu.arch-proposal-done', { registry: builtinContracts });
    expect(result.success).toBe(false);
    expect(!result.success && result.error.code).not.toBe('missing_payload');
  });

  it('a zf emit written only in the final message is still found (the contract scans text)', async () => {
    const run = await readAgentRun(runWithShellCommand('codex', 'ls', `I would run:\n${command}`));
    const result = extractContract(run, 'zaofu.arch-proposal-done', { registry: builtinContracts });
    expect(result.success && result.data).toEqual(expected.success && expected.data);
  });

  // A session's transcript holds every prompt: a zf emit the tools ran for an earlier prompt answered that prompt.
  it("Claude Code transcript: an earlier prompt's zf emit does not answer the next prompt", async () => {
    const session = fixtureText('claude-code', 'transcript-mcp-submit-two-prompts-2.1.328.jsonl')
      .split('\n')
      .map((line) => {
        if (!line.includes('"tool_use","id":"toolu_scripted_1_0"')) return line;
        const event = JSON.parse(line);
        event.message.content[0] = { ...event.message.content[0], name: 'Bash', input: { command } };
        return JSON.stringify(event);
      })
      .join('\n');
    const first = session.slice(0, session.indexOf('\n', session.indexOf('"text":"Done."')) + 1);
    const answered = extractContract(await readAgentRun(first, { runtime: 'claude-code' }), contract);
    expect(answered.success && answered.data).toEqual(expected.success && expected.data);
    const next = extractContract(await readAgentRun(session, { runtime: 'claude-code' }), contract);
    expect(!next.success && next.error.code).toBe('missing_payload');
  });

  it('calls for other event types do not count', async () => {
    const other = builtinContracts.require('zaofu.gate-failed');
    const run = await readAgentRun(
      runWithShellCommand('opencode', other.render(other.examples[0]!.value), 'Done.'),
    );
    const result = extractContract(run, 'zaofu.arch-proposal-done', { registry: builtinContracts });
    expect(!result.success && result.error.code).toBe('missing_payload');
    expect(extractContract(run, 'zaofu.gate-failed', { registry: builtinContracts }).success).toBe(true);
  });
});

describe('extractContract(run, contract): the typed form reads every channel the contract declares', () => {
  const ReviewSchema = z.strictObject({ verdict: z.enum(['approve', 'reject']) });
  const validateReview = (value: unknown) => {
    const parsed = ReviewSchema.safeParse(value);
    return parsed.success
      ? ok(parsed.data)
      : fail(new ProtocolError('invalid_payload', parsed.error.message));
  };
  const review = defineContract({
    id: 'acme.review',
    version: '1.0.0',
    title: 'Review',
    description: 'A review verdict, written or sent through a `review` tool call.',
    delivery: 'text',
    schema: ReviewSchema,
    examples: [{ name: 'approve', value: { verdict: 'approve' as const } }],
    readToolCalls: (calls) => {
      const call = calls.findLast((candidate) => candidate.name === 'review');
      return call === undefined ? undefined : validateReview(call.input);
    },
  });

  it('gives the same answer as the id form, typed', async () => {
    const run = await readAgentRun(fixtureText('codex', SUCCESS_FILES.codex));
    const contract = builtinContracts.require('conflux.acceptance');
    expect(extractContract(run, contract)).toEqual(
      extractContract(run, 'conflux.acceptance', { registry: builtinContracts }),
    );
    const typed = extractContract(run, review);
    expectTypeOf(typed).toExtend<ContractResult<{ verdict: 'approve' | 'reject' }>>();
    expectTypeOf<ContractResult<{ verdict: 'approve' | 'reject' }>>().toExtend<typeof typed>();
  });

  it("reads Claude's structured_output of a run that did not complete only as a candidate", async () => {
    const run = await readAgentRun(
      jsonl({
        type: 'result',
        subtype: 'error_max_turns',
        is_error: true,
        session_id: 's',
        result: 'Ran out of turns.',
        structured_output: { verdict: 'reject' },
      }),
    );
    const refused = extractContract(run, review);
    expect(refused.success).toBe(false);
    expect(!refused.success && refused.error.code).toBe('run_not_complete');
    expect(!refused.success && refused.error.details.candidate).toEqual({
      success: true,
      data: { verdict: 'reject' },
    });
    const accepted = extractContract(run, review, { acceptIncomplete: true });
    expect(accepted.success && accepted.data).toEqual({ verdict: 'reject' });
    expect(accepted.success && accepted.warnings?.map((warning) => warning.code)).toEqual([
      'run_not_complete',
    ]);
  });

  it('reads the tool calls of a user contract first, and reports an attempted call that failed', async () => {
    const call = (input: unknown) =>
      jsonl(
        { type: 'system', subtype: 'init', session_id: 's' },
        {
          type: 'assistant',
          session_id: 's',
          message: { id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'review', input }] },
        },
        {
          type: 'user',
          session_id: 's',
          message: { content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok', is_error: false }] },
        },
        { type: 'result', subtype: 'success', is_error: false, session_id: 's', result: 'Sent.' },
      );
    const sent = extractContract(await readAgentRun(call({ verdict: 'approve' })), review);
    expect(sent.success && sent.data).toEqual({ verdict: 'approve' });
    const wrong = extractContract(await readAgentRun(call({ verdict: 'maybe' })), review);
    expect(!wrong.success && wrong.error.code).toBe('invalid_payload');
  });
});

describe('extractContract feeds the Conflux protocol logic as documented', () => {
  it('protocolOutcomeOf takes its result without a cast', async () => {
    const { acceptanceContract, protocolOutcomeOf } = await import('@skillpack/core/conflux');
    const run = await readAgentRun(
      [
        '{"type":"thread.started","thread_id":"t-1"}',
        '{"type":"turn.started"}',
        '{"type":"item.completed","item":{"id":"i0","type":"agent_message","text":"{\\"acceptance\\":\\"gated\\"}\\nACCEPTANCE: GATED"}}',
        '{"type":"turn.completed","usage":{"input_tokens":1,"cached_input_tokens":0,"output_tokens":1}}',
      ].join('\n'),
    );
    const result = extractContract(run, acceptanceContract);
    expect(protocolOutcomeOf(result)).toMatchObject({ kind: 'bare_blocker' });
    expect(protocolOutcomeOf(extractContract(await readAgentRun(''), acceptanceContract)).kind).not.toBe(
      'canonical_verdict',
    );
  });
});
