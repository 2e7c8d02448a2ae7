import { describeValue, type JsonObject, ProtocolError } from '@skillpack/core';

/** A JSON object that has a string `type`: the envelope every runtime event shares. */
export type TypedEvent = JsonObject & { readonly type: string };

export type EventLineResult =
  | { readonly kind: 'event'; readonly event: TypedEvent }
  | { readonly kind: 'blank' }
  | { readonly kind: 'json'; readonly value: unknown }
  /** `error` builds the typed error on demand: a run records only the first malformed lines. */
  | { readonly kind: 'error'; readonly error: () => ProtocolError };

const EXAMPLE = '{"type":"…", …}';

const isJsonWhitespace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;

/** The first character that is not JSON whitespace, as a char code, or -1 for a blank line. */
function firstSignificant(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isJsonWhitespace(c)) return c;
  }
  return -1;
}

/** Whether a JSON text could start with this character: `{ [ "`, a digit, `-`, or `t f n`. */
function canStartJson(c: number): boolean {
  return (
    c === 0x7b ||
    c === 0x5b ||
    c === 0x22 ||
    c === 0x2d ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x74 ||
    c === 0x66 ||
    c === 0x6e
  );
}

function lineError(code: string, message: string, line: number, text: string): ProtocolError {
  return new ProtocolError(code, `Line ${line}: ${message} Received ${describeValue(text, 80)}.`, {
    details: { line, example: EXAMPLE },
  });
}

export function isJsonObjectValue(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Classify one line: a typed event, blank, some other JSON value (`json`: arrays and untyped objects,
 * which only a document reader can use) or a typed error. Never throws.
 */
export function parseEventLine(text: string, line: number): EventLineResult {
  const first = firstSignificant(text);
  if (first === -1) return { kind: 'blank' };
  const invalid = (): EventLineResult => ({
    kind: 'error',
    error: () => lineError('invalid_json', 'expected one JSON event object per line.', line, text),
  });
  // Plain text is common in captured stdout; skip the cost of a JSON.parse exception for it.
  if (!canStartJson(first)) return invalid();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalid();
  }
  if (isJsonObjectValue(value) && typeof value.type === 'string') {
    return { kind: 'event', event: value as TypedEvent };
  }
  return { kind: 'json', value };
}

/** The typed error for a JSON line that is not an event object. */
export function notAnEventError(value: unknown, line: number): ProtocolError {
  if (isJsonObjectValue(value)) {
    return new ProtocolError(
      'missing_type',
      `Line ${line}: expected an event object with a string "type"; received ${describeValue(value, 80)}.`,
      { details: { line, example: EXAMPLE } },
    );
  }
  return new ProtocolError(
    'not_an_object',
    `Line ${line}: expected a JSON event object; received ${describeValue(value, 80)}.`,
    { details: { line, example: EXAMPLE } },
  );
}

export function lineTooLongError(line: number, bytes: number, maxLineBytes: number): ProtocolError {
  return new ProtocolError(
    'line_too_long',
    `Line ${line}: expected at most ${maxLineBytes} bytes per line; received ${bytes} bytes. Raise maxLineBytes to read it.`,
    { details: { line, bytes, maxLineBytes } },
  );
}
