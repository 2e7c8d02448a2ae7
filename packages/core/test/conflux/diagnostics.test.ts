import { describe, expect, it } from 'vitest';
import {
  correctiveInstruction,
  PROTOCOL_DIAGNOSTICS,
  safeParseAcceptanceOutput,
} from '../../src/conflux/index.js';

function errorOf(output: string) {
  const result = safeParseAcceptanceOutput(output);
  if (result.success) throw new Error('expected a protocol error');
  return result.error;
}

/** The example verdict a correction ends with must itself parse: its last two lines. */
function exampleOf(correction: string) {
  return safeParseAcceptanceOutput(correction.split('\n').slice(-2).join('\n'));
}

const FINDING = {
  id: 'f',
  severity: 'major',
  summary: 's',
  evidence: ['e'],
  required_changes: [{ file: 'a.ts', description: 'd' }],
  verification: [{ file: 't.ts', description: 'd' }],
};

describe('correctiveInstruction', () => {
  it('tells a verdict-less agent what its output ended with, the shapes and a valid example', () => {
    const correction = correctiveInstruction(errorOf('Started the suite.\nWaiting for the job…'));
    expect(correction.startsWith(PROTOCOL_DIAGNOSTICS.missing_verdict)).toBe(true);
    expect(correction).toContain('Your output ended with: "Waiting for the job…"');
    expect(correction).toContain('{"acceptance":"continue"}');
    expect(correction).toContain('"unblock_condition"');
    expect(exampleOf(correction)).toMatchObject({ success: true, data: { acceptance: 'pass' } });
  });

  it.each([
    ['{"acceptance":"gated"}', 'no structured blocker', 'Field: blocker'],
    [
      '{"acceptance":"gated","blocker":"credential"}',
      'not a JSON object',
      'Field: blocker (received "credential")',
    ],
    [
      '{"acceptance":"gated","blocker":{"category":"flaky_test"}}',
      "'flaky_test' is not one of",
      'Field: blocker.category',
    ],
    [
      '{"acceptance":"gated","blocker":{"category":"policy","evidence":["e"],"next_action":"a","resumable":true}}',
      'no unblock_condition',
      'Field: blocker.unblock_condition',
    ],
    ['ACCEPTANCE: BLOCKED', 'no structured blocker', 'Field: blocker'],
  ])('corrects the bare blocker %s', (output, wrong, field) => {
    const correction = correctiveInstruction(errorOf(output));
    expect(correction.startsWith(PROTOCOL_DIAGNOSTICS.bare_blocker)).toBe(true);
    expect(correction).toContain(wrong);
    expect(correction).toContain(field);
    expect(correction).toContain('"unblock_condition": a non-empty string');
    expect(correction).toContain('credential, external_approval, policy');
    expect(exampleOf(correction)).toMatchObject({ success: true, data: { acceptance: 'gated' } });
  });

  it.each([
    [[{ ...FINDING, severity: 'blocker' }], "severity 'blocker'", 'Field: findings[0].severity'],
    [
      [{ ...FINDING, required_changes: [{ file: '/abs', description: 'd' }] }],
      "path '/abs'",
      'findings[0].required_changes[0].file',
    ],
    [[FINDING, FINDING], "id 'f' appears more than once", 'Field: findings[1].id'],
    [[null], 'neither a legacy string nor a structured object', 'Field: findings[0]'],
  ])('corrects the malformed finding %j', (findings, wrong, field) => {
    const correction = correctiveInstruction(errorOf(JSON.stringify({ acceptance: 'fail', findings })));
    expect(correction.startsWith(PROTOCOL_DIAGNOSTICS.malformed_finding)).toBe(true);
    expect(correction).toContain(wrong);
    expect(correction).toContain(field);
    expect(correction).toContain('"severity": "major" or "minor"');
    expect(exampleOf(correction)).toMatchObject({ success: true, data: { acceptance: 'fail' } });
  });

  it('keeps its instruction short even for huge offending values', () => {
    const correction = correctiveInstruction(
      errorOf(JSON.stringify({ acceptance: 'gated', blocker: { category: 'x'.repeat(1_000_000) } })),
    );
    expect(correction.length).toBeLessThan(4_000);
  });
});
