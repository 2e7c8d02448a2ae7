import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * A `@skillpack/*` import in a bundle resolves as Node resolves it from the importing file: to the package's
 * published entry (its `exports`, the compiled `dist`), never through a `tsconfig.json` `paths` alias. In this
 * repository each package's tsconfig maps `@skillpack/core` to its TypeScript sources, and esbuild applies the
 * nearest tsconfig to every file it bundles: a pack built here then carried core twice (its sources for the
 * adapters' imports, its `dist` for the contract lists the build names), two copies of every class, where a
 * user's build carries one. With this, a bundle built in the repository holds what a user's holds.
 */
export const skillpackPackagesAsInstalled: Plugin = {
  name: 'skillpack-packages-as-installed',
  setup(context) {
    context.onResolve({ filter: /^@skillpack\// }, (args) => {
      if (args.resolveDir === '') return undefined;
      try {
        return { path: createRequire(join(args.resolveDir, 'importer.js')).resolve(args.path) };
      } catch {
        // Not resolvable as Node would: esbuild's own resolution reports it.
        return undefined;
      }
    });
  },
};
