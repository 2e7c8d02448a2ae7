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
