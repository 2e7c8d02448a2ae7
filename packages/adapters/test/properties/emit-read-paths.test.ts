// One answer for a contract that reads the run's tool calls without a submit tool (ZaoFu's `zf emit`, which the
// run's shell executes): on generated sessions of every runtime, the Stop hooks that read a transcript and the
// check the OpenCode plugin and the Pi extension make (`decideAnswer`, given the run's calls) allow a stop exactly
// when readAgentRun + extractContract accepts the run. Emits valid and invalid, failed, a subagent's and an
// earlier prompt's; final messages with a payload or without one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archProposalDone as emitted, renderZfEmitCommand } from '@skillpack/core/zaofu';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import { decideAnswer, loadedAnswerContracts } from '../../src/hooks/answer-contracts.js';
import type { StopDecision } from '../../src/hooks/stop-decision.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import type { RuntimeId } from '../../src/runtime-id.js';
import { ADAPTER_RUNTIMES } from '../../src/runtimes.js';
import { contractCallsOf } from '../../src/submit-calls.js';
import { noState } from '../_support/read-paths.js';
import { RUN_WRITERS, type RunPart } from './_support/runs.js';
import { TRANSCRIPT_STOP_HOOKS } from './_support/stop-hooks.js';

const EVENT = 'arch.proposal.done';
const VALID = emitted.examples[0]!.value;
/** A payload the contract refuses: its summary is blank. */
const INVALID = { ...VALID, summary: ' ' };
const payloadOf = (valid: boolean, n: number) =>
  valid ? { ...VALID, summary: `Proposal ${n}: clamp values into the range.` } : INVALID;

/** Runtimes whose output marks a subagent's call, and shows a person's prompt within one run. */
const SUBAGENT_CALLS: readonly RuntimeId[] = ['claude-code', 'copilot-cli', 'qwen-code'];
const PERSON_PROMPTS: readonly RuntimeId[] = ['claude-code', 'copilot-cli'];

type Step =
  | { kind: 'emit'; valid: boolean; failed: boolean; subagent: boolean }
  | { kind: 'shell' }
  | { kind: 'prompt' };
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('emit' as const),
      valid: fc.boolean(),
      failed: fc.constantFrom(false, false, true),
      subagent: fc.constantFrom(false, false, true),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'shell' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'prompt' as const }) },
);
/** How the final message ends the run: no payload, or the emit command written out, valid or not. */
const finalArbitrary = fc.constantFrom('none', 'none', 'valid', 'invalid');
const sessionArbitrary = fc.tuple(fc.array(stepArbitrary, { maxLength: 6 }), finalArbitrary);

function partsOf(runtime: RuntimeId, [steps, final]: [Step[], string]): RunPart[] {
  const parts: RunPart[] = [];
  steps.forEach((step, n) => {
    if (step.kind === 'shell') parts.push({ kind: 'tool', command: 'ls', output: 'a.txt' });
    else if (step.kind === 'prompt') {
      if (PERSON_PROMPTS.includes(runtime)) parts.push({ kind: 'user', text: 'Propose again.' });
    } else
      parts.push({
        kind: 'tool',
        command: renderZfEmitCommand(EVENT, payloadOf(step.valid, n)),
        output: step.failed ? 'zf: the kernel is not reachable' : 'emitted',
        failed: step.failed,
        subagent: step.subagent && SUBAGENT_CALLS.includes(runtime),
      });
  });
  const text =
    final === 'none'
      ? 'Done.'
      : `Proposal ready:\n\n${renderZfEmitCommand(EVENT, payloadOf(final === 'valid', 99))}`;
  return [...parts, { kind: 'text', text }];
}

const dir = mkdtempSync(join(tmpdir(), 'skillpack-emit-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A decision as compared with extractContract: whether it let the stop through as satisfied. */
const satisfied = (decision: StopDecision) => decision.kind === 'allow' && decision.because === 'satisfied';

/** Each runtime's check of a stop, given its raw output and the run read from it: whether it was satisfied. */
const CHECKS: readonly (readonly [RuntimeId, string])[] = [
  ...Object.keys(TRANSCRIPT_STOP_HOOKS).map((runtime) => [runtime as RuntimeId, 'Stop hook'] as const),
  ['opencode', 'plugin check'],
  ['pi', 'extension check'],
];

describe.each(CHECKS)('%s %s', (runtime) => {
  it('allows a stop exactly when readAgentRun + extractContract accepts the run', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(sessionArbitrary, async (session) => {
        const raw = RUN_WRITERS[runtime](partsOf(runtime, session));
        const run = await readAgentRun(raw, { runtime });
        expect(run.finish).toBe('complete');
        const accepted = emitted.judge(extractContract(run, emitted)).satisfied;
        const message = run.finalText ?? '';
        const hook = TRANSCRIPT_STOP_HOOKS[runtime];
        const decision = hook
          ? await hook(join(dir, `${files++}.jsonl`), raw, message, {
              contracts: [emitted],
              blockCounter: noState,
            })
          : await decideAnswer(
              loadedAnswerContracts([emitted]),
              message,
              { blocksSoFar: 0, maxBlocks: 2 },
              { naming: ADAPTER_RUNTIMES[runtime].mcpToolName, calls: async () => contractCallsOf(run, []) },
            );
        outcomes.add(`${accepted} ${session[1]}`);
        expect(satisfied(decision), `${decision.kind} ${'because' in decision ? decision.because : ''}`).toBe(
          accepted,
        );
      }),
      // A run accepted through a call alone and one refused are always among the sessions checked (40 random ones
      // miss the first now and then, where subagent and earlier-prompt steps are generated).
      {
        numRuns: 40,
        examples: [
          [[[{ kind: 'emit', valid: true, failed: false, subagent: false }], 'none']],
          [[[], 'none']],
        ],
      },
    );
    // Runs accepted through a call alone (the message has no payload) and refused were both checked.
    expect(outcomes.has('true none') && outcomes.has('false none'), [...outcomes].join(', ')).toBe(true);
  }, 60_000);
});
