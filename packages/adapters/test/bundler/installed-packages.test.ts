// A bundle built in this repository holds @skillpack/core as a user's build does: its published `dist`, once.
// Here each package's tsconfig.json maps `@skillpack/core` to its TypeScript sources, and esbuild applies the
// nearest tsconfig to every file it bundles: a file of this package importing core got core's sources while a
// contract list named by its package path got core's `dist`, two copies of every class.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlePlugin, bundleServer } from '../../src/bundler/hook-bundler.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

const tmp = mkdtempSync(join(tmpdir(), 'skillpack-installed-packages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Core's entry module as a lazy `import(specifier)` from `resolveDir` bundles it (CommonJS, not minified): its
 * `__esm` wrapper, whose first statement is `"use strict"` when esbuild read the file under a tsconfig's
 * `alwaysStrict`. The setup is skill-gen's: packages the project lacks resolve where the CLI's are.
 */
async function coreEntryFrom(specifier: string, resolveDir: string): Promise<string> {
  const setup = {
    build,
    packagesFrom: import.meta.url,
    options: { minify: false, nodePaths: createRequire(import.meta.url).resolve.paths('zod') ?? [] },
  };
  const entry = { contents: `export const load = () => import(${JSON.stringify(specifier)});`, resolveDir };
  const { file } = await bundleServer(setup, { ...entry, loader: 'js' }, '// probe');
  const wrapper = /^var init_dist = __esm\(\{\n {2}"[^"\n]*core\/dist\/index\.js"\(\) \{\n[\s\S]*?\n\}\);$/m;
  return wrapper.exec(Buffer.from(file).toString('utf8'))?.[0] ?? 'no wrapper of core/dist/index.js';
}

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
    const { metafiles } = await bundlePlugin({ build, packagesFrom: import.meta.url }, entry, '// probe');
    const inputs = Object.keys(metafiles.plugin?.inputs ?? {});
    const core = inputs.filter((input) => /(?:^|[\\/])core[\\/](?:src|dist)[\\/]/.test(input));
    expect(core.length).toBeGreaterThan(10);
    expect(core.filter((input) => !/[\\/]dist[\\/]/.test(input))).toEqual([]);
  });

  // esbuild reads a file once, with what the first import to reach it resolved: its own resolver adds the nearest
  // tsconfig's settings, a plugin's path none. A pack's contract module in a project without @skillpack/core
  // reached core by esbuild's resolver (nodePaths) and the adapters by the plugin: the build raced.
  it('takes core by one route, so its entry bundles the same whichever import reaches it first', async () => {
    const module = join(tmp, 'contract-module.js');
    writeFileSync(module, "export * from '@skillpack/core';\n");
    const fromModule = await coreEntryFrom(module, tmp);
    const fromAdapters = await coreEntryFrom('@skillpack/core', SRC);
    expect(fromAdapters).toMatch(/^var init_dist = __esm/);
    expect(fromModule).toBe(fromAdapters);
  });
});
