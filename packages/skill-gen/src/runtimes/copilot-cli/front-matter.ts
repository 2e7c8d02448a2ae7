import { z } from 'zod';
import { specOverrides } from '../../source/front-matter-fields.js';

/** GitHub Copilot CLI lists a skill by its spec keys (`copilot skill list`, 1.0.102). */
export const CopilotCliSectionSchema = z.strictObject(specOverrides);
export type CopilotCliSection = z.output<typeof CopilotCliSectionSchema>;
