import fc from 'fast-check';

/** Every property runs seeded, so a failure reproduces; run counts stay small enough for `npm test`. */
export const SEED = 42;
export const runs = (numRuns: number) => ({ seed: SEED, numRuns });

/** Awkward characters: line ends, NUL, BOM, a lone surrogate, quotes, escapes, full-width and astral text. */
export const AWKWARD_TOKENS = [
  '\n',
  '\r\n',
  '\r',
  '\0',
  '\ufeff',
  '\ud800',
  '\udc00',
  '\u2028',
  '\u0085',
  ' ',
  '\t',
  '"',
  "'",
  '\\',
  '`',
  '$',
  '{',
  '}',
  '[',
  ']',
  ':',
  '：',
  ';',
  '；',
  ',',
  '，',
  '=',
  '#',
  '>',
  '-',
  '*',
  '_',
  'é',
  '検',
  '😀',
] as const;

/** Text assembled from `tokens` (whole protocol words) mixed with awkward characters and free strings. */
export function tokenText(tokens: readonly string[], maxLength = 40): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...tokens) },
        { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_TOKENS) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
      ),
      { maxLength },
    )
    .map((parts) => parts.join(''));
}

type Mutation =
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'duplicate'; readonly at: number; readonly length: number }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'swap-lines'; readonly a: number; readonly b: number };

function mutationArbitrary(insertable: readonly string[]): fc.Arbitrary<Mutation> {
  const at = fc.nat({ max: 1_000_000 });
  return fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      at,
      text: fc.oneof(
        fc.constantFrom(...insertable, ...AWKWARD_TOKENS),
        fc.string({ unit: 'binary', maxLength: 8 }),
      ),
    }),
    fc.record({ kind: fc.constant('delete' as const), at, length: fc.integer({ min: 1, max: 12 }) }),
    fc.record({ kind: fc.constant('duplicate' as const), at, length: fc.integer({ min: 1, max: 60 }) }),
    fc.record({ kind: fc.constant('truncate' as const), at }),
    fc.record({ kind: fc.constant('swap-lines' as const), a: fc.nat(), b: fc.nat() }),
  );
}

function applyMutation(text: string, mutation: Mutation): string {
  const position = (at: number) => (text.length === 0 ? 0 : at % (text.length + 1));
  switch (mutation.kind) {
    case 'insert': {
      const at = position(mutation.at);
      return text.slice(0, at) + mutation.text + text.slice(at);
    }
    case 'delete': {
      const at = position(mutation.at);
      return text.slice(0, at) + text.slice(at + mutation.length);
    }
    case 'duplicate': {
      const at = position(mutation.at);
      return text.slice(0, at + mutation.length) + text.slice(at);
    }
    case 'truncate':
      return text.slice(0, position(mutation.at));
    case 'swap-lines': {
      const lines = text.split('\n');
      const a = mutation.a % lines.length;
      const b = mutation.b % lines.length;
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      return lines.join('\n');
    }
  }
}

/** Valid `seeds` with up to `maxMutations` random edits: inserted tokens, cuts, duplicated spans, swaps. */
export function mutated(
  seeds: readonly string[],
  insertable: readonly string[] = [],
  maxMutations = 6,
): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...seeds),
      fc.array(mutationArbitrary(insertable), { minLength: 1, maxLength: maxMutations }),
    )
    .map(([seed, mutations]) => mutations.reduce(applyMutation, seed));
}

/** Untyped values a caller might hand over instead of text or JSON. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, null, Number.NaN, -0, Number.POSITIVE_INFINITY, true, 0n),
  fc.string({ unit: 'binary' }),
  fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }),
  fc.uint8Array({ maxLength: 32 }),
  fc.constant(Object.create(null)),
  fc.constant([[[[[]]]]]),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON-safe copy of `value` with `leaves` replaced: each entry picks a leaf by index and a replacement. */
export function replaceLeaves(
  value: unknown,
  replacements: readonly (readonly [number, unknown])[],
): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  const leaves: { parent: Json[] | { [key: string]: Json }; key: string | number }[] = [];
  const stack: Json[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const entries: [string | number, Json][] = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    for (const [key, child] of entries) {
      if (child !== null && typeof child === 'object') stack.push(child);
      else leaves.push({ parent: node, key });
    }
  }
  if (leaves.length === 0) return copy;
  for (const [index, replacement] of replacements) {
    const leaf = leaves[index % leaves.length]!;
    (leaf.parent as Record<string | number, unknown>)[leaf.key] = replacement;
  }
  return copy;
}

/** A replacement for one leaf: a near variant of typical ids and text, or an unrelated value. */
export function leafReplacement(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', '..', '../x', '/abs', 'C:\\x', '\0', '__proto__', 'constructor'),
    },
    { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.boolean(), fc.constant(null)) },
  );
}
