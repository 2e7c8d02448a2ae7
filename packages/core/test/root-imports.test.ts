import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FAMILIES, familiesIn, modulesLoadedByImport } from './_support/loaded-modules.js';

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

  it('@skillpack/core/contracts, the registry of every built-in, loads them all', () => {
    expect(familiesIn(modulesLoadedByImport('@skillpack/core/contracts', packageDir).urls)).toEqual(
      BUILTIN_FAMILIES,
    );
  });
});
