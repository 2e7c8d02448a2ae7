// Linear time: 10× the input must cost less than 20× the CPU time (see _support/linear.ts).
import { preflightApplyText, safeParseJsonText, safeParseResultEnvelope } from '../../src/devflow/index.js';
import { describeLinearTime } from './_support/linear.js';

const JSON_OPTIONS = { maxBytes: 64 * 1024 * 1024 };

describeLinearTime(
  [
    {
      name: 'safeParseJsonText',
      run: (text) => safeParseJsonText(text, JSON_OPTIONS),
      units: [
        ['open arrays', '['],
        ['array items', '[1,'],
        ['nested members', '{"a":'],
        ['escapes', '"\\u0041'],
        ['lone surrogate escapes', '"\\ud800'],
        ['whitespace', ' \n'],
      ],
    },
    {
      name: 'safeParseJsonText on one large array',
      run: (text) => safeParseJsonText(`[${text}0]`, JSON_OPTIONS),
      units: [
        ['numbers', '1,'],
        ['strings', '"x",'],
        ['objects with one member', '{"a":1},'],
      ],
    },
    {
      name: 'safeParseJsonText on one object with many members',
      run: (text) => {
        const members = Array.from({ length: Math.ceil(text.length / 8) }, (_, i) => `"k${i}":1`);
        return safeParseJsonText(`{${members.join(',')}}`, JSON_OPTIONS);
      },
      units: [['members', 'x']],
    },
    {
      name: 'safeParseResultEnvelope',
      run: (text) => safeParseResultEnvelope(text),
      units: [
        ['open arrays', '['],
        ['text', 'abc'],
      ],
    },
    {
      name: 'preflightApplyText',
      run: (text) => preflightApplyText({}, text),
      units: [
        ['open objects', '{"a":'],
        ['text', 'abc'],
      ],
    },
  ],
  20_000,
);
