import { createFenceTracker } from './fence.js';
import { isJsonObject, type JsonObject, safeJsonParse } from './json-line.js';
import { agentTextLines, type UnwrapLine } from './unwrap.js';

/**
 * Where a JSON object candidate was found:
 * - `line`: a whole line is one object;
 * - `fence`: the whole body of a fenced block tagged `json`, `jsonc`, `json5` or untagged;
 * - `block`: a pretty-printed object outside a fence, from a line that starts with `{` to the line where it
 *   closes (no blank line inside);
 * - `inline`: an object inside a line of prose, after a label (`Result: {…}`) or in inline code (`` `{…}` ``).
 */
export type JsonCandidateOrigin = 'line' | 'fence' | 'block' | 'inline';

/** A JSON object an agent wrote, and the shape it was written in. */
export interface JsonCandidate {
  readonly value: JsonObject;
  readonly origin: JsonCandidateOrigin;
}

/**
 * Options of the JSON candidate scan: how event lines are unwrapped, and which candidate shapes are found.
 */
export interface JsonCandidateOptions {
  readonly unwrapLine?: UnwrapLine | undefined;
  /** `standalone` (default): `line` and `fence` candidates only; `all` adds `block` and `inline` ones. */
  readonly shapes?: 'standalone' | 'all';
}

const JSON_FENCE_INFO = new Set(['json', 'jsonc', 'json5', '']);
/** A pretty-printed block longer than this is not read (bounds the work per attempt). */
const MAX_BLOCK_LINES = 4000;

/** Brace depth and JSON string state, carried across the lines of a candidate. */
interface ScanState {
  depth: number;
  inString: boolean;
  escaped: boolean;
}

/** Advance `state` over `text` from `from`; the index just after the brace that closed depth 0, or -1. */
function scanToClose(text: string, from: number, state: ScanState): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (state.inString) {
      if (state.escaped) state.escaped = false;
      else if (c === 0x5c) state.escaped = true;
      else if (c === 0x22) state.inString = false;
    } else if (c === 0x22) state.inString = true;
    else if (c === 0x7b) state.depth++;
    else if (c === 0x7d && --state.depth === 0) return i + 1;
  }
  return -1;
}

function parseObject(text: string): JsonObject | undefined {
  const parsed = safeJsonParse(text);
  return parsed && isJsonObject(parsed.value) ? parsed.value : undefined;
}

/** Unclosed braces retried per line before the rest of the line is left unread (keeps a line linear). */
const MAX_UNCLOSED_RETRIES = 8;

/** The balanced objects within one line, in order; one that does not close on the line is skipped. */
function inlineObjects(line: string, push: (value: JsonObject, whole: boolean) => void): boolean {
  let unclosedAtStart = false;
  let retries = 0;
  for (let start = line.indexOf('{'); start !== -1; ) {
    const state: ScanState = { depth: 0, inString: false, escaped: false };
    const end = scanToClose(line, start, state);
    if (end === -1) {
      if (line.slice(0, start).trim() === '') unclosedAtStart = true;
      // An unclosed brace: look for objects after it instead, a bounded number of times.
      if (++retries > MAX_UNCLOSED_RETRIES) break;
      start = line.indexOf('{', start + 1);
      continue;
    }
    const value = parseObject(line.slice(start, end));
    if (value) {
      push(value, line.slice(0, start).trim() === '' && line.slice(end).trim() === '');
      start = line.indexOf('{', end);
    } else start = line.indexOf('{', start + 1);
  }
  return unclosedAtStart;
}

/**
 * Every JSON object candidate in agent text, in order of appearance. Lines inside a fence that is not a JSON
 * fence are never read. Linear in the text: each line is scanned a bounded number of times, and a
 * pretty-printed block that never closes is abandoned at a blank line, a fence or `MAX_BLOCK_LINES`.
 */
export function findJsonCandidates(
  text: string,
  options: UnwrapLine | JsonCandidateOptions = {},
): JsonCandidate[] {
  const { unwrapLine, shapes = 'standalone' } =
    typeof options === 'function' ? { unwrapLine: options } : (options ?? {});
  const all = shapes === 'all';
  const lines = [...agentTextLines(typeof text === 'string' ? text : '', unwrapLine)];
  const candidates: JsonCandidate[] = [];
  const fence = createFenceTracker();
  let block: string[] | undefined;
  // Lines before this index were already read by an abandoned block attempt: no new attempt starts there.
  let attemptedUntil = 0;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const line = raw.trim();
    const state = fence.step(line);
    if (state === 'fence') {
      if (fence.open) {
        block = JSON_FENCE_INFO.has((fence.info ?? '').toLowerCase()) ? [] : undefined;
      } else if (block) {
        const value = parseObject(block.join('\n'));
        if (value) candidates.push({ value, origin: 'fence' });
        block = undefined;
      }
      continue;
    }
    if (state === 'inside') {
      block?.push(raw);
      continue;
    }
    if (!all) {
      const value = line.startsWith('{') && line.endsWith('}') ? parseObject(line) : undefined;
      if (value) candidates.push({ value, origin: 'line' });
      continue;
    }
    const unclosed = inlineObjects(line, (value, whole) =>
      candidates.push({ value, origin: whole ? 'line' : 'inline' }),
    );
    if (unclosed && index >= attemptedUntil) {
      const end = readBlock(lines, index);
      if (end.value) {
        candidates.push({ value: end.value, origin: 'block' });
        index = end.last;
      } else attemptedUntil = end.last + 1;
    }
  }
  return candidates;
}

/** A pretty-printed object starting at `lines[start]`: its value and last line, or where the attempt ended. */
function readBlock(lines: readonly string[], start: number): { value?: JsonObject; last: number } {
  const state: ScanState = { depth: 0, inString: false, escaped: false };
  const first = lines[start]!;
  const open = first.indexOf('{');
  if (scanToClose(first, open, state) !== -1) return { last: start };
  const parts = [first.slice(open)];
  const limit = Math.min(lines.length, start + MAX_BLOCK_LINES);
  for (let index = start + 1; index < limit; index++) {
    const line = lines[index]!;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('```') || trimmed.startsWith('~~~')) return { last: index };
    const end = scanToClose(line, 0, state);
    if (end === -1) {
      parts.push(line);
      continue;
    }
    parts.push(line.slice(0, end));
    const value = parseObject(parts.join('\n'));
    return value && line.slice(end).trim() === '' ? { value, last: index } : { last: index };
  }
  return { last: limit - 1 };
}
