import { stripMarkdownDecorations } from '../text/markdown.js';
import type { AcceptanceKind } from './schemas.js';

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

/**
 * The verdict kind of a legacy marker line: after Markdown decoration is stripped the line must equal a
 * marker exactly, so `ACCEPTANCE: PASSED` or `ACCEPTANCE: PASS## Summary` are not markers.
 */
export function canonicalVerdictKind(line: string): AcceptanceKind | undefined {
  if (line.length < SHORTEST_MARKER) return undefined;
  // Without `ACCEPTANCE` spelled out, only removed `*`/`_` decoration could still form a marker.
  if (!line.includes('ACCEPTANCE') && !line.includes('*') && !line.includes('_')) return undefined;
  return MARKER_KINDS.get(stripMarkdownDecorations(line));
}

/** The legacy marker line for a kind, as the final line of the canonical rendering. */
export function legacyMarker(kind: AcceptanceKind): string {
  return `ACCEPTANCE: ${kind.toUpperCase()}`;
}
