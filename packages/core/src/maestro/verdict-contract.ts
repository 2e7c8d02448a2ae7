import { defineContract } from '../define-contract.js';
import type { ProtocolError } from '../errors.js';
import { renderableBy } from './_block-text.js';
import { isMaestroAttempt, rejectFallback } from './fallback.js';
import { MAESTRO_PLAIN_READS } from './plain-read.js';
import { renderVerdictBlock, safeParseVerdictBlock, VERDICT_MARKERS } from './verdict-block.js';
import { VERDICT_TITLE } from './verdict-fields.js';
import {
  CONFIDENCE_LEVELS,
  type MaestroVerdict,
  MaestroVerdictSchema,
  VERDICT_STATUSES,
} from './verdict-schema.js';

const EXAMPLES: readonly { name: string; description: string; value: MaestroVerdict }[] = [
  {
    name: 'review-pass',
    description: 'A post-review gate that passes with high confidence.',
    value: {
      fallback: false,
      STATUS: 'PASS',
      REASON: 'review.json has no blocking findings and verification passed',
      GAP_SUMMARY: null,
      CONFIDENCE: 'high',
      CONFIDENCE_SCORE: 92,
      WEAKEST_DIMENSION: 'test coverage',
    },
  },
  {
    name: 'verify-fail',
    description: 'A post-verify gate that fails; GAP_SUMMARY feeds the fix loop.',
    value: {
      fallback: false,
      STATUS: 'FAIL',
      REASON: 'verification.json reports 2 failed must-haves',
      GAP_SUMMARY: 'Token refresh is not wired; logout does not revoke the session',
      CONFIDENCE: 'medium',
      CONFIDENCE_SCORE: 74,
      WEAKEST_DIMENSION: 'completeness',
    },
  },
];

const RULES = [
  `End the final message with one block: a line ${VERDICT_MARKERS.start}, one "KEY: value" line per field, then a line ${VERDICT_MARKERS.end}.`,
  `STATUS is exactly one of ${VERDICT_STATUSES.join(', ')}; any other value makes the gate fall back to fix.`,
  `CONFIDENCE is one of ${CONFIDENCE_LEVELS.join(', ')}; CONFIDENCE_SCORE is an integer from 0 to 100.`,
  'GAP_SUMMARY says what is missing; leave it empty (write "GAP_SUMMARY:") when nothing is.',
];

const FIELD_GUIDE = [
  `STATUS: <${VERDICT_STATUSES.join('|')}>`,
  'REASON: <why>',
  'GAP_SUMMARY: <what is missing or wrong>',
  `CONFIDENCE: <${CONFIDENCE_LEVELS.join('|')}>`,
  'CONFIDENCE_SCORE: <0-100>',
  'WEAKEST_DIMENSION: <the weakest quality dimension>',
];

function correctVerdict(error: ProtocolError): string {
  const example = EXAMPLES[0] as (typeof EXAMPLES)[number];
  return [
    `Your final message does not end with a valid ${VERDICT_MARKERS.start} block: ${error.message}`,
    'End your final message with the block, each field on its own line, exactly in this shape:',
    [VERDICT_MARKERS.start, ...FIELD_GUIDE, VERDICT_MARKERS.end].join('\n'),
    'For example:',
    renderVerdictBlock(example.value),
  ].join('\n\n');
}

/** `maestro.verdict`: the quality-gate `---VERDICT---` block a read-only evaluator delegate writes. */
export const maestroVerdictContract = defineContract({
  id: 'maestro.verdict',
  version: '1.0.0',
  title: VERDICT_TITLE,
  description:
    'The ---VERDICT--- … ---END--- block a quality-gate evaluator writes (maestro-flow v0.5.43 A_DELEGATE_EVALUATE). ' +
    'A verdict that cannot be parsed yields the upstream fallback (fix, parse_failed, score 0), marked fallback: true.',
  delivery: 'text',
  // A `---VERDICT---` text block, like the result block: never a JSON final message.
  jsonFinalMessage: false,
  schema: renderableBy(MaestroVerdictSchema, renderVerdictBlock),
  jsonSchemaSource: MaestroVerdictSchema,
  examples: EXAMPLES,
  rules: RULES,
  extract: (text, options) => safeParseVerdictBlock(text, options),
  render: renderVerdictBlock,
  rejectValue: rejectFallback(VERDICT_TITLE),
  plainRead: {
    module: MAESTRO_PLAIN_READS,
    name: 'satisfiesMaestroVerdict',
    unattempted: 'unattemptedMaestroVerdict',
  },
  isAttempt: isMaestroAttempt,
  correct: correctVerdict,
});
