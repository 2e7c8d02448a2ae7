import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinContractListOf } from '../src/builtin-loaders.js';
import { builtinContracts } from '../src/contracts.js';
import {
  BUILTIN_FAMILIES,
  familiesIn,
  modulesLoadedBy,
  modulesLoadedByImport,
} from './_support/loaded-modules.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('@skillpack/core loads only the families an entry is about', () => {
  it('knows the four built-in families', () => {
    expect(BUILTIN_FAMILIES).toEqual(['conflux', 'zaofu', 'maestro', 'devflow']);
  });

  it('the root loads no family', () => {
    expect(familiesIn(modulesLoadedByImport('@skillpack/core', packageDir).urls)).toEqual([]);
  });

  it.each(BUILTIN_FAMILIES)('@skillpack/core/%s loads that family alone', (family) => {
    expect(familiesIn(modulesLoadedByImport(`@skillpack/core/${family}`, packageDir).urls)).toEqual([family]);
  });

  // A hook loads a built-in contract by id: the family's contract list, not its index (whose argv parsers,
  // helpers and schema namespace build schemas no check reads).
  it.each(BUILTIN_FAMILIES)(
    'loadBuiltinContract of a %s contract loads its contract list, not the family index',
    (family) => {
      const id = builtinContracts.ids.find((known) => known.startsWith(`${family}.`));
      const script = `const { loadBuiltinContract } = await import('@skillpack/core'); const found = await loadBuiltinContract(${JSON.stringify(id)}); if (found?.id !== ${JSON.stringify(id)}) process.exit(3);`;
      const loaded = modulesLoadedBy(['--input-type=module', '-e', script], packageDir);
      expect(loaded.status).toBe(0);
      expect(familiesIn(loaded.urls)).toEqual([family]);
      expect(loaded.urls.filter((url) => url.endsWith(`/core/dist/${family}/contract-list.js`))).toHaveLength(
        1,
      );
      expect(loaded.urls.filter((url) => url.endsWith(`/core/dist/${family}/index.js`))).toEqual([]);
    },
  );

  // A generated pack's hook imports the contract list of each built-in family it checks, and no other.
  it.each(BUILTIN_FAMILIES)(
    "builtinContractListOf a %s contract names a module that loads that family's contracts alone",
    async (family) => {
      const ids = builtinContracts.ids.filter((known) => known.startsWith(`${family}.`));
      const specifier = builtinContractListOf(ids[0]!);
      expect(specifier).toBe(`@skillpack/core/contract-lists/${family}`);
      const loaded = modulesLoadedByImport(specifier!, packageDir);
      expect(familiesIn(loaded.urls)).toEqual([family]);
      expect(loaded.urls.filter((url) => url.endsWith(`/core/dist/${family}/index.js`))).toEqual([]);
      const module = (await import(specifier!)) as Record<string, readonly { id: string }[]>;
      expect(
        Object.values(module)
          .flatMap((list) => list.map((contract) => contract.id))
          .sort(),
      ).toEqual([...ids].sort());
    },
  );

  it('builtinContractListOf names nothing for an id outside the built-in families', () => {
    for (const id of ['acme.plain', 'nodot', '__proto__.x', 'constructor.x', '.x'])
      expect(builtinContractListOf(id), id).toBeUndefined();
  });

  it('@skillpack/core/contracts, the registry of every built-in, loads them all', () => {
    expect(familiesIn(modulesLoadedByImport('@skillpack/core/contracts', packageDir).urls)).toEqual(
      BUILTIN_FAMILIES,
    );
  });
});
