import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The source of a user's TypeScript contract module (`acme.review`), as `skillpack init` writes one; `canonical`
 * adds a `toCanonicalJson` that prints the verdict alone.
 */
export function reviewContractSource({ canonical = false } = {}): string {
  return `import { defineContract } from '@skillpack/core';
import { z } from 'zod';

export const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Acme review verdict',
  description: 'The verdict a review ends with, as one line of JSON.',
  delivery: 'text',
  schema: z.strictObject({ verdict: z.enum(['approve', 'reject']), reason: z.string().min(1) }),
  examples: [{ name: 'approve', value: { verdict: 'approve', reason: 'Tests pass.' } }],
${canonical ? '  toCanonicalJson: (value) => ({ verdict: value.verdict }),\n' : ''}});
`;
}

/** The config of the `acme-review` pack project `writeReviewProject` writes, before the caller's fields. */
export const REVIEW_PACK_CONFIG = {
  name: 'acme-review',
  version: '1.0.0',
  description: 'Acme review skills.',
  author: { name: 'Acme' },
  license: 'MIT',
  contracts: ['./contracts/review.ts'],
} as const;

/**
 * Write the pack project `skillpack init` makes around `acme.review` into `dir`: the contract module
 * (`contract`, by default `reviewContractSource()`), one skill that speaks it, and `skillpack.config.json`
 * (`REVIEW_PACK_CONFIG` with `config`'s fields over it).
 */
export function writeReviewProject(
  dir: string,
  { config = {}, contract = reviewContractSource() }: { config?: object; contract?: string } = {},
): string {
  mkdirSync(join(dir, 'contracts'), { recursive: true });
  mkdirSync(join(dir, 'skills', 'review'), { recursive: true });
  writeFileSync(join(dir, 'contracts', 'review.ts'), contract);
  writeFileSync(
    join(dir, 'skills', 'review', 'skill.md'),
    '---\nname: review\ndescription: Review a change and end with the Acme verdict. Use when asked to review.\ncontracts: [acme.review]\n---\n\nReview the change, then end with {{> contract-output contract="acme.review"}}\n',
  );
  writeFileSync(join(dir, 'skillpack.config.json'), JSON.stringify({ ...REVIEW_PACK_CONFIG, ...config }));
  return dir;
}
