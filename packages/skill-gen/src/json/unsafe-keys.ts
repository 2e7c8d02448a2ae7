const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface Visit {
  readonly value: unknown;
  readonly key: PropertyKey | undefined;
  readonly parent: Visit | undefined;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let current: Visit | undefined = visit; current?.key !== undefined; current = current.parent)
    path.push(current.key);
  return path.reverse();
}

/**
 * The path of the first key that could reach an object's prototype (`__proto__`, `constructor`,
 * `prototype`) anywhere in a parsed JSON/YAML value. Iterative and linear, so deep nesting is harmless.
 */
export function findUnsafeKey(value: unknown): PropertyKey[] | undefined {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++)
        stack.push({ value: current[index], key: index, parent: visit });
      continue;
    }
    for (const key of Object.keys(current)) {
      if (UNSAFE_KEYS.has(key)) return [...pathOf(visit), key];
      stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
    }
  }
  return undefined;
}
