import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { familiesIn, modulesLoadedByImport } from '../../core/test/_support/loaded-modules.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('@skillpack/testing', () => {
  it('the root loads no contract family', () => {
    const { urls } = modulesLoadedByImport('@skillpack/testing', packageDir);
    expect(familiesIn(urls)).toEqual([]);
    expect(urls.some((url) => url.endsWith('/core/dist/contracts.js'))).toBe(false);
  });
});
