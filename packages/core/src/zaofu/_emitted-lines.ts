/**
 * The events a `zf emit` run says it appended: on success `run_emit` prints `Emitted: <type> (<id>)` (ids are
 * `evt-` and 12 hex digits, `zf/core/events/model.py`) on a line of its own, and on every failure `Error: …` or a
 * Python traceback instead. Pure.
 */
const EMITTED_LINE = /^Emitted: (.+) \(evt-[0-9a-f]{12}\)\r?$/gm;

/** How many `Emitted: <type> (evt-…)` lines `output` holds, per event type. */
export function emittedEventCounts(output: unknown): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  if (typeof output !== 'string' || !output.includes('Emitted: ')) return counts;
  for (const [, type] of output.matchAll(EMITTED_LINE)) counts.set(type!, (counts.get(type!) ?? 0) + 1);
  return counts;
}
