import { ConfigError, describeValue } from '../errors.js';
import { fail, ok, type Result, unwrap, type Warning } from '../result.js';
import type { UnwrapLine } from '../text/unwrap.js';
import {
  type BlockField,
  type BlockMarkers,
  type FieldSyntax,
  FULL_WIDTH_COLON,
  readBlockFields,
  scanForBlock,
} from './_block-scanner.js';
import { checkRenderableText, invalidInputError, previewValue } from './_block-text.js';
import type { MaestroProtocolError } from './error-codes.js';
import {
  CONFIDENCE_LEVELS,
  VERDICT_FIELDS,
  VERDICT_STATUSES,
  type VerdictFailureCode,
} from './verdict-fields.js';
import type {
  ConfidenceLevel,
  MaestroVerdict,
  VerdictFallback,
  VerdictFields,
  VerdictStatus,
} from './verdict-schema.js';

export const VERDICT_MARKERS: BlockMarkers = {
  start: '---VERDICT---',
  end: '---END---',
  interrupts: ['---RESULT---'],
};

/** Upstream prompts show `STATUS/REASON/…` without a separator, so `KEY=value` is read as well. */
const VERDICT_SYNTAX: FieldSyntax = {
  knownKeys: new Set(VERDICT_FIELDS),
  keySeparators: [':', FULL_WIDTH_COLON, '='],
  singleLineKeys: new Set(['STATUS', 'CONFIDENCE', 'CONFIDENCE_SCORE']),
};

/** Options of the `---VERDICT---` block parser: how a runtime event line is unwrapped. */
export interface ParseVerdictBlockOptions {
  readonly unwrapLine?: UnwrapLine;
}

function fallback(
  code: VerdictFailureCode,
  problem: string,
  truncated: boolean,
  details: Readonly<Record<string, unknown>> = {},
): Result<MaestroVerdict, MaestroProtocolError> {
  return ok(
    { fallback: true, parse_failed: true, verdict: 'fix', confidence_score: 0, error_code: code, truncated },
    [
      {
        code,
        message: `${problem} Fallback applied: gate verdict "fix", parse_failed, confidence_score 0.`,
        details: { ...details, fallback: true, truncated },
      },
    ],
  );
}

/** `85` or `85%`, an integer from 0 to 100; anything else is `undefined`. */
function readScore(raw: string): number | undefined {
  const digits = raw.endsWith('%') ? raw.slice(0, -1).trimEnd() : raw;
  if (digits === '' || digits.length > 3) return undefined;
  for (const char of digits) if (char < '0' || char > '9') return undefined;
  const score = Number(digits);
  return score <= 100 ? score : undefined;
}

function readConfidence(field: BlockField | undefined, warnings: Warning[]): ConfidenceLevel | null {
  if (field === undefined || field.value === '') return null;
  const level = field.value.toLowerCase();
  if ((CONFIDENCE_LEVELS as readonly string[]).includes(level)) return level as ConfidenceLevel;
  warnings.push({
    code: 'invalid_confidence',
    message: `CONFIDENCE ${describeValue(field.value, 60)} on line ${field.line} is not one of ${CONFIDENCE_LEVELS.join(', ')}; it was ignored.`,
    details: { fieldPath: 'CONFIDENCE', line: field.line, value: previewValue(field.value) },
  });
  return null;
}

/**
 * Parse a quality-gate `---VERDICT---` block. The last complete block wins. Upstream turns every parse
 * failure (no block, a STATUS outside PASS|FAIL|PARTIAL|BLOCKED, an unusable CONFIDENCE_SCORE) into the
 * `fix` fallback, so for text input this always succeeds; `data.fallback` tells the two apart and the first
 * warning carries the failure code. The one failure: an `unwrapLine` that reads whole runs says the run did not
 * complete (`run_not_complete`).
 */
export function safeParseVerdictBlock(
  text: unknown,
  options: ParseVerdictBlockOptions = {},
): Result<MaestroVerdict, MaestroProtocolError> {
  if (typeof text !== 'string') return fail(invalidInputError(text, 'the agent output'));
  const scan = scanForBlock(text, VERDICT_MARKERS, options.unwrapLine);
  if (scan.notComplete) return fail(scan.notComplete);
  const truncated = scan.unterminatedStartLine !== undefined;
  const block = scan.block;
  if (block === undefined) {
    const problem = truncated
      ? `The output ends inside an unterminated ${VERDICT_MARKERS.start} block opened on line ${scan.unterminatedStartLine} (truncated output?).`
      : `No complete ${VERDICT_MARKERS.start} … ${VERDICT_MARKERS.end} block was found.`;
    return fallback('missing_block', problem, truncated, { line: scan.unterminatedStartLine });
  }
  const range = { startLine: block.startLine, endLine: block.endLine };
  const { fields, warnings: fieldWarnings } = readBlockFields(block, VERDICT_SYNTAX);
  const warnings = [...fieldWarnings];
  const status = fields.get('STATUS');
  if (status === undefined || status.value === '') {
    return fallback('missing_status', `The last ${VERDICT_MARKERS.start} block has no STATUS.`, truncated, {
      fieldPath: 'STATUS',
      block: range,
    });
  }
  if (!(VERDICT_STATUSES as readonly string[]).includes(status.value)) {
    return fallback(
      'invalid_status',
      `STATUS ${describeValue(status.value, 60)} on line ${status.line} is not one of ${VERDICT_STATUSES.join(', ')}.`,
      truncated,
      { fieldPath: 'STATUS', line: status.line, value: previewValue(status.value), block: range },
    );
  }
  const scoreField = fields.get('CONFIDENCE_SCORE');
  let score: number | null = null;
  if (scoreField !== undefined && scoreField.value !== '') {
    const parsed = readScore(scoreField.value);
    if (parsed === undefined) {
      return fallback(
        'invalid_confidence_score',
        `CONFIDENCE_SCORE ${describeValue(scoreField.value, 60)} on line ${scoreField.line} is not an integer from 0 to 100.`,
        truncated,
        { fieldPath: 'CONFIDENCE_SCORE', line: scoreField.line, value: previewValue(scoreField.value) },
      );
    }
    score = parsed;
  }
  const textField = (key: 'REASON' | 'GAP_SUMMARY' | 'WEAKEST_DIMENSION') => {
    const value = fields.get(key)?.value;
    return value === undefined || value === '' ? null : value;
  };
  const data: MaestroVerdict = {
    fallback: false,
    STATUS: status.value as VerdictStatus,
    REASON: textField('REASON'),
    GAP_SUMMARY: textField('GAP_SUMMARY'),
    CONFIDENCE: readConfidence(fields.get('CONFIDENCE'), warnings),
    CONFIDENCE_SCORE: score,
    WEAKEST_DIMENSION: textField('WEAKEST_DIMENSION'),
  };
  const missing = VERDICT_FIELDS.filter((key) => key !== 'STATUS' && data[key] === null);
  if (missing.length > 0) {
    warnings.push({
      code: 'missing_field',
      message: `The verdict leaves ${missing.join(', ')} empty.`,
      details: { fields: missing },
    });
  }
  return ok(data, warnings);
}

/** The throwing twin of `safeParseVerdictBlock` (it throws only on non-text input). */
export function parseVerdictBlock(text: string, options?: ParseVerdictBlockOptions): MaestroVerdict {
  return unwrap(safeParseVerdictBlock(text, options));
}

function isVerdictFallback(value: VerdictFields | VerdictFallback): value is VerdictFallback {
  return 'fallback' in value && value.fallback === true;
}

/**
 * The exact block an evaluator writes for `value`. Throws a `ConfigError` for values that cannot round-trip
 * and for a fallback, which stands for the absence of a valid block and has no text of its own.
 */
export function renderVerdictBlock(value: VerdictFields | VerdictFallback): string {
  if (isVerdictFallback(value)) {
    throw new ConfigError('unrenderable_verdict', 'A fallback verdict has no block to render.', {
      details: { fieldPath: 'fallback' },
    });
  }
  const line = (key: string, content: string) => (content === '' ? `${key}:` : `${key}: ${content}`);
  const text = (key: string, content: string | null) => {
    if (content === null) return line(key, '');
    checkRenderableText(key, content, VERDICT_SYNTAX.keySeparators, VERDICT_MARKERS, 'unrenderable_verdict');
    return line(key, content);
  };
  const score = value.CONFIDENCE_SCORE;
  if (!(VERDICT_STATUSES as readonly string[]).includes(value.STATUS)) {
    throw new ConfigError(
      'unrenderable_verdict',
      `STATUS ${describeValue(value.STATUS)} is not a verdict status.`,
      {
        details: { fieldPath: 'STATUS' },
      },
    );
  }
  if (score !== null && !(Number.isInteger(score) && score >= 0 && score <= 100)) {
    throw new ConfigError('unrenderable_verdict', `CONFIDENCE_SCORE ${describeValue(score)} is not 0-100.`, {
      details: { fieldPath: 'CONFIDENCE_SCORE' },
    });
  }
  return [
    VERDICT_MARKERS.start,
    line('STATUS', value.STATUS),
    text('REASON', value.REASON),
    text('GAP_SUMMARY', value.GAP_SUMMARY),
    line('CONFIDENCE', value.CONFIDENCE ?? ''),
    line('CONFIDENCE_SCORE', score === null ? '' : String(score)),
    text('WEAKEST_DIMENSION', value.WEAKEST_DIMENSION),
    VERDICT_MARKERS.end,
  ].join('\n');
}
