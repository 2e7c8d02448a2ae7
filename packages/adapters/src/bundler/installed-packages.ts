import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { resolveFrom } from './resolve-from.js';

/**
 * A `@skillpack/*` import in a bundle resolves as Node resolves it from the importing file: to the package's
 * published entry (its `exports`, the compiled `dist`), never through a `tsconfig.json` `paths` alias. In this
 * repository each package's tsconfig maps `@skillpack/core` to its TypeScript sources, and esbuild applies the
 * nearest tsconfig to every file it bundles: a pack built here then carried core twice (its sources for the
 * adapters' imports, its `dist` for the contract lists the build names), two copies of every class, where a
 * user's build carries one. With this, a bundle built in the repository holds what a user's holds.
 *
 * Where the importing file's folder has no such package (a pack's contract module in a project without its own
 * `@skillpack/core`), it resolves from `from`, the bundling package, as zod does: every `@skillpack/*` import
 * takes this one route. esbuild reads a file once, with the settings of the first import that reaches it, and
 * its own resolver gives a file settings a plugin's path does not carry (the nearest tsconfig's `alwaysStrict`,
 * package.json's `type` and `sideEffects`): reached both ways, core's entry was bundled with or without
 * `"use strict"` as the importers' resolution finished first, and two builds of one pack differed.
 */
export function skillpackPackagesAsInstalled(from: string): Plugin {
  return {
    name: 'skillpack-packages-as-installed',
    setup(context) {
      context.onResolve({ filter: /^@skillpack\// }, (args) => {
        const importer = args.resolveDir === '' ? [] : [join(args.resolveDir, 'importer.js')];
        const path = resolveFrom(args.path, [...importer, from]);
        // Not resolvable as Node would: esbuild's own resolution reports it.
        return path === undefined ? undefined : { path };
      });
    },
  };
}
