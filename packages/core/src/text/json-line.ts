/** A plain JSON object: string keys, values not yet checked. */
export type JsonObject = { [key: string]: unknown };

/** Whether a value is a plain object (not `null`, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parse JSON without throwing; `undefined` when the text is not JSON. */
export function safeJsonParse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A trimmed line that is exactly one JSON object (`{` … `}`), or `undefined`. */
export function readJsonObjectLine(trimmedLine: string): JsonObject | undefined {
  if (trimmedLine.length < 2 || trimmedLine[0] !== '{' || trimmedLine[trimmedLine.length - 1] !== '}') {
    return undefined;
  }
  const parsed = safeJsonParse(trimmedLine);
  return parsed && isJsonObject(parsed.value) ? parsed.value : undefined;
}
