import type { z } from 'zod';
import { type JsonObject, ownField } from './_json.js';

/**
 * What an object schema parses from a pre-checked payload: every key the schema declares, with the value the
 * pre-check normalised where it checked that key (a key it mapped to `undefined` is left out) and the raw
 * value otherwise. Keys the schema does not declare are dropped, as the Conflux runtime ignores them; so a
 * field added to the schema alone reaches the schema, and the schema decides.
 */
export function schemaInput(
  schema: z.ZodObject,
  raw: JsonObject,
  checked: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = Object.hasOwn(checked, key) ? checked[key] : ownField(raw, key);
    if (value !== undefined) input[key] = value;
  }
  return input;
}
