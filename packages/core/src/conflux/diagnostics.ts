import { ProtocolError } from '../errors.js';
import { acceptanceRejectionOf } from './error-codes.js';
import { EXAMPLE_BLOCKER, EXAMPLE_STRUCTURED_FINDING } from './examples.js';
import {
  type BlockerRejection,
  describeBlockerRejection,
  describeFindingRejection,
  type FindingRejection,
} from './rejections.js';
import { renderVerdict } from './render.js';
import { PROTOCOL_DIAGNOSTICS } from './retry-policy.js';
import { BLOCKER_CATEGORIES } from './vocabulary.js';

const FINAL_LINES =
  'End your final message with exactly two lines, each on its own line with no Markdown or code fence around ' +
  'them: the JSON verdict, then the legacy marker.';

const VERDICT_SHAPES = [
  'Verdict shapes:',
  '- PASS: {"acceptance":"pass"}',
  '- FAIL: {"acceptance":"fail","findings":[<structured finding or legacy string>, ...]}',
  '- CONTINUE: {"acceptance":"continue"}',
  '- external blocker: {"acceptance":"gated","blocker":{"category":…,"evidence":[…],"unblock_condition":…,"next_action":…,"resumable":true|false}}',
].join('\n');

const BLOCKER_SHAPE = [
  'A gated verdict needs a "blocker" object with all five fields:',
  `- "category": exactly one of ${BLOCKER_CATEGORIES.join(', ')}`,
  '- "evidence": a non-empty array of concrete observed evidence strings',
  '- "unblock_condition": a non-empty string naming a verifiable condition whose satisfaction clears the wait',
  '- "next_action": a non-empty string naming the action that satisfies the condition',
  '- "resumable": true or false',
  'Optional: "prerequisite_owner" (owning team or role) and "evidence_ids" (stable identifiers).',
  'Choose the category from what you observed. If you cannot supply all five fields from real evidence, emit FAIL or CONTINUE instead.',
].join('\n');

const FINDING_SHAPE = [
  'Each object in "findings" needs every field, and every array must be non-empty:',
  '- "id": a stable identity, reused for the same defect and unique within the verdict',
  '- "severity": "major" or "minor"',
  '- "summary": one line',
  '- "evidence": concrete observed evidence strings',
  '- "required_changes" and "verification": [{"file": a repository-relative path inside the workspace, "description": what must become true or how it is proved}]',
  'A finding may instead be a plain string (legacy), which gets no strict diff coverage.',
].join('\n');

function where(error: ProtocolError): string {
  const fieldPath = error.details.fieldPath;
  const received = error.details.received;
  if (typeof fieldPath !== 'string') return '';
  return `Field: ${fieldPath}${typeof received === 'string' ? ` (received ${received})` : ''}.`;
}

function example(label: string, rendered: string): string {
  return `${FINAL_LINES} ${label}:\n${rendered}`;
}

function missingVerdict(error: ProtocolError): string {
  const tail = Array.isArray(error.details.tail) ? (error.details.tail as unknown[]) : [];
  const last = tail[tail.length - 1];
  return [
    PROTOCOL_DIAGNOSTICS.missing_verdict,
    typeof last === 'string' ? `Your output ended with: ${JSON.stringify(last)}` : 'Your output was empty.',
    'Wait for the final result of every verification you started, then emit exactly one canonical verdict; progress or waiting messages are not a verdict.',
    VERDICT_SHAPES,
    example('For example, when every check passed', renderVerdict({ acceptance: 'pass' })),
  ].join('\n');
}

function bareBlocker(error: ProtocolError, rejection: BlockerRejection | undefined): string {
  return [
    PROTOCOL_DIAGNOSTICS.bare_blocker,
    `What was wrong: ${rejection ? describeBlockerRejection(rejection) : error.message}.`,
    where(error),
    BLOCKER_SHAPE,
    example('For example', renderVerdict({ acceptance: 'gated', blocker: EXAMPLE_BLOCKER })),
  ]
    .filter(Boolean)
    .join('\n');
}

function malformedFinding(error: ProtocolError, rejection: FindingRejection | undefined): string {
  return [
    PROTOCOL_DIAGNOSTICS.malformed_finding,
    `What was wrong: ${rejection ? describeFindingRejection(rejection) : error.message}.`,
    where(error),
    FINDING_SHAPE,
    example('For example', renderVerdict({ acceptance: 'fail', findings: [EXAMPLE_STRUCTURED_FINDING] })),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The corrective instruction for an acceptance protocol error, written for the agent (it becomes the `reason`
 * a Stop hook sends back): what was wrong, which field, the exact shape expected and one valid example.
 */
export function correctiveInstruction(error: ProtocolError): string {
  if (!(error instanceof ProtocolError)) return missingVerdict(new ProtocolError('missing_verdict', ''));
  const rejection = acceptanceRejectionOf(error);
  switch (error.code) {
    case 'bare_blocker':
      return bareBlocker(error, rejection as BlockerRejection | undefined);
    case 'malformed_finding':
      return malformedFinding(error, rejection as FindingRejection | undefined);
    case 'missing_verdict':
      return missingVerdict(error);
    default:
      return [
        `Your acceptance verdict was not accepted: ${error.message}`,
        VERDICT_SHAPES,
        example('For example, when every check passed', renderVerdict({ acceptance: 'pass' })),
      ].join('\n');
  }
}
