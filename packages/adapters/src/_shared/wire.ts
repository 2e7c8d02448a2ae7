import { ProtocolError, protocolErrorFromZod } from '@skillpack/core';
import type { z } from 'zod';
import type { TypedEvent } from './event-line.js';
import type { RunBuilder } from './run-builder.js';

/** Validate one event against its wire schema; a violation is recorded as a malformed line. */
export function parseWire<S extends z.ZodType>(
  schema: S,
  event: TypedEvent,
  line: number,
  run: RunBuilder,
): z.output<S> | undefined {
  const parsed = schema.safeParse(event);
  if (parsed.success) return parsed.data;
  const error = protocolErrorFromZod(
    parsed.error,
    `Line ${line}: the "${event.type}" event`,
    event,
    'invalid_event',
  );
  run.malformedLine(
    line,
    new ProtocolError(error.code, error.message, { details: { ...error.details, line } }),
  );
  return undefined;
}

/** Validate a nested value whose failure should not drop its event: a warning, then `undefined`. */
export function parseOptionalWire<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  line: number,
  run: RunBuilder,
): z.output<S> | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const error = protocolErrorFromZod(parsed.error, `Line ${line}: ${what}`, value, 'invalid_field');
  run.warn('invalid_field', error.message, { line, issues: error.details.issues });
  return undefined;
}
