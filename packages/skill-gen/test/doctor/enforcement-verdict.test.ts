import { describe, expect, it } from 'vitest';
import { enforcementVerdict, type ProofRun } from '../../src/doctor/enforcement-verdict.js';

const script = {
  contractId: 'acme.refund',
  wrong: '{"decision":"deny"}',
  right: '{"decision":"deny","reason":"late"}',
  mutation: 'deny: dropped "reason"',
  correction: 'Your answer does not satisfy the Refund decision contract: "reason" is required',
};

const run = (overrides: Partial<ProofRun>): ProofRun => ({
  exitCode: 0,
  timedOut: false,
  stderr: '',
  lastMessages: ['prompt', `Stop hook feedback:\n${script.correction}`],
  finish: 'complete',
  finalText: script.right,
  ...overrides,
});

const why = () => 'Hook not registered: because.';

describe('enforcementVerdict', () => {
  it('is enforced only when the correction came back and the right answer ended the run', () => {
    expect(enforcementVerdict(run({}), script, why)).toMatchObject({
      kind: 'enforcement',
      status: 'enforced',
    });
  });

  it('reads a correction Codex delivered XML-escaped', () => {
    const escaped = `<hook_prompt>${script.correction.replaceAll('"', '&quot;')}</hook_prompt>`;
    expect(enforcementVerdict(run({ lastMessages: ['p', escaped] }), script, why).status).toBe('enforced');
  });

  it.each([
    [
      'a run that ended on the wrong answer',
      { lastMessages: ['prompt'], finalText: script.wrong },
      /was not pushed back: the run ended after it\. Hook not registered: because\./,
    ],
    [
      'a retry without the correction',
      { lastMessages: ['prompt', 'Stop hook feedback:\nsomething else'] },
      /without the contract's correction/,
    ],
    [
      'a right answer pushed back too',
      { lastMessages: ['prompt', script.correction, script.correction] },
      /right answer was pushed back too/,
    ],
    ['a run that did not complete', { finish: 'incomplete' }, /did not end on the right answer/],
    ['a run that exited 1', { exitCode: 1 }, /did not end on the right answer \(exit 1/],
    ['another final message', { finalText: 'done' }, /did not end on the right answer/],
    ['a timeout', { timedOut: true }, /did not finish in time/],
    [
      'no model request at all',
      { lastMessages: [], stderr: 'boom' },
      /never called the scripted model .*boom/,
    ],
  ] as const)('is not enforced for %s', (_name, overrides, detail) => {
    const check = enforcementVerdict(run(overrides as Partial<ProofRun>), script, why);
    expect(check.status).toBe('not_enforced');
    expect(check.detail).toMatch(detail);
  });
});
