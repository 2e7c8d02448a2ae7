import type { z } from 'zod';

/** A discriminated union's discriminator: the key whose value names the branch an answer chose. */
export interface UnionBranch {
  readonly key: string;
  readonly value: string | number | boolean;
}

/** The discriminator key of a `z.discriminatedUnion` schema; `undefined` for any other schema. */
export function discriminatorKey(schema: z.ZodType): string | undefined {
  const def = (schema as { _zod?: { def?: { type?: unknown; discriminator?: unknown } } })._zod?.def;
  return def?.type === 'union' && typeof def.discriminator === 'string' ? def.discriminator : undefined;
}

/** The branch `value` chose by its discriminator, when `schema` is a discriminated union. Pure. */
export function chosenBranch(schema: z.ZodType, value: unknown): UnionBranch | undefined {
  const key = discriminatorKey(schema);
  if (key === undefined || typeof value !== 'object' || value === null || Array.isArray(value))
    return undefined;
  const chosen = (value as Record<string, unknown>)[key];
  return typeof chosen === 'string' || typeof chosen === 'number' || typeof chosen === 'boolean'
    ? { key, value: chosen }
    : undefined;
}

/** Whether an error's `details.branch` is a `UnionBranch` (as `validate` records it). */
export function branchOf(details: Readonly<Record<string, unknown>>): UnionBranch | undefined {
  const branch = details.branch as Partial<UnionBranch> | undefined;
  if (typeof branch !== 'object' || branch === null || typeof branch.key !== 'string') return undefined;
  const { value } = branch;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? { key: branch.key, value }
    : undefined;
}

/**
 * The examples a correction shows: for a discriminated union, those of the branch the answer chose (its
 * discriminator value), else the first example of every branch; for any other schema, the first example.
 */
export function correctionExamples<T>(
  schema: z.ZodType,
  examples: readonly { readonly value: T }[],
  branch: UnionBranch | undefined,
): T[] {
  const key = discriminatorKey(schema);
  if (key === undefined) return examples.slice(0, 1).map((example) => example.value);
  const branchValue = (value: T) => (value as Record<string, unknown> | null)?.[key];
  const matching =
    branch?.key === key ? examples.find((e) => branchValue(e.value) === branch.value) : undefined;
  if (matching) return [matching.value];
  const seen = new Set<unknown>();
  const perBranch: T[] = [];
  for (const example of examples) {
    const value = branchValue(example.value);
    if (seen.has(value)) continue;
    seen.add(value);
    perBranch.push(example.value);
  }
  return perBranch;
}

/**
 * The top-level keys an object schema (or a union of object schemas) knows; `undefined` when the schema is
 * not one, so nothing can be said about what an answer meant.
 */
export function knownKeys(schema: z.ZodType): ReadonlySet<string> | undefined {
  const def = (schema as { _zod?: { def?: { type?: unknown; shape?: unknown; options?: unknown } } })._zod
    ?.def;
  if (def?.type === 'object' && typeof def.shape === 'object' && def.shape !== null)
    return new Set(Object.keys(def.shape));
  if (def?.type === 'union' && Array.isArray(def.options)) {
    const keys = new Set<string>();
    for (const option of def.options as z.ZodType[]) {
      const optionKeys = knownKeys(option);
      if (optionKeys === undefined) return undefined;
      for (const key of optionKeys) keys.add(key);
    }
    return keys;
  }
  return undefined;
}

/**
 * Whether `value` is an object that shares no key with `schema`'s objects: JSON about something else, not an
 * attempt at this contract (so a pack hooking two contracts corrects only the one the answer meant). Pure.
 */
export function isUnrelatedObject(schema: z.ZodType, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = knownKeys(schema);
  if (keys === undefined || keys.size === 0) return false;
  return !Object.keys(value).some((key) => keys.has(key));
}
