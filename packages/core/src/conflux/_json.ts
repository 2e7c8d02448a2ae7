import { isJsonObject, type JsonObject } from '../text/json-line.js';
import { trimUnicodeWhitespace } from '../text/whitespace.js';

export { isJsonObject, type JsonObject };

/** An own property of a decoded JSON object; inherited names such as `constructor` are never read. */
export function ownField(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** The trimmed string, or `undefined` when the value is not a string or is blank. */
export function nonBlankString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = trimUnicodeWhitespace(value);
  return trimmed === '' ? undefined : trimmed;
}

/** The trimmed non-blank string entries of an array field; anything else yields none. */
export function nonBlankStrings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const entry of value) {
    const text = nonBlankString(entry);
    if (text !== undefined) out.push(text);
  }
  return out;
}

/** The compact JSON text of a decoded value, as `serde_json::Value::to_string` writes it. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
