import { ConfigError, describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result, unwrap, type Warning } from '../result.js';
import type { UnwrapLine } from '../text/unwrap.js';
import {
  type BlockMarkers,
  type BlockScan,
  type FieldSyntax,
  FULL_WIDTH_COLON,
  FULL_WIDTH_COMMA,
  FULL_WIDTH_SEMICOLON,
  lastCodePoints,
  readBlockFields,
  type ScannedBlock,
  scanForBlock,
  splitList,
} from './_block-scanner.js';
import { checkRenderableList, checkRenderableText, invalidInputError, previewValue } from './_block-text.js';
import type { MaestroProtocolError } from './error-codes.js';
import { RESULT_FIELDS, RESULT_STATUSES } from './result-fields.js';
import type { MaestroResult, ResultFallback, ResultFields, ResultStatus } from './result-schema.js';

export const RESULT_MARKERS: BlockMarkers = {
  start: '---RESULT---',
  end: '---END---',
  interrupts: ['---VERDICT---'],
};

/** Upstream: SUMMARY is verb-first and at most 100 characters. */
export const RESULT_SUMMARY_LIMIT = 100;
/** Upstream fallback: SUMMARY is the last 200 characters of the trimmed output. */
export const RESULT_FALLBACK_SUMMARY_LENGTH = 200;

export const RESULT_LIST_SEPARATORS = {
  ARTIFACTS: [',', FULL_WIDTH_COMMA],
  EVIDENCE: [',', FULL_WIDTH_COMMA],
  DECISIONS: [';', FULL_WIDTH_SEMICOLON],
  DEFERRED: [';', FULL_WIDTH_SEMICOLON],
} as const;
export const SIGNAL_SEPARATORS = [';', FULL_WIDTH_SEMICOLON] as const;

const RESULT_SYNTAX: FieldSyntax = {
  knownKeys: new Set(RESULT_FIELDS),
  keySeparators: [':', FULL_WIDTH_COLON],
  singleLineKeys: new Set(['STATUS']),
};

/** Keys that would reach an object's prototype when assigned; dropped from SIGNALS. */
const UNSAFE_KEYS = new Set(['__proto__']);

/** Options of the `---RESULT---` block parser: how a runtime event line is unwrapped. */
export interface ParseResultBlockOptions {
  /** Unwraps one runtime event line into the assistant text it carries (raw stream JSON input). */
  readonly unwrapLine?: UnwrapLine;
}

function blockRange(block: ScannedBlock): string {
  return `lines ${block.startLine}-${block.endLine}`;
}

function statusError(
  block: ScannedBlock,
  value: string | undefined,
  line: number | undefined,
): MaestroProtocolError {
  const expected = RESULT_STATUSES.join(', ');
  const details = {
    fieldPath: 'STATUS',
    expected: RESULT_STATUSES,
    block: { startLine: block.startLine, endLine: block.endLine },
  };
  if (value === undefined || value === '') {
    return new ProtocolError(
      'missing_status',
      `The last ${RESULT_MARKERS.start} block (${blockRange(block)}) has no STATUS; expected a line "STATUS: <status>" with one of ${expected}.`,
      { details: { ...details, line } },
    );
  }
  let hint = '';
  if (value === 'NEEDS_CONTEXT') hint = ' NEEDS_CONTEXT is no longer accepted.';
  else if ((RESULT_STATUSES as readonly string[]).includes(value.toUpperCase())) {
    hint = ' Status values are upper case.';
  }
  return new ProtocolError(
    'invalid_status',
    `The last ${RESULT_MARKERS.start} block has STATUS ${describeValue(value)} on line ${line}; expected one of ${expected}.${hint}`,
    { details: { ...details, line, value: previewValue(value) } },
  );
}

function readSignals(value: string | undefined, warnings: Warning[]): Record<string, string> {
  const signals: Record<string, string> = {};
  if (value === undefined) return signals;
  for (const pair of splitList(value, SIGNAL_SEPARATORS)) {
    const equals = pair.indexOf('=');
    const key = equals === -1 ? '' : pair.slice(0, equals).trim();
    if (key === '' || UNSAFE_KEYS.has(key)) {
      warnings.push({
        code: key === '' ? 'invalid_signal' : 'unsafe_signal_key',
        message: `SIGNALS item ${describeValue(pair, 60)} was ignored; expected key=value with a non-empty key.`,
        details: { item: previewValue(pair) },
      });
      continue;
    }
    signals[key] = pair.slice(equals + 1).trim();
  }
  return signals;
}

function textValue(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

function readBlock(block: ScannedBlock, scan: BlockScan): Result<MaestroResult, MaestroProtocolError> {
  const { fields, warnings: fieldWarnings } = readBlockFields(block, RESULT_SYNTAX);
  const warnings = [...fieldWarnings];
  const status = fields.get('STATUS');
  if (status === undefined || !(RESULT_STATUSES as readonly string[]).includes(status.value)) {
    return fail(statusError(block, status?.value, status?.line));
  }
  const list = (key: keyof typeof RESULT_LIST_SEPARATORS) => {
    const field = fields.get(key);
    return field === undefined ? undefined : splitList(field.value, RESULT_LIST_SEPARATORS[key]);
  };
  const data: MaestroResult = {
    fallback: false,
    STATUS: status.value as ResultStatus,
    SUMMARY: textValue(fields.get('SUMMARY')?.value),
    ARTIFACTS: list('ARTIFACTS') ?? [],
    EVIDENCE: list('EVIDENCE') ?? null,
    DECISIONS: list('DECISIONS') ?? [],
    CAVEATS: textValue(fields.get('CAVEATS')?.value),
    DEFERRED: list('DEFERRED') ?? [],
    SIGNALS: readSignals(fields.get('SIGNALS')?.value, warnings),
  };
  if (data.SUMMARY === null && (data.STATUS === 'DONE' || data.STATUS === 'DONE_WITH_CONCERNS')) {
    warnings.push({
      code: 'summary_missing',
      message: `SUMMARY is required for ${data.STATUS} but the block has none.`,
      details: { fieldPath: 'SUMMARY' },
    });
  } else if (data.SUMMARY !== null && Array.from(data.SUMMARY).length > RESULT_SUMMARY_LIMIT) {
    warnings.push({
      code: 'summary_too_long',
      message: `SUMMARY has ${Array.from(data.SUMMARY).length} characters; the limit is ${RESULT_SUMMARY_LIMIT}.`,
      details: { fieldPath: 'SUMMARY' },
    });
  }
  if (scan.unterminatedStartLine !== undefined) {
    warnings.push({
      code: 'unterminated_block_ignored',
      message: `A later ${RESULT_MARKERS.start} on line ${scan.unterminatedStartLine} never ends; the output may be truncated. The last complete block was used.`,
      details: { line: scan.unterminatedStartLine },
    });
  }
  return ok(data, warnings);
}

function fallbackResult(scan: BlockScan): Result<MaestroResult, MaestroProtocolError> {
  const truncated = scan.unterminatedStartLine !== undefined;
  const summary = lastCodePoints(scan.lines.join('\n').trim(), RESULT_FALLBACK_SUMMARY_LENGTH);
  const data: ResultFallback = {
    fallback: true,
    error_code: 'E013',
    confidence: 'low',
    truncated,
    STATUS: 'DONE_WITH_CONCERNS',
    SUMMARY: summary === '' ? null : summary,
    ARTIFACTS: [],
    EVIDENCE: null,
    DECISIONS: [],
    CAVEATS: null,
    DEFERRED: [],
    SIGNALS: {},
  };
  const reason = truncated
    ? `The output ends inside an unterminated ${RESULT_MARKERS.start} block opened on line ${scan.unterminatedStartLine} (truncated output?), and no complete block precedes it.`
    : `No complete ${RESULT_MARKERS.start} … ${RESULT_MARKERS.end} block was found.`;
  return ok(data, [
    {
      code: 'E013',
      message: `${reason} Fallback applied: STATUS DONE_WITH_CONCERNS, low confidence, SUMMARY = the last ${RESULT_FALLBACK_SUMMARY_LENGTH} characters of the output.`,
      details: { fallback: true, truncated, line: scan.unterminatedStartLine },
    },
  ]);
}

/**
 * Parse a maestro `---RESULT---` block from agent output. The last complete block wins; an unknown or
 * missing STATUS in it is a `ProtocolError`. Without a complete block the upstream fallback is returned as
 * a success whose data has `fallback: true` and whose first warning has code `E013`. With an `unwrapLine` that
 * reads whole runs, a run that did not complete fails with `run_not_complete` instead of any of these.
 */
export function safeParseResultBlock(
  text: unknown,
  options: ParseResultBlockOptions = {},
): Result<MaestroResult, MaestroProtocolError> {
  if (typeof text !== 'string') return fail(invalidInputError(text, 'the agent output'));
  const scan = scanForBlock(text, RESULT_MARKERS, options.unwrapLine);
  if (scan.notComplete) return fail(scan.notComplete);
  return scan.block === undefined ? fallbackResult(scan) : readBlock(scan.block, scan);
}

/** The throwing twin of `safeParseResultBlock`. */
export function parseResultBlock(text: string, options?: ParseResultBlockOptions): MaestroResult {
  return unwrap(safeParseResultBlock(text, options));
}

function renderList(field: keyof typeof RESULT_LIST_SEPARATORS, items: readonly string[]): string {
  checkRenderableList(field, items, RESULT_LIST_SEPARATORS[field]);
  return items.join(RESULT_LIST_SEPARATORS[field][0]);
}

function renderSignals(signals: Readonly<Record<string, string>>): string {
  return Object.entries(signals)
    .map(([key, value]) => {
      if (key === '' || key.includes('=') || UNSAFE_KEYS.has(key)) {
        throw new ConfigError('unrenderable_result', `SIGNALS key ${describeValue(key)} cannot be written.`, {
          details: { fieldPath: `SIGNALS.${key}` },
        });
      }
      checkRenderableList('SIGNALS', [key], SIGNAL_SEPARATORS);
      if (value !== '') checkRenderableList(`SIGNALS.${key}`, [value], SIGNAL_SEPARATORS);
      return `${key}=${value}`;
    })
    .join(SIGNAL_SEPARATORS[0]);
}

function line(key: string, value: string): string {
  return value === '' ? `${key}:` : `${key}: ${value}`;
}

/**
 * The exact block an agent writes for `value`. Throws a `ConfigError` when a value cannot survive the
 * round trip (a list item holding its separator, untrimmed text, a continuation line that looks like a key).
 */
export function renderResultBlock(value: ResultFields): string {
  if (!(RESULT_STATUSES as readonly string[]).includes(value.STATUS)) {
    throw new ConfigError(
      'unrenderable_result',
      `STATUS ${describeValue(value.STATUS)} is not a result status.`,
      {
        details: { fieldPath: 'STATUS' },
      },
    );
  }
  const text = (key: string, content: string | null) => {
    if (content === null) return line(key, '');
    checkRenderableText(key, content, RESULT_SYNTAX.keySeparators, RESULT_MARKERS);
    return line(key, content);
  };
  const lines = [
    RESULT_MARKERS.start,
    line('STATUS', value.STATUS),
    text('SUMMARY', value.SUMMARY),
    line('ARTIFACTS', renderList('ARTIFACTS', value.ARTIFACTS)),
    ...(value.EVIDENCE === null ? [] : [line('EVIDENCE', renderList('EVIDENCE', value.EVIDENCE))]),
    line('DECISIONS', renderList('DECISIONS', value.DECISIONS)),
    text('CAVEATS', value.CAVEATS),
    line('DEFERRED', renderList('DEFERRED', value.DEFERRED)),
    line('SIGNALS', renderSignals(value.SIGNALS)),
    RESULT_MARKERS.end,
  ];
  return lines.join('\n');
}
