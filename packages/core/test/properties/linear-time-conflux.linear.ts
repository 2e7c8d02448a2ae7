// Linear time: 10× the input must cost less than 20× the CPU time (see _support/linear.ts).
import {
  acceptanceContract,
  createVerdictDetector,
  safeParseAcceptanceOutput,
} from '../../src/conflux/index.js';
import { fixtureUnwrap } from '../conflux/_support.js';
import { describeLinearTime } from './_support/linear.js';

const EVENT = `${JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'ok' }] } })}\n`;

/** Units that stress line splitting, fences, markers and JSON verdict lines when repeated. */
const UNITS = [
  ['prose lines', 'checking the retry branch of src/a.ts, nothing decided yet\n'],
  ['one line without a newline', 'x'],
  ['decoration', '*_#>-'],
  ['brace-wrapped acceptance', '{"acceptance" '],
  ['fence toggles', '```\nx\n'],
  ['near-miss markers', '## **ACCEPTANCE: PASSED**\n'],
  ['legacy findings', 'ACCEPTANCE: FAIL\nFINDINGS:\n- item\n'],
  ['escapes', '"\\u0041\\"'],
  ['event lines', EVENT],
  ['CRLF and surrogates', '\r\n\ud800😀\udc00'],
] as const;

describeLinearTime(
  [
    { name: 'safeParseAcceptanceOutput', run: (text) => safeParseAcceptanceOutput(text), units: UNITS },
    {
      name: 'safeParseAcceptanceOutput with unwrapLine',
      run: (text) => safeParseAcceptanceOutput(text, { unwrapLine: fixtureUnwrap }),
      units: [UNITS[0], UNITS[3], UNITS[4], UNITS[8]],
    },
    {
      name: 'the streaming detector fed 4 KiB chunks',
      run: (text) => {
        const detector = createVerdictDetector();
        for (let start = 0; start < text.length; start += 4096)
          detector.push(text.slice(start, start + 4096));
        return detector.end();
      },
      units: [UNITS[0], UNITS[1], UNITS[4], UNITS[6], UNITS[9]],
    },
    {
      name: 'acceptanceContract.extract',
      run: (text) => acceptanceContract.extract(text),
      units: [UNITS[2], UNITS[5]],
    },
  ],
  20_000,
);
