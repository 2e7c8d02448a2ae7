import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../src/contracts.js';

/**
 * Where a contract lives in a family folder (CONTRIBUTING, "Add a contract"): `defineContract` is called in
 * `<name>-contract.ts` (one contract) or `<name>-contracts.ts` (a set built from one table) and nowhere
 * else, and no other file of a family carries that suffix, so the file list of a folder shows its contracts.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));
const FAMILIES = [...new Set(builtinContracts.ids.map((id) => id.slice(0, id.indexOf('.'))))].sort();
const CONTRACT_FILE = /-contracts?\.ts$/;

function familyFiles(family: string): string[] {
  return readdirSync(join(SRC, family), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .sort();
}

describe('family folder layout', () => {
  it.each(FAMILIES)('%s defines its contracts in *-contract(s).ts files only', (family) => {
    const files = familyFiles(family);
    const defining = files.filter((path) =>
      /\bdefineContract\(/.test(readFileSync(join(SRC, family, path), 'utf8')),
    );
    expect(defining.length).toBeGreaterThan(0);
    expect(defining).toEqual(files.filter((path) => CONTRACT_FILE.test(path)));
  });

  it.each(FAMILIES)(
    '%s lists its contracts, <family>Contracts, in contract-list.ts, and its index re-exports the list',
    (family) => {
      const list = readFileSync(join(SRC, family, 'contract-list.ts'), 'utf8');
      expect(list).toMatch(new RegExp(`export const ${family}Contracts: readonly AnyContract\\[\\]`));
      const index = readFileSync(join(SRC, family, 'index.ts'), 'utf8');
      expect(index).toContain(`export { ${family}Contracts } from './contract-list.js';`);
    },
  );

  it.each(FAMILIES)(
    '%s declares its error-code union <Family>ErrorCode in error-codes.ts, the one name for that file',
    (family) => {
      const union = `${family[0]?.toUpperCase()}${family.slice(1)}ErrorCode`;
      const files = familyFiles(family);
      expect(files).toContain('error-codes.ts');
      const declaring = files.filter((path) =>
        new RegExp(`export type ${union}\\b`).test(readFileSync(join(SRC, family, path), 'utf8')),
      );
      expect(declaring).toEqual(['error-codes.ts']);
      expect(files.filter((path) => /(failure-codes|protocol-errors)\.ts$/.test(path))).toEqual([]);
    },
  );
});
