import { createContractRegistry, defineContract } from '@skillpack/core';
import { z } from 'zod';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import type { SkillSource } from '../../src/source/skill-source.js';

/** A small contract built with core's `defineContract`, for tests that must not depend on core's families. */
export const demoContract = defineContract({
  id: 'demo.answer',
  version: '2.0.0',
  title: 'demo answer',
  description: 'A one-line JSON answer.',
  delivery: 'text',
  schema: z.object({
    verdict: z.enum(['yes', 'no']).describe('The decision.'),
    reasons: z.array(z.object({ text: z.string().describe('Why | because') })).optional(),
  }),
  examples: [
    { name: 'yes', description: 'A plain yes.', value: { verdict: 'yes' } },
    { name: 'no-with-reason', value: { verdict: 'no', reasons: [{ text: 'it ``` breaks' }] } },
  ],
  rules: ['Write the JSON on its own line.'],
});

export const demoRegistry = createContractRegistry([demoContract]);

/** A parsed skill source for engine tests (throws on a bad fixture). */
export function demoSkill(
  frontMatter: string,
  body: string,
  file = `skills/${/name: (\S+)/.exec(frontMatter)?.[1]}/skill.md`,
): SkillSource {
  const parsed = safeParseSkillFile(`---\n${frontMatter}\n---\n${body}`, file);
  if (!parsed.success) throw parsed.error;
  return { ...parsed.data, name: parsed.data.frontMatter.name, file, assets: [] };
}
