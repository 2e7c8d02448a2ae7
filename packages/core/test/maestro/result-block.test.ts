import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/index.js';
import {
  nextStateAfterResult,
  parseResultBlock,
  RESULT_FIELDS,
  renderRalphCompleteCommand,
  safeParseRalphCompleteArgv,
  safeParseResultBlock,
  toRalphCompleteArgs,
} from '../../src/maestro/index.js';
import { resultBlockCases } from './_conformance.js';

/** Every key a conformance case may expect; a new key fails the suite instead of being skipped. */
const HANDLED_KEYS = new Set<string>([
  ...RESULT_FIELDS,
  'block_found',
  'next_state',
  'complete_cli',
  'error_code',
  'confidence',
  'STATUS_valid',
  'complete_cli_exit_code',
  'complete_cli_stderr',
]);
const CONFIDENCE_NAMES: Record<string, string> = { 'LOW CONFIDENCE': 'low' };

describe('conformance: result_block_cases.json', () => {
  it('has cases and only expectations this suite checks', () => {
    expect(resultBlockCases.cases.length).toBeGreaterThanOrEqual(7);
    for (const testCase of resultBlockCases.cases) {
      for (const key of Object.keys(testCase.expected))
        expect(HANDLED_KEYS, `${testCase.id}: ${key}`).toContain(key);
    }
  });

  it.each(resultBlockCases.cases.map((testCase) => [testCase.id, testCase] as const))(
    '%s',
    (_id, testCase) => {
      const { expected } = testCase;
      const result = safeParseResultBlock(testCase.input);
      if (expected.STATUS_valid === false) {
        expect(result.success).toBe(false);
        if (result.success) return;
        expect(result.error.code).toBe('invalid_status');
        expect(result.error.details.fieldPath).toBe('STATUS');
        const cli = safeParseRalphCompleteArgv(['0', '--status', String(result.error.details.value)]);
        expect(cli.success).toBe(false);
        if (cli.success) return;
        expect(cli.error.exitCode).toBe(expected.complete_cli_exit_code);
        expect(cli.error.message).toBe(expected.complete_cli_stderr);
        return;
      }
      expect(result.success).toBe(true);
      if (!result.success) return;
      const data = result.data;
      expect(data.fallback).toBe(expected.block_found === false);
      for (const field of RESULT_FIELDS) {
        if (field in expected) expect(data[field], field).toEqual(expected[field]);
      }
      if (expected.next_state !== undefined)
        expect(nextStateAfterResult(data.STATUS)).toBe(expected.next_state);
      if (expected.error_code !== undefined) {
        expect(data.fallback && data.error_code).toBe(expected.error_code);
        expect(result.warnings?.[0]?.code).toBe(expected.error_code);
      }
      if (expected.confidence !== undefined) {
        expect(data.fallback && data.confidence).toBe(CONFIDENCE_NAMES[String(expected.confidence)]);
      }
      if (expected.complete_cli !== undefined) {
        const command = renderRalphCompleteCommand(toRalphCompleteArgs(data, 0), '<active_step_index>');
        expect(command).toBe(expected.complete_cli);
      }
    },
  );
});

describe('safeParseResultBlock', () => {
  const block = (...lines: string[]) => ['---RESULT---', ...lines, '---END---'].join('\n');

  it('uses the last complete block and reads every field', () => {
    const text = [
      block('STATUS: BLOCKED', 'SUMMARY: first'),
      'retrying',
      block(
        'STATUS: DONE',
        'SUMMARY: Wrote the plan',
        'ARTIFACTS: a.json，b.json',
        'SIGNALS: phase=2；x=a=b',
      ),
    ].join('\n');
    expect(parseResultBlock(text)).toEqual({
      fallback: false,
      STATUS: 'DONE',
      SUMMARY: 'Wrote the plan',
      ARTIFACTS: ['a.json', 'b.json'],
      EVIDENCE: null,
      DECISIONS: [],
      CAVEATS: null,
      DEFERRED: [],
      SIGNALS: { phase: '2', x: 'a=b' },
    });
  });

  it('joins continuation lines into text fields and splits them in list fields', () => {
    const data = parseResultBlock(
      block(
        'STATUS: DONE_WITH_CONCERNS',
        'SUMMARY: Fixed login',
        'CAVEATS: line one',
        '  line two',
        'DECISIONS: a',
        'b; c',
      ),
    );
    expect(data.CAVEATS).toBe('line one\nline two');
    expect(data.DECISIONS).toEqual(['a', 'b', 'c']);
  });

  it('reads a block inside a code fence, with CRLF line ends and a full-width colon', () => {
    const text =
      '```\r\n---RESULT---\r\nSTATUS：NEEDS_RETRY\r\nSUMMARY: Retry the build\r\n---END---\r\n```\r\n';
    expect(parseResultBlock(text)).toMatchObject({
      fallback: false,
      STATUS: 'NEEDS_RETRY',
      SUMMARY: 'Retry the build',
    });
  });

  it('reads runtime event lines through unwrapLine', () => {
    const events = [
      JSON.stringify({ type: 'text', text: '---RESULT---\nSTATUS: DONE' }),
      JSON.stringify({ type: 'text', text: 'SUMMARY: Done via events\n---END---' }),
    ].join('\n');
    const unwrapLine = (line: string) => {
      const event = JSON.parse(line) as { text?: string };
      return event.text;
    };
    expect(parseResultBlock(events, { unwrapLine })).toMatchObject({
      STATUS: 'DONE',
      SUMMARY: 'Done via events',
    });
  });

  it.each([
    ['missing STATUS', block('SUMMARY: no status'), 'missing_status'],
    ['empty STATUS', block('STATUS:', 'SUMMARY: x'), 'missing_status'],
    ['lower-case STATUS', block('STATUS: done'), 'invalid_status'],
    ['STATUS with a note', block('STATUS: DONE (mostly)'), 'invalid_status'],
    ['lower-case key only', block('status: DONE'), 'missing_status'],
  ] as const)('fails with a typed error on %s', (_name, text, code) => {
    const result = safeParseResultBlock(text);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe(code);
    expect(result.error.details.fieldPath).toBe('STATUS');
    expect(result.error.message).toContain('DONE, DONE_WITH_CONCERNS, NEEDS_RETRY, BLOCKED');
  });

  it('says that status values are upper case when the case is wrong', () => {
    const result = safeParseResultBlock(block('STATUS: Done'));
    expect(result.success || result.error.message).toContain('upper case');
  });

  it('warns about a missing or long SUMMARY, repeated keys, unknown keys and stray lines', () => {
    const result = safeParseResultBlock(
      block('preamble', 'STATUS: DONE', 'NOTE: ignored', 'STATUS: DONE', `CAVEATS: ${'x'.repeat(10)}`),
    );
    expect(result.success).toBe(true);
    const codes = result.success ? result.warnings?.map((warning) => warning.code) : [];
    expect(codes).toEqual(['duplicate_field', 'unknown_field', 'text_outside_field', 'summary_missing']);
    const long = safeParseResultBlock(block('STATUS: DONE', `SUMMARY: ${'字'.repeat(101)}`));
    expect(long.success && long.warnings?.map((warning) => warning.code)).toEqual(['summary_too_long']);
  });

  it('marks a fallback and says when a trailing unterminated block suggests truncation', () => {
    const result = safeParseResultBlock('working...\n---RESULT---\nSTATUS: DONE\n');
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({ fallback: true, truncated: true, STATUS: 'DONE_WITH_CONCERNS' });
    expect(result.warnings?.[0]).toMatchObject({ code: 'E013', details: { truncated: true, line: 2 } });
    expect(result.warnings?.[0]?.message).toMatch(/unterminated ---RESULT--- block opened on line 2/);
  });

  it('warns when a later block never ends but an earlier complete block is used', () => {
    const result = safeParseResultBlock(`${block('STATUS: DONE', 'SUMMARY: ok')}\n---RESULT---\nSTATUS: BLO`);
    expect(result.success && result.data.fallback).toBe(false);
    expect(result.success && result.warnings?.map((warning) => warning.code)).toEqual([
      'unterminated_block_ignored',
    ]);
  });

  it('takes the last 200 characters of the trimmed output as the fallback summary, by code point', () => {
    const output = `\n  ${'a'.repeat(150)}${'😀'.repeat(100)}  \n`;
    const data = parseResultBlock(output);
    expect(data.fallback && data.SUMMARY).toBe(`${'a'.repeat(100)}${'😀'.repeat(100)}`);
    expect(parseResultBlock('   \n').SUMMARY).toBeNull();
  });

  it('does not let a ---VERDICT--- block stand in for the end of a result block', () => {
    const text = '---RESULT---\nSTATUS: DONE\n---VERDICT---\nSTATUS: PASS\n---END---';
    expect(parseResultBlock(text).fallback).toBe(true);
  });
});
