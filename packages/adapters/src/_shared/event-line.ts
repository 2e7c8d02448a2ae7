import { describeValue, type JsonObject, ProtocolError } from '@skillpack/core';

/** A JSON object that has a string `type`: the envelope every runtime event shares. */
export type TypedEvent = JsonObject & { readonly type: string };

export type EventLineResult =
  | { readonly kind: 'event'; readonly event: TypedEvent }
  | { readonly kind: 'blank' }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'error'; readonly error: ProtocolError };

const EXAMPLE = '{"type":"…", …}';

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
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
  if (isBlank(text)) return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      kind: 'error',
      error: lineError('invalid_json', 'expected one JSON event object per line.', line, text),
    };
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
