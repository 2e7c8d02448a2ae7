import { isJsonObjectValue, type TypedEvent } from './event-line.js';

/** The event object on a line, or `undefined` when the line is not a JSON object with a string `type`. */
export function parseUnwrapCandidate(line: string): TypedEvent | undefined {
  if (typeof line !== 'string') return undefined;
  let start = 0;
  while (start < line.length && (line[start] === ' ' || line[start] === '\t')) start++;
  if (line[start] !== '{') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return isJsonObjectValue(value) && typeof value.type === 'string' ? (value as TypedEvent) : undefined;
}
