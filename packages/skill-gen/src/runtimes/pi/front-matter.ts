import { z } from 'zod';
import { specOverrides, ToolListSchema } from '../../source/front-matter-fields.js';

/** Pi 1.6.0 reads the spec keys (and `disable-model-invocation`, skills.js); overrides of the spec keys. */
export const PiSectionSchema = z.strictObject({
  ...specOverrides,
  'allowed-tools': ToolListSchema.optional(),
});
export type PiSection = z.output<typeof PiSectionSchema>;
