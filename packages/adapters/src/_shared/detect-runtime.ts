import type { RuntimeId } from '../runtime-id.js';
import { sniffRuntime } from '../runtimes.js';
import type { TypedEvent } from './event-line.js';

/**
 * The runtime that wrote this event, when the event alone says so: each runtime's declared sniff
 * (`AdapterRuntime.sniff`), tried strictest first. Anything else is `undefined`, and the caller looks at the
 * next event.
 */
export function detectRuntime(event: TypedEvent): RuntimeId | undefined {
  return sniffRuntime(event);
}
