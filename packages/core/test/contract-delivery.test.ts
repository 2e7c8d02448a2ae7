import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT_DELIVERIES } from '../src/contract.js';
import { builtinContracts } from '../src/contracts.js';
import { defineContract } from '../src/define-contract.js';
import { defaultToolName, TOOL_NAME_PATTERN } from '../src/tool-name.js';

const spec = (overrides: Record<string, unknown>) =>
  ({
    id: 'shop.refund-decision',
    version: '1.0.0',
    title: 'Refund decision',
    description: 'Whether to refund.',
    delivery: 'text',
    schema: z.object({ refund: z.boolean() }),
    examples: [{ name: 'yes', value: { refund: true } }],
    ...overrides,
  }) as Parameters<typeof defineContract>[0];

describe('contract delivery', () => {
  it.each([undefined, null, '', 'json', 'TEXT', 'Tool', 42, {}, ['text']])(
    'refuses delivery %j with a typed error naming the known values',
    (delivery) => {
      expect(() => defineContract(spec({ delivery }))).toThrow(
        expect.objectContaining({
          name: 'ConfigError',
          code: 'invalid_contract_delivery',
          message: expect.stringContaining('expected one of "text", "payload", "tool"'),
        }),
      );
    },
  );

  it.each(['text', 'payload'] as const)('accepts %s without a tool name', (delivery) => {
    const contract = defineContract(spec({ delivery }));
    expect(contract.delivery).toBe(delivery);
    expect(contract.toolName).toBeUndefined();
  });

  it('refuses a toolName on a contract that is not tool-delivered', () => {
    expect(() => defineContract(spec({ toolName: 'submit_refund' }))).toThrow(
      expect.objectContaining({
        code: 'invalid_tool_name',
        message: expect.stringContaining('delivery is "text"'),
      }),
    );
  });

  it('every built-in contract has a known delivery', () => {
    for (const contract of builtinContracts.list()) expect(CONTRACT_DELIVERIES).toContain(contract.delivery);
  });
});

describe('submit tool names', () => {
  it.each([
    ['conflux.acceptance', 'submit_conflux_acceptance'],
    ['shop.refund-decision', 'submit_shop_refund_decision'],
    ['acme.billing.refund_v2', 'submit_acme_billing_refund_v2'],
  ])('%s defaults to %s', (id, name) => {
    expect(defaultToolName(id)).toBe(name);
    expect(TOOL_NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    ['a name with a space', { toolName: 'submit refund' }, 'toolName "submit refund" is not valid'],
    ['a name over 40 characters', { toolName: `s${'x'.repeat(40)}` }, 'at most 40 characters'],
    ['a name starting with a digit', { toolName: '1submit' }, 'is not valid'],
    ['a non-string name', { toolName: 7 }, 'toolName must be a string'],
    [
      'a default over 40 characters',
      { id: `shop.${'refund-'.repeat(6)}decision` },
      'has no toolName and its default',
    ],
  ])('refuses %s', (_, overrides, message) => {
    expect(() => defineContract(spec({ delivery: 'tool', ...overrides }))).toThrow(
      expect.objectContaining({ code: 'invalid_tool_name', message: expect.stringContaining(message) }),
    );
  });
});

describe('tool delivery', () => {
  it('names the submit tool, by default from the id, and never takes the final message as the answer', () => {
    const contract = defineContract(spec({ delivery: 'tool' }));
    expect(contract.toolName).toBe('submit_shop_refund_decision');
    expect(contract.jsonFinalMessage).toBe(false);
    expect(defineContract(spec({ delivery: 'tool', toolName: 'refund' })).toolName).toBe('refund');
  });
});
