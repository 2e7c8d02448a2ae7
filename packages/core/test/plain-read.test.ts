// A contract's zod-free read (`plainRead`), what a generated hook decides a satisfied stop with: its module
// loads no zod, and on every example and mutation of one it holds exactly when `judge(extract(text))` is
// satisfied, the whole hook's answer. A read given validators gets here the schemas' own `safeParse` (exact),
// and `null` for some (as for a schema the generator cannot compile): then it may only say less.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyContract, CompiledSchema } from '../src/contract.js';
import { builtinContracts } from '../src/contracts.js';
import { modulesLoadedByImport } from './_support/loaded-modules.js';
import { AWKWARD_TOKENS, mutated, runs } from './properties/_support/arbitraries.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

const READ = builtinContracts.list().filter((contract) => contract.plainRead !== undefined);

/** Texts around each rendered example: as the final message, after prose, fenced, twice, cut short. */
function messagesOf(contract: AnyContract): string[] {
  return contract.examples.flatMap((example) => {
    const answer = contract.render(example.value);
    return [
      answer,
      `I did the work.\n\n${answer}\n`,
      `\`\`\`\n${answer}\n\`\`\``,
      `${answer}\n${answer}`,
      answer.slice(0, answer.length - 4),
    ];
  });
}

const TOKENS = [
  ...AWKWARD_TOKENS,
  '---RESULT---',
  '---VERDICT---',
  '---END---',
  'STATUS: DONE',
  'STATUS: PASS',
  'STATUS: NEEDS_CONTEXT',
  'STATUS:',
  'SUMMARY:',
  'SIGNALS: a=b;__proto__=x;=y',
  'CONFIDENCE_SCORE: 101',
  'CONFIDENCE: maybe',
  'ARTIFACTS: a，b',
  '：',
  '\n',
  '\r\n',
  '```',
  '{"acceptance":"pass"}',
  '{"acceptance":"continue","source":"legacy"}',
  '{"acceptance":" Fail ","findings":["x"]}',
  '"acceptance":"blocked"',
  '"findings":[]',
  '"findings":["  "]',
  '"blocker":{}',
  '"extra":1',
  '"id":"F-1"',
  'ACCEPTANCE: PASS',
  'ACCEPTANCE: FAIL\nFINDINGS:\n- x',
  '**ACCEPTANCE: CONTINUE**',
  'ACCEPTANCE: GATED',
  '- ',
];

/** The read, given what a build derives from each schema, with zod's `safeParse` as the predicate (none for `unproved`). */
async function readOf(
  contract: AnyContract,
  unproved: readonly string[] = [],
): Promise<(text: string) => boolean> {
  const module = (await import(contract.plainRead!.module)) as Record<string, unknown>;
  const exported = module[contract.plainRead!.name] as unknown;
  const validators = contract.plainRead!.validators;
  if (validators === undefined) return exported as (text: string) => boolean;
  const compiled = Object.fromEntries(
    Object.entries(validators()).map(([key, schema]): [string, CompiledSchema] => [
      key,
      {
        accepts: unproved.includes(key) ? null : (value) => schema.safeParse(value).success,
        keys: schema instanceof z.ZodObject ? Object.keys(schema.shape) : null,
      },
    ]),
  );
  return (exported as (schemas: Record<string, CompiledSchema>) => (text: string) => boolean)(compiled);
}

describe('a contract’s zod-free read', () => {
  it('is declared by the Conflux and maestro contracts', () => {
    expect(READ.map((contract) => contract.id).sort()).toEqual([
      'conflux.acceptance',
      'maestro.result',
      'maestro.verdict',
    ]);
  });

  it.each(READ.map((contract) => [contract.id, contract] as const))(
    '%s: its module loads no zod and exports the read',
    async (_id, contract) => {
      const { urls } = modulesLoadedByImport(contract.plainRead!.module, packageDir);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((url) => /\/zod\//.test(url))).toEqual([]);
      expect(typeof (await readOf(contract))).toBe('function');
    },
  );

  it.each(READ.map((contract) => [contract.id, contract] as const))(
    '%s: holds exactly when the contract is satisfied, on examples and their mutations',
    async (_id, contract) => {
      const read = await readOf(contract);
      const seeds = messagesOf(contract);
      let satisfied = 0;
      let refused = 0;
      const agrees = (text: string) => {
        const whole = contract.judge(contract.extract(text)).satisfied;
        expect(read(text), JSON.stringify(text)).toBe(whole);
        if (whole) satisfied++;
        else refused++;
      };
      for (const text of seeds) agrees(text);
      fc.assert(fc.property(mutated(seeds, TOKENS, 4), agrees), runs(3000));
      // Both answers occur often, so neither side is vacuous.
      expect(satisfied).toBeGreaterThan(300);
      expect(refused).toBeGreaterThan(300);
    },
  );

  it.each(READ.map((contract) => [contract.id, contract] as const))(
    '%s: its unattempted read gives exactly the failure the contract does not count as an attempt',
    async (_id, contract) => {
      const module = (await import(contract.plainRead!.module)) as Record<string, unknown>;
      const unattempted = module[contract.plainRead!.unattempted!] as (text: string) => unknown;
      const seeds = [
        ...messagesOf(contract),
        '',
        'I reviewed the change and ran the tests. Everything looks fine.',
        'Done.\n\n```json\n{"acceptance":"pass"}\n```\n',
        'Done.\n---END---\n',
      ];
      let unattemptedTexts = 0;
      let others = 0;
      const agrees = (text: string) => {
        const judged = contract.judge(contract.extract(text));
        const expected =
          !judged.satisfied && !contract.isAttempt(judged.error)
            ? { code: judged.error.code, message: judged.error.message }
            : undefined;
        expect(unattempted(text), JSON.stringify(text)).toEqual(expected);
        if (expected) unattemptedTexts++;
        else others++;
      };
      for (const text of seeds) agrees(text);
      fc.assert(fc.property(mutated(seeds, TOKENS, 4), agrees), runs(3000));
      expect(unattemptedTexts).toBeGreaterThan(100);
      expect(others).toBeGreaterThan(300);
    },
  );

  it('conflux.acceptance: without a validator for a kind, satisfies no verdict of it and still every other', async () => {
    const contract = builtinContracts.get('conflux.acceptance')!;
    const read = await readOf(contract, ['fail', 'gated']);
    let proved = 0;
    const check = (text: string) => {
      const whole = contract.judge(contract.extract(text));
      const kind = whole.satisfied ? (whole.value as { acceptance: string }).acceptance : undefined;
      const expected = whole.satisfied && kind !== 'fail' && kind !== 'gated';
      expect(read(text), JSON.stringify(text)).toBe(expected);
      if (expected) proved++;
    };
    fc.assert(fc.property(mutated(messagesOf(contract), TOKENS, 4), check), runs(3000));
    expect(proved).toBeGreaterThan(200);
  });
});
