import { z } from 'zod';
import { specOverrides } from '../../source/front-matter-fields.js';

/** OpenCode reads only the spec keys (runtimes.md §4.1). */
export const OpenCodeSectionSchema = z.strictObject(specOverrides);
export type OpenCodeSection = z.output<typeof OpenCodeSectionSchema>;
