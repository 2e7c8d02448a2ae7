import { ProtocolError, protocolErrorFromZod } from '@skillpack/core';
import type { z } from 'zod';
import type { TypedEvent } from './event-line.js';
import type { RunBuilder } from './run-builder.js';
import { wireCheckOf } from './wire-check.js';

/**
 * The value itself when the schema's compiled check accepts it (a loose object outputs its input), else
 * zod's parse: a value the check rejects, or a schema it does not cover, gets zod's answer and error.
 */
export function safeParseWire<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  if (wireCheckOf(schema)?.(value)) return { success: true, data: value as z.output<S> };
  return schema.safeParse(value);
}

/** Validate one event against its wire schema; a violation is recorded as a malformed line. */
export function parseWire<S extends z.ZodType>(
  schema: S,
  event: TypedEvent,
  line: number,
  run: RunBuilder,
): z.output<S> | undefined {
  const parsed = safeParseWire(schema, event);
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
  const parsed = safeParseWire(schema, value);
  if (parsed.success) return parsed.data;
  const error = protocolErrorFromZod(parsed.error, `Line ${line}: ${what}`, value, 'invalid_field');
  run.warn('invalid_field', error.message, { line, issues: error.details.issues });
  return undefined;
}
