import type { ProtocolError } from '../errors.js';
import type { Warning } from '../result.js';
import { agentTextLines, runNotCompleteOf, type UnwrapLine } from '../text/unwrap.js';

/** The marker lines that open and close a block, for example `---RESULT---` and `---END---`. */
export interface BlockMarkers {
  readonly start: string;
  readonly end: string;
  /** Start markers of other blocks; one abandons an open block (blocks share the `---END---` marker). */
  readonly interrupts?: readonly string[];
}

/** A complete block: the lines strictly between its markers, with 1-based line numbers of the markers. */
export interface ScannedBlock {
  readonly startLine: number;
  readonly endLine: number;
  readonly body: readonly string[];
}

export interface BlockScan {
  /** Every line of the agent text, carriage returns removed. */
  readonly lines: readonly string[];
  /** The last complete block, if any. */
  readonly block: ScannedBlock | undefined;
  /** Line of a start marker that opens after the last complete block and never closes (truncated output). */
  readonly unterminatedStartLine: number | undefined;
  /** Set when the unwrapper says the output holds no run that completed: the parsers fail with it. */
  readonly notComplete?: ProtocolError<'run_not_complete'> | undefined;
}

/**
 * Find the last complete block in one linear pass. A marker counts only as a whole trimmed line; a second
 * start marker before an end marker abandons the first, as does another block's start marker; an end
 * marker with no open block is ignored.
 */
export function scanForBlock(text: string, markers: BlockMarkers, unwrapLine?: UnwrapLine): BlockScan {
  const lines: string[] = [];
  let block: ScannedBlock | undefined;
  let openAt: number | undefined;
  for (const line of agentTextLines(text, unwrapLine)) {
    lines.push(line);
    const trimmed = line.trim();
    if (trimmed === markers.start) {
      openAt = lines.length;
    } else if (openAt !== undefined && markers.interrupts?.includes(trimmed)) {
      openAt = undefined;
    } else if (trimmed === markers.end && openAt !== undefined) {
      block = { startLine: openAt, endLine: lines.length, body: lines.slice(openAt, lines.length - 1) };
      openAt = undefined;
    }
  }
  const notComplete = runNotCompleteOf(unwrapLine);
  return { lines, block, unterminatedStartLine: openAt, ...(notComplete ? { notComplete } : {}) };
}

/** One field read from a block: its value (continuation lines joined with `\n`) and the line it started on. */
export interface BlockField {
  readonly value: string;
  readonly line: number;
}

export interface BlockFields {
  readonly fields: ReadonlyMap<string, BlockField>;
  readonly warnings: readonly Warning[];
}

export interface FieldSyntax {
  readonly knownKeys: ReadonlySet<string>;
  /** Characters that may separate a key from its value (`:`, `：`, and for verdicts also `=`). */
  readonly keySeparators: readonly string[];
  /** Keys whose value is one line (STATUS); a line after them is not a continuation. */
  readonly singleLineKeys?: ReadonlySet<string>;
}

function isKeyChar(code: number, first: boolean): boolean {
  const upper = code >= 65 && code <= 90;
  return first ? upper : upper || code === 95 || (code >= 48 && code <= 57);
}

/** `KEY: value` on a trimmed line, where KEY is upper case ASCII (`A-Z`, then `A-Z0-9_`). */
export function splitKeyLine(
  trimmed: string,
  keySeparators: readonly string[],
): { key: string; value: string } | undefined {
  let end = 0;
  while (end < trimmed.length && isKeyChar(trimmed.charCodeAt(end), end === 0)) end++;
  if (end === 0) return undefined;
  let sep = end;
  while (trimmed[sep] === ' ' || trimmed[sep] === '\t') sep++;
  const separator = trimmed[sep];
  if (separator === undefined || !keySeparators.includes(separator)) return undefined;
  return { key: trimmed.slice(0, end), value: trimmed.slice(sep + 1).trim() };
}

/**
 * Read the fields of a block. A key line starts a field; a later non-empty line that is not a key line
 * continues the previous field unless that field is single-line. Unknown keys are ignored (and so are
 * their continuation lines); a repeated key keeps its last value.
 */
export function readBlockFields(block: ScannedBlock, syntax: FieldSyntax): BlockFields {
  const parts = new Map<string, { lines: string[]; line: number }>();
  const warnings: Warning[] = [];
  let current: string[] | undefined;
  const repeats = new Map<string, number>();
  let unknownKeys = 0;
  let strayLines = 0;
  block.body.forEach((raw, offset) => {
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const line = block.startLine + offset + 1;
    const keyLine = splitKeyLine(trimmed, syntax.keySeparators);
    if (keyLine === undefined) {
      if (current) current.push(trimmed);
      else strayLines++;
      return;
    }
    if (!syntax.knownKeys.has(keyLine.key)) {
      unknownKeys++;
      current = undefined;
      return;
    }
    if (parts.has(keyLine.key)) repeats.set(keyLine.key, (repeats.get(keyLine.key) ?? 0) + 1);
    const lines = keyLine.value === '' ? [] : [keyLine.value];
    parts.set(keyLine.key, { lines, line });
    current = syntax.singleLineKeys?.has(keyLine.key) ? undefined : lines;
  });
  for (const [key, count] of repeats) {
    const line = parts.get(key)?.line;
    warnings.push({
      code: 'duplicate_field',
      message: `${key} appears ${count + 1} times in the block; the last one (line ${line}) wins.`,
      details: { field: key, line, count: count + 1 },
    });
  }
  if (unknownKeys > 0) {
    warnings.push({
      code: 'unknown_field',
      message: `${unknownKeys} line(s) with an unknown key were ignored.`,
      details: { count: unknownKeys },
    });
  }
  if (strayLines > 0) {
    warnings.push({
      code: 'text_outside_field',
      message: `${strayLines} line(s) outside a multi-line field were ignored.`,
      details: { count: strayLines },
    });
  }
  const fields = new Map<string, BlockField>();
  for (const [key, part] of parts) fields.set(key, { value: part.lines.join('\n'), line: part.line });
  return { fields, warnings };
}

/** Split a list value on any of `separators` and on newlines; items are trimmed and empty items dropped. */
export function splitList(value: string, separators: readonly string[]): string[] {
  const items: string[] = [];
  let start = 0;
  for (let i = 0; i <= value.length; i++) {
    const char = value[i];
    if (char !== undefined && char !== '\n' && !separators.includes(char)) continue;
    const item = value.slice(start, i).trim();
    if (item !== '') items.push(item);
    start = i + 1;
  }
  return items;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The last `count` code points of `text`, never splitting a surrogate pair; reads only the tail. */
export function lastCodePoints(text: string, count: number): string {
  let start = Math.max(0, text.length - count * 2);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1))) {
    start++;
  }
  const points = Array.from(text.slice(start));
  return points.length > count ? points.slice(points.length - count).join('') : points.join('');
}

export const FULL_WIDTH_COMMA = '\uFF0C';
export const FULL_WIDTH_SEMICOLON = '\uFF1B';
export const FULL_WIDTH_COLON = '\uFF1A';
