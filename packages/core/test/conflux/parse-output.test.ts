import { describe, expect, it } from 'vitest';
import { createVerdictDetector, safeParseAcceptanceOutput } from '../../src/conflux/index.js';
import { readJsonVerdictLine } from '../../src/conflux/json-verdict.js';
import { ProtocolError } from '../../src/index.js';
import { fixtureUnwrap } from './_support.js';

const claudeText = (text: string) =>
  JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] } });
const claudeDelta = (text: string) =>
  JSON.stringify({
    type: 'stream_event',
    event: { type: 'content_block_delta', delta: { type: 'text_delta', text } },
  });

const FINDING = {
  id: 'f-1',
  severity: 'MAJOR',
  summary: '  Retry branch untested  ',
  evidence: ['  src/retry.ts:42 has no test ', '', 7],
  required_changes: [{ file: './src//retry.ts', description: ' cover the branch ' }],
  verification: [{ file: 'tests\\retry.test.ts', description: 'assert the retry' }],
};

function failure(output: string | Uint8Array, unwrapLine = fixtureUnwrap) {
  const result = safeParseAcceptanceOutput(output, { unwrapLine });
  expect(result.success).toBe(false);
  if (result.success) throw new Error('expected a failure');
  expect(result.error).toBeInstanceOf(ProtocolError);
  return result.error;
}

describe('safeParseAcceptanceOutput: values', () => {
  it('normalises a structured finding: trimmed text, ASCII-lower-cased severity, normalised paths', () => {
    const result = safeParseAcceptanceOutput(
      JSON.stringify({ acceptance: ' Fail ', findings: [FINDING, '  legacy  '] }),
    );
    expect(result).toEqual({
      success: true,
      data: {
        acceptance: 'fail',
        source: 'json',
        findings: [
          {
            id: 'f-1',
            severity: 'major',
            summary: 'Retry branch untested',
            evidence: ['src/retry.ts:42 has no test'],
            required_changes: [{ file: 'src/retry.ts', description: 'cover the branch' }],
            verification: [{ file: 'tests/retry.test.ts', description: 'assert the retry' }],
          },
          'legacy',
        ],
      },
    });
  });

  it('keeps optional blocker fields only when usable and ignores unknown keys', () => {
    const blocker = {
      category: ' policy ',
      evidence: ['e'],
      unblock_condition: 'u',
      next_action: 'a',
      resumable: false,
      prerequisite_owner: '  ',
      evidence_ids: [' ', 3],
      extra: 'ignored',
    };
    expect(safeParseAcceptanceOutput(JSON.stringify({ acceptance: 'BLOCKED', blocker, note: 'x' }))).toEqual({
      success: true,
      data: {
        acceptance: 'gated',
        source: 'json',
        blocker: {
          category: 'policy',
          evidence: ['e'],
          unblock_condition: 'u',
          next_action: 'a',
          resumable: false,
        },
      },
    });
  });

  it('treats a non-array findings field as no findings, as upstream does', () => {
    expect(safeParseAcceptanceOutput('{"acceptance":"fail","findings":"x"}')).toEqual({
      success: true,
      data: { acceptance: 'fail', findings: [], source: 'json' },
    });
  });

  it('trims legacy FINDINGS items and ends collection at the first other line', () => {
    const output = 'ACCEPTANCE: FAIL\nFINDINGS:\n-   spaced item  \n\n- second\nnot an item\n- ignored\n';
    expect(safeParseAcceptanceOutput(output)).toEqual({
      success: true,
      data: { acceptance: 'fail', findings: ['spaced item', 'second'], source: 'legacy' },
    });
  });

  it('lets the first JSON verdict win over earlier legacy markers and later JSON verdicts', () => {
    const output = 'ACCEPTANCE: FAIL\nFINDINGS:\n- x\n{"acceptance":"continue"}\n{"acceptance":"pass"}\n';
    expect(safeParseAcceptanceOutput(output)).toEqual({
      success: true,
      data: { acceptance: 'continue', source: 'json' },
    });
  });

  it('keeps fence state across agent events', () => {
    const output = [
      claudeText('```'),
      claudeText('{"acceptance":"pass"}'),
      claudeText('```'),
      'ACCEPTANCE: CONTINUE',
    ];
    expect(safeParseAcceptanceOutput(output.join('\n'), { unwrapLine: fixtureUnwrap })).toMatchObject({
      success: true,
      data: { acceptance: 'continue', source: 'legacy' },
    });
  });

  it('never joins streamed text deltas: a verdict split across deltas is not a verdict', () => {
    const output = [claudeDelta('{"acceptance":'), claudeDelta('"pass"}')].join('\n');
    expect(failure(output).code).toBe('missing_verdict');
  });

  it('drops an event line whose unwrapped text is empty, and keeps the raw line when unwrapping throws', () => {
    const emptying = (line: string) => (line.startsWith('{"type"') ? '' : undefined);
    expect(failure('{"type":"x","acceptance":"pass"}', emptying).code).toBe('missing_verdict');
    const throwing = () => {
      throw new Error('boom');
    };
    expect(safeParseAcceptanceOutput('{"acceptance":"pass"}', { unwrapLine: throwing })).toMatchObject({
      success: true,
    });
  });

  it('reads the verdict a stateful unwrapper held back to the end (UnwrapLine.end), also in the detector', () => {
    // An unwrapper that holds each line's text and drops it when a later line says the run failed.
    const holding = () => {
      let held: string | undefined;
      return Object.assign(
        (line: string) => {
          held = line === 'FAILED' ? undefined : line;
          return '';
        },
        { end: () => held },
      );
    };
    expect(safeParseAcceptanceOutput('{"acceptance":"pass"}\n', { unwrapLine: holding() })).toMatchObject({
      success: true,
      data: { acceptance: 'pass' },
    });
    expect(failure('{"acceptance":"pass"}\nFAILED\n', holding()).code).toBe('missing_verdict');
    const detector = createVerdictDetector({ unwrapLine: holding() });
    expect(detector.push('{"acceptance":"pass"}\n')).toBeUndefined();
    expect(detector.end()).toMatchObject({ success: true, data: { acceptance: 'pass' } });
  });

  it('reads CRLF output and a BOM-prefixed first line the way Rust does (the BOM is not whitespace)', () => {
    expect(safeParseAcceptanceOutput('x\r\nACCEPTANCE: PASS\r\n')).toMatchObject({ success: true });
    expect(failure('\ufeff{"acceptance":"pass"}').code).toBe('missing_verdict');
    expect(
      safeParseAcceptanceOutput(
        Uint8Array.of(0xef, 0xbb, 0xbf, 0x0a, ...new TextEncoder().encode('ACCEPTANCE: PASS')),
      ),
    ).toMatchObject({ success: true, data: { acceptance: 'pass' } });
  });
});

describe('safeParseAcceptanceOutput: JSON as serde_json reads it', () => {
  const nested = (depth: number) =>
    `{"acceptance":"pass","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it('accepts nesting up to 127 levels and rejects 128', () => {
    expect(readJsonVerdictLine(nested(127))?.kind).toBe('pass');
    expect(readJsonVerdictLine(nested(128))).toBeUndefined();
    expect(readJsonVerdictLine(`{"acceptance":"pass","s":"${'['.repeat(500)}"}`)?.kind).toBe('pass');
  });

  it.each([
    ['an out-of-range number', '{"acceptance":"pass","n":1e400}'],
    ['a lone surrogate escape', '{"acceptance":"pass","s":"\\ud800"}'],
    ['a lone surrogate escape in a key', '{"acceptance":"pass","\\udc00":1}'],
    ['a trailing comma', '{"acceptance":"pass",}'],
    ['a comment', '{"acceptance":"pass"/* c */}'],
    ['a non-string acceptance', '{"acceptance":true}'],
    ['an inherited name', '{"acceptance":"constructor"}'],
  ])('is not a verdict with %s', (_label, line) => {
    expect(readJsonVerdictLine(line)).toBeUndefined();
  });

  it('accepts an escaped key and a surrogate pair escape', () => {
    expect(readJsonVerdictLine('{"\\u0061cceptance":"pass","s":"\\ud83d\\ude00"}')?.kind).toBe('pass');
  });

  it('reads a raw lone surrogate in string input as U+FFFD, as decoding bytes would', () => {
    expect(safeParseAcceptanceOutput('{"acceptance":"fail","findings":["a\ud800b"]}')).toMatchObject({
      success: true,
      data: { findings: ['a\ufffdb'] },
    });
  });
});

describe('safeParseAcceptanceOutput: errors', () => {
  it('reports a missing verdict with the line count and the tail of the output', () => {
    const error = failure('Started the job.\n\nWaiting for the final result…\n');
    expect(error.code).toBe('missing_verdict');
    expect(error.details).toEqual({ lines: 3, tail: ['Started the job.', 'Waiting for the final result…'] });
    expect(error.message).toContain('expected a JSON line such as {"acceptance":"pass"}');
    expect(error.message).toContain(
      'received 3 line(s) without one, ending with "Waiting for the final result…"',
    );
    expect(failure('').message).toContain('received no output');
  });

  it('clips the tail it keeps', () => {
    const error = failure(`${'x'.repeat(10_000)}\n`);
    expect((error.details.tail as string[])[0]).toHaveLength(201);
  });

  it.each([
    ['{"acceptance":"gated"}', { kind: 'missing' }, 'blocker', 'no blocker'],
    ['{"acceptance":"gated","blocker":[1]}', { kind: 'not_an_object' }, 'blocker', '[1]'],
    [
      '{"acceptance":"gated","blocker":{"category":"flaky_test"}}',
      { kind: 'unsupported_category', category: 'flaky_test' },
      'blocker.category',
      '"flaky_test"',
    ],
    [
      '{"acceptance":"gated","blocker":{"category":"credential","evidence":["e"],"next_action":"a","resumable":true}}',
      { kind: 'missing_unblock_condition' },
      'blocker.unblock_condition',
      'undefined',
    ],
    [
      '{"acceptance":"gated","blocker":{"category":"credential","evidence":["e"],"unblock_condition":"u","next_action":"a","resumable":"yes"}}',
      { kind: 'missing_resumable' },
      'blocker.resumable',
      '"yes"',
    ],
  ])('bare_blocker for %s', (output, rejection, fieldPath, received) => {
    const error = failure(`intro\n${output}\n`);
    expect(error.code).toBe('bare_blocker');
    expect(error.details).toEqual({
      rejection,
      fieldPath,
      received: expect.any(String),
      source: 'json',
      line: 2,
    });
    expect(error.message).toContain(`Expected ${fieldPath} to be`);
    expect(error.message).toContain(`received ${received}`);
  });

  it('reports a legacy GATED marker as a bare blocker from the legacy source', () => {
    expect(failure('a\n## ACCEPTANCE: GATED\n').details).toMatchObject({
      rejection: { kind: 'missing' },
      source: 'legacy',
      line: 2,
    });
  });

  it.each([
    [[42], { kind: 'not_string_or_object' }, 'findings[0]'],
    [['ok', { ...FINDING, id: ' ' }], { kind: 'missing_id' }, 'findings[1].id'],
    [
      [{ ...FINDING, severity: 'blocker' }],
      { kind: 'unsupported_severity', severity: 'blocker' },
      'findings[0].severity',
    ],
    [[{ ...FINDING, severity: 5 }], { kind: 'unsupported_severity', severity: '' }, 'findings[0].severity'],
    [[{ ...FINDING, summary: ' ' }], { kind: 'missing_summary' }, 'findings[0].summary'],
    [[{ ...FINDING, evidence: ['  '] }], { kind: 'empty_evidence' }, 'findings[0].evidence'],
    [
      [{ ...FINDING, required_changes: {} }],
      { kind: 'empty_required_changes' },
      'findings[0].required_changes',
    ],
    [[{ ...FINDING, verification: [] }], { kind: 'empty_verification' }, 'findings[0].verification'],
    [
      [{ ...FINDING, required_changes: ['src/a.ts'] }],
      { kind: 'invalid_path', field: 'required_changes', path: '"src/a.ts"' },
      'findings[0].required_changes[0]',
    ],
    [
      [{ ...FINDING, verification: [{ description: 'd' }] }],
      { kind: 'invalid_path', field: 'verification', path: '' },
      'findings[0].verification[0].file',
    ],
    [
      [{ ...FINDING, verification: [{ file: ' ./t.ts', description: '' }] }],
      { kind: 'missing_description', field: 'verification', path: ' ./t.ts' },
      'findings[0].verification[0].description',
    ],
    [[FINDING, { ...FINDING, summary: 'other' }], { kind: 'duplicate_id', id: 'f-1' }, 'findings[1].id'],
  ])('malformed_finding for %j', (findings, rejection, fieldPath) => {
    const error = failure(JSON.stringify({ acceptance: 'fail', findings }));
    expect(error.code).toBe('malformed_finding');
    expect(error.details).toMatchObject({ rejection, fieldPath, source: 'json', line: 1 });
    expect(error.details.findingIndex).toBe(Number(/findings\[(\d+)\]/.exec(fieldPath)![1]));
    expect(error.message).toContain(`Expected ${fieldPath} to be`);
  });

  it('reports the first defect in finding order, checking a duplicate only once the entry is valid', () => {
    const error = failure(
      JSON.stringify({ acceptance: 'fail', findings: [FINDING, { ...FINDING, summary: '' }] }),
    );
    expect(error.details.rejection).toEqual({ kind: 'missing_summary' });
  });

  it('truncates huge offending values in the message', () => {
    const category = 'c'.repeat(100_000);
    const error = failure(JSON.stringify({ acceptance: 'gated', blocker: { category } }));
    expect(error.message.length).toBeLessThan(1_000);
    expect(error.details.rejection).toEqual({ kind: 'unsupported_category', category });
  });
});
