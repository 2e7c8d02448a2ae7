// Linear time: 10× the input must cost less than 20× the CPU time (see _support/linear.ts).
import { builtinContracts } from '../../src/contracts.js';
import { findJsonCandidates, normalizeRepositoryPath } from '../../src/index.js';
import { fixtureUnwrap } from '../conflux/_support.js';
import { describeLinearTime } from './_support/linear.js';

/** Units that stress JSON candidates on their own line and in fences when repeated. */
const UNITS = [
  ['braces', '{'],
  ['object lines', '{"a":1}\n'],
  ['fence toggles', '```\nx\n'],
  ['unclosed json fence', '```json\n{"a":'],
  ['json fences', '```json\n{"a":[1,2]}\n```\n'],
  ['nested arrays', '[[[['],
] as const;

describeLinearTime(
  [
    {
      name: 'findJsonCandidates',
      run: (text) => findJsonCandidates(text, fixtureUnwrap),
      units: UNITS,
      size: 10_000,
    },
    {
      name: 'the default extract (devflow.new-task)',
      run: (text) => builtinContracts.require('devflow.new-task').extract(text),
      units: [UNITS[1], UNITS[2], UNITS[4]],
      // Every JSON line is a candidate validated with zod: about 20 µs each, so keep the input small.
      size: 2_000,
    },
    {
      name: 'normalizeRepositoryPath',
      run: (text) => normalizeRepositoryPath(text),
      units: [
        ['segments', 'src/a/'],
        ['dot segments', './/'],
        ['backslashes', '\\a'],
      ],
    },
  ],
  30_000,
);
