import { toAsciiLowerCase } from '../text/ascii.js';
import { isWellFormedText } from '../text/well-formed.js';
import { trimUnicodeWhitespace } from '../text/whitespace.js';
import { isJsonObject, type JsonObject, ownField } from './_json.js';
import type { AcceptanceKind } from './vocabulary.js';

/** A strict JSON verdict object found on one line, before its findings or blocker are validated. */
export interface JsonVerdict {
  readonly kind: AcceptanceKind;
  /** The raw `findings` entries; `[]` when absent or not an array. */
  readonly findings: readonly unknown[];
  /** The raw `blocker` value; `undefined` when absent. */
  readonly blocker: unknown;
  /** The decoded object, whose other fields the verdict's schema reads. */
  readonly raw: JsonObject;
}

/** serde_json's default recursion budget: 128, so at most 127 nested arrays/objects parse. */
const MAX_NESTING = 127;

const KINDS: ReadonlyMap<string, AcceptanceKind> = new Map([
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['continue', 'continue'],
  ['gated', 'gated'],
  ['blocked', 'gated'],
]);

/** Whether nesting outside strings stays within serde_json's limit; one linear pass, no parse. */
function nestingWithinLimit(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > MAX_NESTING) return false;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return true;
}

/**
 * Values serde_json would also have produced: finite numbers, strings without lone surrogates, at most 127
 * nested arrays and objects (`depth` counts those around `value`). Stops at the first it could not, so a value
 * nested deeper than that (or a cycle) costs no more than the limit.
 */
export function serdeCompatible(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isWellFormedText(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) {
    if (depth >= MAX_NESTING) return false;
    return value.every((item) => serdeCompatible(item, depth + 1));
  }
  if (isJsonObject(value)) {
    if (depth >= MAX_NESTING) return false;
    for (const key of Object.keys(value)) {
      if (!isWellFormedText(key) || !serdeCompatible(value[key], depth + 1)) return false;
    }
  }
  return true;
}

/** The verdict a decoded JSON value states, or `undefined` when it is not a verdict object. */
export function readJsonVerdict(value: unknown): JsonVerdict | undefined {
  if (!isJsonObject(value)) return undefined;
  const rawKind = ownField(value, 'acceptance');
  if (typeof rawKind !== 'string') return undefined;
  const kind = KINDS.get(toAsciiLowerCase(trimUnicodeWhitespace(rawKind)));
  if (kind === undefined) return undefined;
  const findings = ownField(value, 'findings');
  return {
    kind,
    findings: Array.isArray(findings) ? findings : [],
    blocker: ownField(value, 'blocker'),
    raw: value,
  };
}

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parse one line as a strict JSON verdict the way the Conflux runtime does: the trimmed text starts with `{`,
 * ends with `}`, is a JSON object (as serde_json accepts it: nesting ≤ 127, finite numbers, no lone
 * surrogate escapes) whose string `acceptance`, trimmed and ASCII-lower-cased, is `pass`, `fail`,
 * `continue`, `gated` or `blocked` (read as `gated`). Anything else is not a verdict.
 */
export function readJsonVerdictLine(line: string): JsonVerdict | undefined {
  const text = trimUnicodeWhitespace(line);
  if (text.length < 2 || text.charCodeAt(0) !== 0x7b || text.charCodeAt(text.length - 1) !== 0x7d) {
    return undefined;
  }
  // The key `acceptance` can only be spelled literally or with `\u` escapes; skip the parse otherwise.
  if (!text.includes('acceptance') && !text.includes('\\u')) return undefined;
  if (!nestingWithinLimit(text)) return undefined;
  const value = parseObject(text);
  if (value === undefined || !serdeCompatible(value)) return undefined;
  return readJsonVerdict(value);
}
