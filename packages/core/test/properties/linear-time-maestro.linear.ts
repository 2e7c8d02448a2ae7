// Linear time: 10× the input must cost less than 20× the CPU time (see _support/linear.ts).
import {
  safeParseInvocationLine,
  safeParseResultBlock,
  safeParseVerdictBlock,
} from '../../src/maestro/index.js';
import { fixtureUnwrap } from '../conflux/_support.js';
import { describeLinearTime } from './_support/linear.js';

/** Units that stress block scanning, field reading and list splitting when repeated. */
const UNITS = [
  ['prose lines', 'the plan has 8 tasks in 2 waves\n'],
  ['start markers', '---RESULT---\n'],
  ['open blocks with fields', '---RESULT---\nSTATUS: DONE\n'],
  ['complete blocks', '---VERDICT---\nSTATUS: PASS\nREASON: a\n---END---\n'],
  ['key lines', 'SIGNALS: a=b；c=d;e=f\n'],
  ['continuation lines', 'more text for the field\n'],
  ['list separators', ',，;；'],
  ['one line without a newline', 'x'],
] as const;

const OPEN_BLOCK = '---RESULT---\nSTATUS: DONE\nSUMMARY: start\n';
const OPEN_VERDICT = '---VERDICT---\nSTATUS: PASS\nREASON: start\n';

describeLinearTime(
  [
    { name: 'safeParseResultBlock', run: (text) => safeParseResultBlock(text), units: UNITS },
    {
      name: 'safeParseResultBlock inside one long block',
      run: (text) => safeParseResultBlock(`${OPEN_BLOCK}${text}\n---END---\n`),
      units: [UNITS[4], UNITS[5], UNITS[6]],
    },
    {
      name: 'safeParseVerdictBlock',
      run: (text) => safeParseVerdictBlock(text, { unwrapLine: fixtureUnwrap }),
      units: [UNITS[0], UNITS[3], UNITS[7]],
    },
    {
      name: 'safeParseVerdictBlock inside one long block',
      run: (text) => safeParseVerdictBlock(`${OPEN_VERDICT}${text}\n---END---\n`),
      units: [UNITS[5], ['key=value lines', 'REASON=x\n']],
    },
    {
      name: 'safeParseInvocationLine',
      run: (text) => safeParseInvocationLine(text),
      units: [
        ['blank lines', '\n \n'],
        ['quoted words', '"a b" '],
      ],
    },
  ],
  20_000,
);
