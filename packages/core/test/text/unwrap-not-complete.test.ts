import { describe, expect, it } from 'vitest';
import { safeParseAcceptanceOutput } from '../../src/conflux/index.js';
import { builtinContracts } from '../../src/contracts.js';
import { safeParseResultBlock, safeParseVerdictBlock } from '../../src/maestro/index.js';
import { runNotCompleteOf, type UnwrapLine } from '../../src/text/unwrap.js';

/** A whole-run unwrapper over plain lines: every line is agent text, and the run completed or not. */
function wholeRun(reason: (() => unknown) | undefined): UnwrapLine {
  const notComplete = reason as UnwrapLine['notComplete'];
  return Object.assign((line: string) => line, { end: () => undefined, notComplete });
}

const ANSWER = [
  'All checks pass.',
  '{"acceptance":"pass"}',
  '---RESULT---',
  'STATUS: DONE',
  'SUMMARY: done',
  'ARTIFACTS:',
  '---END---',
  '---VERDICT---',
  'STATUS: PASS',
  '---END---',
  '{"type":"arch.proposal.done","payload":{}}',
].join('\n');

const PARSERS = {
  'conflux safeParseAcceptanceOutput': (unwrapLine: UnwrapLine) =>
    safeParseAcceptanceOutput(ANSWER, { unwrapLine }),
  'maestro safeParseResultBlock': (unwrapLine: UnwrapLine) => safeParseResultBlock(ANSWER, { unwrapLine }),
  'maestro safeParseVerdictBlock': (unwrapLine: UnwrapLine) => safeParseVerdictBlock(ANSWER, { unwrapLine }),
  'zaofu extract': (unwrapLine: UnwrapLine) =>
    builtinContracts.require('zaofu.arch-proposal-done').extract(ANSWER, { unwrapLine }),
  'default JSON extract (devflow)': (unwrapLine: UnwrapLine) =>
    builtinContracts.require(builtinContracts.ids.find((id) => id.startsWith('devflow.'))!).extract(ANSWER, {
      unwrapLine,
    }),
} as const;

describe('an unwrapper that says the run did not complete', () => {
  it.each(Object.entries(PARSERS))(
    '%s fails with run_not_complete, its message and details',
    (_name, parse) => {
      const result = parse(wholeRun(() => ({ message: 'cut short', details: { finish: 'truncated' } })));
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.error.code).toBe('run_not_complete');
      expect(result.error.message).toBe('cut short');
      expect(result.error.details).toEqual({ finish: 'truncated' });
    },
  );

  it.each(Object.entries(PARSERS))('%s reads on when the run completed', (_name, parse) => {
    const result = parse(wholeRun(() => undefined));
    expect(!result.success && result.error.code).not.toBe('run_not_complete');
  });

  it('an unwrapper that throws when asked cannot vouch for its run; junk reasons read as none', () => {
    expect(
      runNotCompleteOf(
        wholeRun(() => {
          throw new Error('boom');
        }),
      )?.code,
    ).toBe('run_not_complete');
    for (const junk of [undefined, null, 42, 'text'])
      expect(runNotCompleteOf(wholeRun(() => junk))).toBeUndefined();
    expect(runNotCompleteOf(wholeRun(() => ({})))?.message).toMatch(/Expected a run that completed/);
    expect(runNotCompleteOf(undefined)).toBeUndefined();
  });
});
