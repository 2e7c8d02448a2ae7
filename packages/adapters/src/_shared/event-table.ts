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

type Reading = (event: TypedEvent, line: number) => RunEventKind | RecordedEvent;

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
  // A stream's lines come in runs of one type (its deltas): a line of the last line's type is read on a
  // path of its own, which sees few readings and so stays as fast as a `switch`.
  let lastType: string | undefined;
  let lastReading: Reading | undefined;
  return (event, line) => {
    const type = event.type;
    let read: RunEventKind | RecordedEvent;
    if (type === lastType && lastReading !== undefined) read = lastReading(event, line);
    else {
      const row = rows.get(type);
      lastType = type;
      lastReading = typeof row === 'function' ? row : undefined;
      if (row === undefined) {
        run.unknown(type);
        run.event(line, type, unknownKind, event);
        return;
      }
      read = typeof row === 'string' ? row : row(event, line);
    }
    if (typeof read === 'string') run.event(line, type, read, event);
    else run.event(line, read.type, read.kind, event);
  };
}
