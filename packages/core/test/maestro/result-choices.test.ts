import { describe, expect, it } from 'vitest';
import { parseResultBlock, safeParseResultBlock } from '../../src/maestro/index.js';
import { readMaestroReadme } from './_conformance.js';

const block = (...lines: string[]) => ['---RESULT---', ...lines, '---END---'].join('\n');

/** The README's "Rules the cases do not pin", whitespace collapsed so wrapped lines compare. */
const choicesSection = (() => {
  const readme = readMaestroReadme();
  const start = readme.indexOf('## Rules the cases do not pin');
  return readme.slice(start).replace(/\s+/g, ' ');
})();

/** Each parsing choice: a sentence the README states and the behaviour that implements it. */
const CHOICES = [
  {
    readme: '`ARTIFACTS` and `EVIDENCE` on `,` and `，`',
    check: () => {
      const data = parseResultBlock(block('STATUS: DONE', 'ARTIFACTS: a,b，c', 'EVIDENCE: v1，v2'));
      expect([data.ARTIFACTS, data.EVIDENCE]).toEqual([
        ['a', 'b', 'c'],
        ['v1', 'v2'],
      ]);
    },
  },
  {
    readme: '`DECISIONS` and `DEFERRED` on `;` and `；`',
    check: () => {
      const data = parseResultBlock(block('STATUS: DONE', 'DECISIONS: a;b；c', 'DEFERRED: x；y'));
      expect([data.DECISIONS, data.DEFERRED]).toEqual([
        ['a', 'b', 'c'],
        ['x', 'y'],
      ]);
    },
  },
  {
    readme: '`SIGNALS` pairs on `;` and `；`, each pair on its first `=`',
    check: () => {
      const data = parseResultBlock(block('STATUS: DONE', 'SIGNALS: a=1;b=x=y；c= 3 '));
      expect(data.SIGNALS).toEqual({ a: '1', b: 'x=y', c: '3' });
    },
  },
  {
    readme: 'Items are trimmed; empty items dropped.',
    check: () => {
      const data = parseResultBlock(block('STATUS: DONE', 'ARTIFACTS:  a , ,b,', 'DECISIONS: ;; d ;'));
      expect([data.ARTIFACTS, data.DECISIONS]).toEqual([['a', 'b'], ['d']]);
    },
  },
  {
    readme:
      'Empty fields: list fields become `[]`, text fields (`SUMMARY`, `CAVEATS`) `null`, `SIGNALS` `{}`.',
    check: () => {
      const data = parseResultBlock(
        block(
          'STATUS: BLOCKED',
          'SUMMARY:',
          'ARTIFACTS:',
          'EVIDENCE:',
          'DECISIONS:',
          'CAVEATS:',
          'DEFERRED:',
          'SIGNALS:',
        ),
      );
      expect(data).toMatchObject({
        SUMMARY: null,
        ARTIFACTS: [],
        EVIDENCE: [],
        DECISIONS: [],
        CAVEATS: null,
        DEFERRED: [],
        SIGNALS: {},
      });
    },
  },
  {
    readme: 'Field keys and `STATUS` values are matched exactly (upper case)',
    check: () => {
      expect(parseResultBlock(block('STATUS: DONE', 'Summary: ignored')).SUMMARY).toBeNull();
      expect(safeParseResultBlock(block('STATUS: Done')).success).toBe(false);
    },
  },
  {
    readme: 'a value is everything after the first `:`',
    check: () => {
      expect(parseResultBlock(block('STATUS: DONE', 'SUMMARY: Fixed a: b: c')).SUMMARY).toBe('Fixed a: b: c');
    },
  },
  {
    readme: 'When a key repeats inside one block, the last line wins.',
    check: () => {
      expect(parseResultBlock(block('STATUS: BLOCKED', 'STATUS: DONE')).STATUS).toBe('DONE');
    },
  },
  {
    readme: 'Unknown keys are ignored.',
    check: () => {
      expect(parseResultBlock(block('STATUS: DONE', 'CONFIDENCE: high'))).not.toHaveProperty('CONFIDENCE');
    },
  },
  {
    readme:
      'Only the last complete `---RESULT---` … `---END---` block counts; a trailing unterminated block is ignored',
    check: () => {
      const text = `${block('STATUS: BLOCKED')}\n${block('STATUS: DONE')}\n---RESULT---\nSTATUS: NEEDS_RETRY`;
      expect(parseResultBlock(text)).toMatchObject({ fallback: false, STATUS: 'DONE' });
    },
  },
  {
    readme:
      'with no complete block the fallback applies (`DONE_WITH_CONCERNS`, `E013`, low confidence, SUMMARY = the last 200 characters of the output after trimming surrounding whitespace)',
    check: () => {
      const output = `  ${'x'.repeat(50)}${'y'.repeat(200)}\n\n`;
      expect(parseResultBlock(output)).toMatchObject({
        fallback: true,
        STATUS: 'DONE_WITH_CONCERNS',
        error_code: 'E013',
        confidence: 'low',
        SUMMARY: 'y'.repeat(200),
      });
    },
  },
] as const;

describe('conformance README: parsing choices the cases do not pin', () => {
  it.each(CHOICES.map((choice) => [choice.readme, choice] as const))('%s', (_readme, choice) => {
    expect(choicesSection).toContain(choice.readme);
    choice.check();
  });
});
