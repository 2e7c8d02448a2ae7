import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { resolveFrom } from './resolve-from.js';

/**
 * zod registers every locale under `z.locales`, about a third of its code; nothing in skillpack selects a
 * locale (zod's default is English), so the bundles keep English alone. Startup time is the reason.
 */
export const englishOnlyZodLocales: Plugin = {
  name: 'english-only-zod-locales',
  setup(context) {
    context.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
      resolveDir: join(args.path, '..'),
    }));
  },
};

const ZOD_IMPORT = /^import \{ z \} from 'zod';$/m;

/** skillpack's own files: the published packages, or the workspace's sources and `dist` folders. */
const OWN_FILE = /[\\/]@?skillpack[\\/]|[\\/]packages[\\/](?:core|adapters)[\\/](?:src|dist)[\\/]/;

/** zod's folder as each of `from` (files or URLs, in order) resolves it. */
function resolveZod(from: readonly string[]): string | undefined {
  const manifest = resolveFrom('zod/package.json', from);
  return manifest === undefined ? undefined : dirname(manifest);
}

/**
 * `import { z } from 'zod'` binds zod's whole namespace as one value, which esbuild cannot tree-shake;
 * `import * as z` from the module zod's index re-exports binds the very same namespace object and can be
 * shaken member by member. Rewriting that line in skillpack's own files and a pack's own modules (not in
 * other packages) keeps every `z.x` the same and drops what nothing calls (about half of zod, for the
 * hook). `zodFrom` is where zod resolves from when a file's own folder has none (the bundling package).
 */
export function shakeableZodNamespace(zodFrom: string): Plugin {
  return {
    name: 'shakeable-zod-namespace',
    setup(context) {
      context.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (!OWN_FILE.test(args.path) && /[\\/]node_modules[\\/]/.test(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!ZOD_IMPORT.test(source)) return undefined;
        const zod = resolveZod([args.path, zodFrom]);
        if (zod === undefined) return undefined;
        const classic = JSON.stringify(join(zod, 'v4', 'classic', 'external.js'));
        const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        return { contents: source.replace(ZOD_IMPORT, `import * as z from ${classic};`), loader };
      });
    },
  };
}
