import { defineContract } from '@skillpack/core';
import { z } from 'zod';

/**
 * The tool-delivered contract of the captured MCP runs' pack (`acme-refund`), as `e2e/mcp-submit.test.mjs`
 * defines it: the captures under `fixtures/<runtime>/` were made with it.
 */
export const refund = defineContract({
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Acme refund decision',
  description: 'Whether the order is refunded.',
  delivery: 'tool',
  schema: z.discriminatedUnion('refund', [
    z.strictObject({ refund: z.literal(true), amount: z.number().positive() }),
    z.strictObject({ refund: z.literal(false), reason: z.string().min(1) }),
  ]),
  examples: [{ name: 'refund', value: { refund: true, amount: 12.5 } }],
});
