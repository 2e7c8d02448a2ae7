// A contract's zod-free read (`plainRead`), what a generated hook decides a satisfied stop with: its module
// loads no zod, and on every example and mutation of one it holds exactly when `judge(extract(text))` is
// satisfied, the whole hook's answer.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyContract } from '../src/contract.js';
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
];

async function readOf(contract: AnyContract): Promise<(text: string) => boolean> {
  const module = (await import(contract.plainRead!.module)) as Record<string, unknown>;
  return module[contract.plainRead!.name] as (text: string) => boolean;
}

describe('a contract’s zod-free read', () => {
  it('is declared by the maestro contracts', () => {
    expect(READ.map((contract) => contract.id).sort()).toEqual(['maestro.result', 'maestro.verdict']);
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
});
