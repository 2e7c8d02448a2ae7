import { stripMarkdownDecorations } from '../text/markdown.js';
import { isUnicodeWhitespace } from '../text/whitespace.js';
import type { AcceptanceKind } from './vocabulary.js';

/** The legacy standalone markers and the kind each means (`BLOCKED` is the older spelling of `GATED`). */
export const LEGACY_MARKERS = [
  ['ACCEPTANCE: PASS', 'pass'],
  ['ACCEPTANCE: FAIL', 'fail'],
  ['ACCEPTANCE: CONTINUE', 'continue'],
  ['ACCEPTANCE: GATED', 'gated'],
  ['ACCEPTANCE: BLOCKED', 'gated'],
] as const satisfies readonly (readonly [string, AcceptanceKind])[];

const MARKER_KINDS: ReadonlyMap<string, AcceptanceKind> = new Map(LEGACY_MARKERS);
const SHORTEST_MARKER = 16;
/** Characters of a marker outside the decoration set: `ACCEPTANCE:PASS` (15) to `ACCEPTANCE:CONTINUE` (19). */
const CORE_LENGTHS = { min: 15, max: 19 };

/** Whether the character can be decoration (`*`, `_`, `#`, `>`, `-`) or whitespace around a marker. */
function isDecoration(code: number): boolean {
  return (
    code === 0x2a ||
    code === 0x5f ||
    code === 0x23 ||
    code === 0x3e ||
    code === 0x2d ||
    isUnicodeWhitespace(code)
  );
}

/** Counts the non-decoration characters, stopping early: only 15–19 can strip down to a marker. */
function couldBeMarker(line: string): boolean {
  let core = 0;
  for (let i = 0; i < line.length; i++) {
    if (!isDecoration(line.charCodeAt(i)) && ++core > CORE_LENGTHS.max) return false;
  }
  return core >= CORE_LENGTHS.min;
}

/**
 * The verdict kind of a legacy marker line: after Markdown decoration is stripped the line must equal a
 * marker exactly, so `ACCEPTANCE: PASSED` or `ACCEPTANCE: PASS## Summary` are not markers.
 */
export function canonicalVerdictKind(line: string): AcceptanceKind | undefined {
  if (line.length < SHORTEST_MARKER || !couldBeMarker(line)) return undefined;
  return MARKER_KINDS.get(stripMarkdownDecorations(line));
}

/** The legacy marker line for a kind, as the final line of the canonical rendering. */
export function legacyMarker(kind: AcceptanceKind): string {
  return `ACCEPTANCE: ${kind.toUpperCase()}`;
}
