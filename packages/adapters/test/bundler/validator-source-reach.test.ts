// A generated predicate is carried by a plugin that JavaScriptCore parses whole at every start: its source
// declares only what the returned predicate reaches.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ValidatorHolds, validatorSourceOf } from '../../src/bundler/validator-source.js';

const SCHEMAS: readonly [string, z.ZodType][] = [
  [
    'a strict object of an enum and an array',
    z.strictObject({ verdict: z.enum(['approve', 'reject']), reasons: z.array(z.string().min(1)).min(1) }),
  ],
  [
    'a discriminated union with defaults and patterns',
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), id: z.string().regex(/^A-\d+$/), n: z.number().int().default(1) }),
      z.looseObject({ kind: z.literal('b'), at: z.iso.datetime().optional() }),
    ]),
  ],
  [
    'a plain union of nullable objects',
    z.union([z.object({ x: z.string() }).nullable(), z.strictObject({ y: z.boolean() })]),
  ],
];

/** The names the source declares (`function n(` or `const n =` at a line's start) that nothing else mentions. */
function unreached(source: string): string[] {
  const declared = [...source.matchAll(/^(?:function ([\w$]+)\(|const ([\w$]+) =)/gm)].map(
    (match) => (match[1] ?? match[2])!,
  );
  return declared.filter(
    (name) => (source.match(new RegExp(`\\b${name.replace('$', '\\$')}\\b`, 'g')) ?? []).length < 2,
  );
}

describe('validatorSourceOf carries what its predicate reaches', () => {
  it.each(
    SCHEMAS.flatMap(([name, schema]) =>
      (['unchanged', 'accepted'] as const).map((holds) => [name, schema, holds] as const),
    ),
  )('%s, %s', (_, schema, holds: ValidatorHolds) => {
    const generated = validatorSourceOf(schema, holds);
    if (!generated.compiled) return;
    expect(unreached(generated.source)).toEqual([]);
  });

  it('compiles every schema above', () => {
    expect(SCHEMAS.every(([, schema]) => validatorSourceOf(schema).compiled)).toBe(true);
  });
});
