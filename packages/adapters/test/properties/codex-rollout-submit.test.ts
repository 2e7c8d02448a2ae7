// Issue #43: the Codex Stop hook reads a tool-delivered contract from the session rollout (its transcript) as
// readAgentRun + extractContract read the run: on every line prefix of the captured rollouts and of generated
// sessions (several prompts, failed and refused submits, hook push-backs), what the hook lets through at a stop is
// what the run answers once that turn completes, and both are the rule written out here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { handleCodexStop } from '../../src/codex/stop-hook.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { noState } from '../_support/read-paths.js';
import { codexStopPayload, firstLines, refund, rollout } from '../codex/_rollout.js';

const dir = mkdtempSync(join(tmpdir(), 'skillpack-codex-rollout-prop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Answer = string;
const answerOf = (value: unknown): Answer => JSON.stringify(value);

async function extracted(raw: Buffer): Promise<{ finish: string; answer: Answer }> {
  const run = await readAgentRun(raw, { runtime: 'codex' });
  const result = extractContract(run, refund);
  return { finish: run.finish, answer: result.success ? answerOf(result.data) : 'none' };
}

let files = 0;
/** Whether the Codex Stop hook lets a stop through as satisfied, the rollout holding `raw`. */
async function hookSatisfied(raw: Buffer, message: string): Promise<boolean> {
  const path = join(dir, `${files++}.jsonl`);
  writeFileSync(path, raw);
  const payload = codexStopPayload(path, message);
  const { decision } = await handleCodexStop(payload, { contracts: [refund], blockCounter: noState });
  return decision.kind === 'allow' && decision.because === 'satisfied';
}

const TASK_COMPLETE = Buffer.from(
  `${JSON.stringify({ type: 'event_msg', payload: { type: 'task_complete', last_agent_message: 'Done.' } })}\n`,
);

const lineCount = (raw: Buffer) => raw.toString('utf8').split('\n').length - 1;
const endsTurn = (raw: Buffer) =>
  raw.toString('utf8').trimEnd().split('\n').at(-1)?.includes('"task_complete"');

/**
 * Every line prefix of `raw`: the hook at a stop there agrees with the completed turn's reading (the prefix as
 * it is when it ends a turn, else with the turn's end appended), and a prefix that did not complete answers none.
 */
async function expectAgreement(raw: Buffer, message: string, expected?: (prefix: Buffer) => Answer) {
  const prefixes = Array.from({ length: lineCount(raw) + 1 }, (_, count) => firstLines(raw, count));
  await Promise.all(
    prefixes.map(async (prefix, count) => {
      const now = await extracted(prefix);
      const ended = endsTurn(prefix) ? now : await extracted(Buffer.concat([prefix, TASK_COMPLETE]));
      // Once the session is open, a turn's end is a Codex run's end: it completed or failed.
      if (count > 0) expect(['complete', 'error'], `${count} lines`).toContain(ended.finish);
      if (now.finish !== 'complete') expect(now.answer, `${count} lines`).toBe('none');
      if (expected)
        expect(ended.answer, `${count} lines`).toBe(ended.finish === 'complete' ? expected(prefix) : 'none');
      // A stop never follows a turn that ended in an error: the hook reads only a turn that did not end so.
      if (now.finish === 'error') return;
      expect(await hookSatisfied(prefix, message), `${count} lines`).toBe(ended.answer !== 'none');
    }),
  );
}

describe('the captured Codex 0.169.0 rollouts, every line prefix', () => {
  it.each(['hook-block', 'submit-failed', 'resumed', 'default-model'])('%s', async (stem) => {
    await expectAgreement(rollout(stem), 'Done.');
  });
});

// Generated sessions, shaped like the captured lines.
const line = (payload: Record<string, unknown>, type = 'event_msg') => JSON.stringify({ type, payload });
const item = (value: Record<string, unknown>) => line({ type: 'item_completed', item: value });

type Step =
  | { kind: 'call'; tool: string; status: string; input: unknown }
  | { kind: 'message'; text: string }
  | { kind: 'hook' };
interface Prompt {
  readonly steps: readonly Step[];
  readonly end: 'complete' | 'error' | 'none';
}

const TOOLS = ['submit_acme_refund', 'submit_acme_refund_v2', 'lookup_order'] as const;
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    tool: fc.constantFrom(...TOOLS),
    status: fc.constantFrom('completed', 'failed', 'declined'),
    input: fc.oneof(
      fc.integer({ min: 1, max: 99 }).map((amount) => ({ answer: { refund: true, amount } })),
      fc.constant({ answer: { refund: false, reason: 'Used.' } }),
      fc.constant({ answer: { refund: true, amount: -1 } }),
      fc.constant({ refund: true, amount: 3 }),
    ),
  }),
  fc.record({
    kind: fc.constant('message' as const),
    text: fc.constantFrom('Done.', 'Checking.', '{"refund":true,"amount":3}'),
  }),
  fc.constant({ kind: 'hook' as const }),
);
const promptArbitrary = fc.record({
  steps: fc.array(stepArbitrary, { maxLength: 5 }),
  end: fc.constantFrom('complete', 'error', 'none'),
});

function rolloutOf(prompts: readonly Prompt[]): Buffer {
  const lines = [line({ id: 's-1', cli_version: '0.169.0' }, 'session_meta')];
  let id = 0;
  prompts.forEach((prompt, p) => {
    lines.push(line({ type: 'task_started', turn_id: `t-${p}` }));
    lines.push(line({ type: 'message', role: 'user', content: [] }, 'response_item'));
    lines.push(item({ type: 'UserMessage', id: `u-${p}`, content: [{ type: 'text', text: 'Refund?' }] }));
    for (const step of prompt.steps) {
      const at = `i-${id++}`;
      if (step.kind === 'call') {
        const text = step.status === 'completed' ? 'Accepted.' : 'Wrong value.';
        lines.push(line({ type: 'function_call', call_id: at, name: step.tool }, 'response_item'));
        lines.push(
          item({
            type: 'McpToolCall',
            id: at,
            server: 'acme-refund',
            tool: step.tool,
            arguments: step.input,
            status: step.status,
            result: { content: [{ type: 'text', text }], isError: step.status !== 'completed' },
          }),
        );
        lines.push(line({ type: 'function_call_output', call_id: at }, 'response_item'));
      } else if (step.kind === 'message')
        lines.push(item({ type: 'AgentMessage', id: at, content: [{ type: 'Text', text: step.text }] }));
      else lines.push(item({ type: 'HookPrompt', id: at, fragments: [{ text: 'Call the tool.' }] }));
      lines.push(line({ type: 'token_count', info: null }));
    }
    if (prompt.end === 'complete') lines.push(line({ type: 'task_complete', last_agent_message: null }));
    if (prompt.end === 'error')
      lines.push(line({ type: 'task_complete', last_agent_message: null, error: { message: 'HTTP 500' } }));
  });
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The rule: the last completed call of the submit tool after the last person's message whose answer is valid. */
function rule(prefix: Buffer): Answer {
  const events = prefix
    .toString('utf8')
    .split('\n')
    .filter((text) => text !== '')
    .map((text) => JSON.parse(text).payload?.item ?? {});
  const since = events.findLastIndex((event) => event.type === 'UserMessage');
  for (const event of events.slice(since + 1).reverse()) {
    if (event.type !== 'McpToolCall' || event.tool !== 'submit_acme_refund' || event.status !== 'completed')
      continue;
    const answer = event.arguments?.answer;
    if (answer?.refund === true && answer.amount > 0) return answerOf(answer);
    if (answer?.refund === false && answer.reason) return answerOf(answer);
  }
  return 'none';
}

describe('generated Codex sessions', () => {
  it('every line prefix: the hook, readAgentRun + extractContract and the rule agree', async () => {
    mkdirSync(dir, { recursive: true });
    await fc.assert(
      fc.asyncProperty(
        fc.array(promptArbitrary, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('Done.', '{"refund":true,"amount":3}'),
        async (prompts, message) => {
          await expectAgreement(rolloutOf(prompts), message, rule);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
