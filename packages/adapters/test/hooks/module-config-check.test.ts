// The plain-code check a generated pack's plugin and extension start with holds exactly the verdict of the
// runtime's configuration schema, and a value it accepts is the schema's output unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isModuleConfig } from '../../src/hooks/module-config-check.js';
import { OpenCodePluginConfigSchema } from '../../src/opencode/plugin-config.js';
import { PiExtensionConfigSchema } from '../../src/pi/extension-config.js';
import { runs } from '../properties/_support/core-support.js';

const AWKWARD = [
  0,
  -0,
  1,
  2,
  100,
  101,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '',
  'a',
  '2',
  null,
  true,
  [],
  {},
  undefined,
];
const anyValue = fc.oneof(fc.constantFrom(...AWKWARD), fc.jsonValue({ maxDepth: 2 }));
const contracts = fc.oneof(
  fc.array(fc.constantFrom('acme.review', '', 'conflux.acceptance'), { maxLength: 3 }),
  fc.array(anyValue, { maxLength: 2 }),
  anyValue,
);

function configs(budgetKey: string) {
  const entries = fc.record(
    {
      $schema: fc.oneof(fc.string({ maxLength: 3 }), anyValue),
      contracts,
      [budgetKey]: anyValue,
      enforce: fc.oneof(fc.constantFrom('always', 'attempted', 'never', 'Always'), anyValue),
      maxPrompts: anyValue,
      maxBlocks: anyValue,
      extra: anyValue,
    },
    { requiredKeys: [] },
  );
  const likely = fc.record(
    {
      $schema: fc.string({ maxLength: 3 }),
      contracts: fc.array(fc.constantFrom('acme.review', 'a', ''), { minLength: 1, maxLength: 3 }),
      [budgetKey]: fc.oneof(fc.integer({ min: -1, max: 101 }), anyValue),
      enforce: fc.constantFrom('always', 'attempted', 'never'),
    },
    { requiredKeys: ['contracts'] },
  );
  // An own `__proto__` key, as JSON.parse makes one.
  const proto = likely.map((value) => Object.assign(JSON.parse('{"__proto__":1}'), value));
  return fc.oneof(likely, entries, proto, anyValue);
}

describe.each([
  ['OpenCode plugin', OpenCodePluginConfigSchema, 'maxPrompts'],
  ['Pi extension', PiExtensionConfigSchema, 'maxBlocks'],
] as const)('the %s configuration checked without zod', (_, schema, budgetKey) => {
  it('accepts exactly what the schema accepts, unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(configs(budgetKey), (value) => {
        const parsed = schema.safeParse(value);
        expect(isModuleConfig(value, budgetKey)).toBe(parsed.success);
        if (!parsed.success) return;
        accepted++;
        expect(parsed.data).toEqual(value);
        expect(Object.keys(parsed.data)).toEqual(Object.keys(value as object));
      }),
      runs(3000),
    );
    expect(accepted).toBeGreaterThan(30);
  });

  it.each([
    [{ contracts: ['a'] }, true],
    [{ contracts: ['a'], [budgetKey]: 0, enforce: 'always', $schema: 'x' }, true],
    [{ contracts: ['a'], [budgetKey]: undefined }, true],
    [{ contracts: [] }, false],
    [{ contracts: [''] }, false],
    [{ contracts: ['a'], [budgetKey]: 2.5 }, false],
    [{ contracts: ['a'], [budgetKey]: 101 }, false],
    [JSON.parse('{"contracts":["a"],"__proto__":{}}'), false],
    [Object.assign(Object.create(null), { contracts: ['a'] }), true],
    [['a'], false],
  ] as const)('%j: %s', (value, expected) => {
    expect(isModuleConfig(value, budgetKey)).toBe(expected);
    expect(schema.safeParse(value).success).toBe(expected);
  });
});
