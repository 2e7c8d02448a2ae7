import { z } from 'zod';
import { specOverrides } from '../../source/front-matter-fields.js';

/** Gemini CLI reads only `name` and `description`; its section overrides the spec keys (skillLoader.js, 0.61). */
export const GeminiCliSectionSchema = z.strictObject(specOverrides);
export type GeminiCliSection = z.output<typeof GeminiCliSectionSchema>;
