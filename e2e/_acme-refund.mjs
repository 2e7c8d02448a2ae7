// The acme-refund pack's tool-delivered contract, as e2e/mcp-submit.test.mjs builds its pack from it and the fixture
// capture scripts install it: its TypeScript source (evaluated with `z` in scope), the pack's name, and a wrong and a
// right submit call's arguments.
export const SPEC = `{
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
}`;
export const PACK = 'acme-refund';
export const WRONG = { answer: { refund: true, amount: -1 } };
export const RIGHT = { answer: { refund: true, amount: 3 } };
