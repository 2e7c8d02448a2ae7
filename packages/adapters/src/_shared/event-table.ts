import type { RunEventKind } from '../agent-run.js';
import type { TypedEvent } from './event-line.js';
import type { RunBuilder } from './run-builder.js';

/** An event recorded under another type than its own (Claude-style `system/init`). */
export interface RecordedEvent {
  readonly type: string;
  readonly kind: RunEventKind;
}

/** What a reader does with one event type: the kind it records, or a reading that takes the event in. */
export type EventReading = RunEventKind | ((event: TypedEvent, line: number) => RunEventKind | RecordedEvent);

/** The same reading for every type in `types`. */
export function eachAs(types: readonly string[], reading: EventReading): Record<string, EventReading> {
  return Object.fromEntries(types.map((type) => [type, reading]));
}

/**
 * An answer reader's `accept`, made of a table of event types: each event is taken in by its row and
 * recorded with the kind the row gives; a type with no row is counted unknown and recorded as `unknownKind`.
 */
export function readByType(
  run: RunBuilder,
  table: Readonly<Record<string, EventReading>>,
  unknownKind: RunEventKind = 'unknown',
): (event: TypedEvent, line: number) => void {
  const rows = new Map(Object.entries(table));
  return (event, line) => {
    const row = rows.get(event.type);
    if (row === undefined) {
      run.unknown(event.type);
      run.event(line, event.type, unknownKind, event);
      return;
    }
    const read = typeof row === 'string' ? row : row(event, line);
    if (typeof read === 'string') run.event(line, event.type, read, event);
    else run.event(line, read.type, read.kind, event);
  };
}
