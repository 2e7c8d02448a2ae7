import type { TypedEvent } from './event-line.js';
import type { RunBuilder, RunSummary } from './run-builder.js';

/** A runtime's reader: fed one event per line, then asked how the run ended. */
export interface RunReader {
  accept(event: TypedEvent, line: number): void;
  finish(): RunSummary;
}

export type RunReaderFactory = (run: RunBuilder) => RunReader;
