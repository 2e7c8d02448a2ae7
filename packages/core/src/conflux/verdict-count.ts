import type { Warning } from '../result.js';
import { createFenceTracker } from '../text/fence.js';
import { forEachLine } from '../text/lines.js';
import { trimUnicodeWhitespace } from '../text/whitespace.js';
import { parseJsonVerdictLine } from './json-verdict.js';
import { canonicalVerdictKind } from './marker.js';

/** The 1-based lines of one message that hold a verdict, outside code fences, by kind. */
export interface VerdictLines {
  readonly json: readonly number[];
  readonly legacy: readonly number[];
}

const REPORTED = 10;

/**
 * Where one message (the final assistant message, not a raw event stream, which repeats it) writes a
 * verdict: strict JSON verdict lines and legacy `ACCEPTANCE:` markers outside fences. At most 10 lines of
 * each kind are listed; `count` has them all.
 */
export function findVerdictLines(
  message: string,
): VerdictLines & { readonly count: { json: number; legacy: number } } {
  const fence = createFenceTracker();
  const json: number[] = [];
  const legacy: number[] = [];
  const count = { json: 0, legacy: 0 };
  let line = 0;
  forEachLine(typeof message === 'string' ? message : '', (raw) => {
    line++;
    const text = trimUnicodeWhitespace(raw);
    if (fence.step(text) !== 'outside') return false;
    if (parseJsonVerdictLine(text) !== undefined) {
      count.json++;
      if (json.length < REPORTED) json.push(line);
    } else if (canonicalVerdictKind(text) !== undefined) {
      count.legacy++;
      if (legacy.length < REPORTED) legacy.push(line);
    }
    return false;
  });
  return { json, legacy, count };
}

/**
 * The warning for a final message with more than one verdict. Seed 000: "Exactly ONE machine-readable verdict
 * at the end"; "Do not emit … extra machine-readable verdict objects". The JSON verdict followed by its legacy
 * marker is the rollout's required pair, not a second verdict; the first JSON verdict still decides.
 */
export function multipleVerdictsWarning(message: string): Warning | undefined {
  const found = findVerdictLines(message);
  const source = found.count.json > 1 ? 'json' : found.count.legacy > 1 ? 'legacy' : undefined;
  if (source === undefined) return undefined;
  const lines = found[source];
  const count = found.count[source];
  const what = source === 'json' ? 'JSON verdict' : 'legacy ACCEPTANCE: marker';
  return {
    code: 'multiple_verdicts',
    message: `Expected exactly one ${what} in the final message, received ${count} (lines ${lines.join(', ')}${count > lines.length ? ', …' : ''}); the first one decided.`,
    details: { source, lines: [...lines], count },
  };
}
