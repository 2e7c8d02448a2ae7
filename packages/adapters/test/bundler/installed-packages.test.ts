// A bundle built in this repository holds @skillpack/core as a user's build does: its published `dist`, once.
// Here each package's tsconfig.json maps `@skillpack/core` to its TypeScript sources, and esbuild applies the
// nearest tsconfig to every file it bundles: a file of this package importing core got core's sources while a
// contract list named by its package path got core's `dist`, two copies of every class.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundlePlugin } from '../../src/bundler/hook-bundler.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

describe('a bundle resolves @skillpack packages as installed', () => {
  it('takes core from its published entry even where a tsconfig maps it to the sources', async () => {
    const entry = {
      contents: [
        "import { ProtocolError } from '@skillpack/core';",
        "import { builtinContracts } from '@skillpack/core/contracts';",
        'export const probe = [ProtocolError, builtinContracts];',
      ].join('\n'),
      // Inside src/, where this package's tsconfig.json applies.
      resolveDir: SRC,
      sourcefile: 'probe.ts',
      loader: 'ts' as const,
    };
    const { metafiles } = await bundlePlugin({ build, zodFrom: import.meta.url }, entry, '// probe');
    const inputs = Object.keys(metafiles.plugin?.inputs ?? {});
    const core = inputs.filter((input) => /(?:^|[\\/])core[\\/](?:src|dist)[\\/]/.test(input));
    expect(core.length).toBeGreaterThan(10);
    expect(core.filter((input) => !/[\\/]dist[\\/]/.test(input))).toEqual([]);
  });
});
