import { expect } from 'vitest';

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype] as const;

/** The own property names of the built-in prototypes an attacker would target. */
export function prototypeSnapshot(): string[][] {
  return PROTOTYPES.map((prototype) => Object.getOwnPropertyNames(prototype).sort());
}

/** Nothing was added to a built-in prototype and a fresh object inherits nothing new. */
export function expectPrototypesUntouched(before: readonly string[][]): void {
  expect(prototypeSnapshot()).toEqual(before);
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin', 'shell', 'x']) expect(probe[key], key).toBeUndefined();
}

/**
 * Every object reachable from `value` is a plain object or array whose prototype is the built-in one (or
 * null): a parser never hands back an object whose prototype an input chose. Iterative, depth-bounded.
 */
export function expectPlainData(value: unknown, maxNodes = 100_000): void {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  let nodes = 0;
  while (stack.length > 0 && nodes++ < maxNodes) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const prototype = Object.getPrototypeOf(current);
    if (Array.isArray(current)) expect(prototype).toBe(Array.prototype);
    else if (!(current instanceof Error) && !(current instanceof Map) && !(current instanceof Set)) {
      expect([Object.prototype, null]).toContain(prototype);
    }
    for (const key of Object.keys(current)) stack.push((current as Record<string, unknown>)[key]);
  }
}

/** JSON texts that try to reach a prototype, at the top level and nested, as keys and as values. */
export const POLLUTING_JSON = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"prototype":{"polluted":true}}',
  '{"a":{"__proto__":{"polluted":true}},"b":[{"__proto__":{"polluted":true}}]}',
  '{"__proto__":{"__proto__":{"polluted":true}},"constructor":"x","toString":"x","hasOwnProperty":"x"}',
  '{"\\u005f_proto__":{"polluted":true}}',
] as const;
