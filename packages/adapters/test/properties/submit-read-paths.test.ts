// Issue #43: a tool-delivered contract is read from the last submit call the contract accepts, by
// readAgentRun + extractContract and by the Claude Code Stop hook (from the transcript), on every prefix of a
// real run and on generated tool-call histories.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContractToolCall } from '@skillpack/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentRun } from '../../src/agent-run.js';
import { handleClaudeCodeStop } from '../../src/claude-code/stop-hook.js';
import { extractContract } from '../../src/extract-contract.js';
import { checkContracts } from '../../src/hooks/contract-check.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { submitCallsOf } from '../../src/submit-calls.js';
import { refund } from '../_support/acme-refund.js';
import { noState } from '../_support/read-paths.js';

const RAW = readFileSync(
  new URL('../fixtures/claude-code/stream-json-mcp-submit-2.1.328.jsonl', import.meta.url),
);
const dir = mkdtempSync(join(tmpdir(), 'skillpack-submit-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a path accepted: the refund amount or reason, else `none`. */
type Accepted = string;
const acceptedOf = (value: unknown): Accepted => JSON.stringify(value) ?? 'none';

function fromExtract(run: AgentRun): Accepted {
  const result = extractContract(run, refund);
  return result.success ? acceptedOf(result.data) : 'none';
}

/** The Claude Code Stop hook on a stop whose transcript file holds `raw`, its message in the payload. */
async function fromHook(raw: Buffer | string, message: string): Promise<Accepted> {
  const path = join(dir, 'transcript.jsonl');
  writeFileSync(path, raw);
  const payload = {
    session_id: 's-1',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    transcript_path: path,
    last_assistant_message: message,
  };
  const { decision } = await handleClaudeCodeStop(payload, { contracts: [refund], blockCounter: noState });
  if (decision.kind !== 'allow' || decision.because !== 'satisfied') return 'none';
  const run = await readAgentRun(raw, { runtime: 'claude-code' });
  const check = checkContracts(
    [refund],
    message,
    {},
    submitCallsOf('claude-code', [refund.toolName!], run.tools),
  );
  return check.satisfied ? acceptedOf(check.value) : 'none';
}

function lineCuts(bytes: Buffer): number[] {
  const cuts = new Set<number>([0, bytes.length]);
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) cuts.add(i + 1);
  return [...cuts].sort((a, b) => a - b);
}

describe('a tool-delivered contract read from a real Claude Code run', () => {
  it('is the accepted submit, not the failed one before it, nor the final message', async () => {
    const run = await readAgentRun(RAW, { runtime: 'claude-code' });
    expect(run.finish).toBe('complete');
    expect(run.finalText).toBe('Done.');
    expect(run.tools.map((tool) => [tool.name, tool.status])).toEqual([
      ['mcp__skillpack__submit_acme_refund', 'error'],
      ['mcp__skillpack__submit_acme_refund', 'completed'],
    ]);
    expect(fromExtract(run)).toBe('{"refund":true,"amount":3}');
    expect(await fromHook(RAW, 'Done.')).toBe('{"refund":true,"amount":3}');
  });

  it('every line prefix: extractContract and the Stop hook agree, and only the completed run answers', async () => {
    for (const cut of lineCuts(RAW)) {
      const prefix = RAW.subarray(0, cut);
      const run = await readAgentRun(prefix, { runtime: 'claude-code' });
      const extracted = fromExtract(run);
      if (run.finish !== 'complete') {
        expect(extracted, `cut ${cut}`).toBe('none');
        continue;
      }
      expect(await fromHook(prefix, run.finalText ?? ''), `cut ${cut}`).toBe(extracted);
    }
  });
});

const SUBMIT = ['submit_acme_refund', 'mcp__skillpack__submit_acme_refund'] as const;
const callArbitrary = fc.record({
  name: fc.constantFrom(...SUBMIT, 'mcp__other__submit_acme_refund_v2', 'Bash'),
  status: fc.constantFrom('completed', 'error', 'declined', 'pending', 'running'),
  subagent: fc.boolean(),
  input: fc.oneof(
    fc.integer({ min: 1, max: 99 }).map((amount) => ({ answer: { refund: true, amount } })),
    fc.constant({ answer: { refund: false, reason: 'Used.' } }),
    fc.constant({ answer: { refund: true, amount: -1 } }),
    fc.constant({ refund: true, amount: 3 }),
  ),
});

/** The rule, written out: the last completed submit of the agent itself whose answer the contract accepts. */
function expected(calls: readonly ContractToolCall[]): Accepted {
  for (const call of [...calls].reverse()) {
    if (!(SUBMIT as readonly string[]).includes(call.name) || call.status !== 'completed' || call.subagent)
      continue;
    const answer = (call.input as { answer?: { refund: boolean; amount?: number } }).answer;
    if (answer === undefined || (answer.refund && (answer.amount ?? 0) <= 0)) continue;
    return acceptedOf(answer);
  }
  return 'none';
}

describe('generated tool-call histories', () => {
  it('readAgentRun + extractContract and the Stop hook check give the rule answer', async () => {
    const real = await readAgentRun(RAW, { runtime: 'claude-code' });
    fc.assert(
      fc.property(fc.array(callArbitrary, { maxLength: 8 }), (calls) => {
        const tools = calls.map((call, i) => ({ ...real.tools[1]!, ...call, id: `t${i}` }));
        const run = { ...real, tools } as AgentRun;
        const want = expected(calls);
        expect(fromExtract(run)).toBe(want);
        const check = checkContracts(
          [refund],
          'Done.',
          {},
          submitCallsOf('claude-code', [refund.toolName!], tools),
        );
        expect(check.satisfied ? acceptedOf(check.value) : 'none').toBe(want);
      }),
      { numRuns: 300 },
    );
  });
});
