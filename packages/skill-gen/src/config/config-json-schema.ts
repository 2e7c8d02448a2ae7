import { z } from 'zod';
import { PackConfigSchema } from './pack-config.js';

/** Where the published package carries the config's JSON Schema, for editors (`"$schema"` in the config). */
export const CONFIG_SCHEMA_FILE = 'schemas/skillpack.config.schema.json';

/** The JSON Schema of `skillpack.config.json` as an author writes it (input direction: defaults optional). */
export function packConfigJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(PackConfigSchema, { io: 'input', target: 'draft-2020-12' }),
    title: 'skillpack pack config (skillpack.config.json)',
  };
}
