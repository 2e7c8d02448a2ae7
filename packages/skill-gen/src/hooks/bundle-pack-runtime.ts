import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { authorError } from '../author-error.js';
import type { ModuleContract } from '../contracts/load-contract-modules.js';
import { generatorVersion } from '../version.js';
import type { BundleName, HookBundles } from './hook-bundles.js';

/** The comment that carries the hook program; the adapters' code-cache loader reads the same markers. */
const PROGRAM_START = '/*skillpack-program ';
const PROGRAM_END = '\n*/\n';

/**
 * zod registers every locale, about a third of its code; nothing in a hook selects one (zod's default is
 * English), so the bundles keep English alone, as the adapters' prebuilt bundles do.
 */
const englishOnlyZodLocales: Plugin = {
  name: 'english-only-zod-locales',
  setup(context) {
    context.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
      resolveDir: join(args.path, '..'),
    }));
  },
};

/** zod's folder as `file` resolves it, else the CLI's own (the bundle's `nodePaths` fallback). */
function resolveZod(file: string): string | undefined {
  for (const from of [file, import.meta.url]) {
    try {
      return dirname(createRequire(from).resolve('zod/package.json'));
    } catch {
      // Try the next.
    }
  }
  return undefined;
}

const ZOD_IMPORT = /^import \{ z \} from 'zod';$/m;

/** skillpack's own compiled files: the published packages, or the workspace's `dist` folders. */
const OWN_FILE = /[\\/]@?skillpack[\\/]|[\\/]packages[\\/](?:core|adapters)[\\/]dist[\\/]/;

/**
 * `import { z } from 'zod'` binds zod's whole namespace as one value, which esbuild cannot tree-shake;
 * `import * as z` from the module zod's index re-exports binds the very same namespace object and can be
 * shaken member by member. Rewriting that line in skillpack's compiled files and the pack's own modules
 * (not in other packages) drops what nothing calls, as the adapters' prebuilt bundles do.
 */
const shakeableZodNamespace: Plugin = {
  name: 'shakeable-zod-namespace',
  setup(context) {
    context.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (!OWN_FILE.test(args.path) && /[\\/]node_modules[\\/]/.test(args.path)) return undefined;
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      if (!ZOD_IMPORT.test(source)) return undefined;
      const zod = resolveZod(args.path);
      if (zod === undefined) return undefined;
      const classic = JSON.stringify(join(zod, 'v4', 'classic', 'external.js'));
      const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
      return { contents: source.replace(ZOD_IMPORT, `import * as z from ${classic};`), loader };
    });
  },
};

/** The contracts a pack's hook checks, and whether any of them is built in rather than the pack's own. */
export interface HookedContracts {
  readonly ids: readonly string[];
  readonly builtins: boolean;
}

function runtimePath(): string {
  return createRequire(import.meta.url).resolve('@skillpack/adapters/pack-runtime');
}

/**
 * The entry's contract modules, each imported lazily (`load: () => import(file)`, which esbuild bundles as a
 * function that runs the module on first call): a module that throws where the pack runs fails the check
 * that needs it open, naming the module, instead of the whole hook or plugin. Each lists the contracts with
 * `ids` it provides; `builtins` adds the built-in registry (every family, imported up front: it is
 * skillpack's own) for the hooked built-in ids the modules do not provide.
 */
function lazyModules(modules: readonly ModuleContract[], ids: readonly string[], builtins = false) {
  const wanted = new Set(ids);
  const byFile = new Map<string, { name: string; ids: Set<string> }>();
  for (const entry of modules) {
    const module = byFile.get(entry.file) ?? { name: entry.specifier, ids: new Set<string>() };
    if (wanted.has(entry.contract.id)) module.ids.add(entry.contract.id);
    byFile.set(entry.file, module);
  }
  const lines: string[] = [];
  const entries = [...byFile].map(
    ([file, module]) =>
      `{ name: ${JSON.stringify(module.name)}, ids: ${JSON.stringify([...module.ids].sort())}, load: () => import(${JSON.stringify(file)}) }`,
  );
  if (builtins) {
    const own = new Set(modules.map((entry) => entry.contract.id));
    const rest = [...wanted].filter((id) => !own.has(id)).sort();
    lines.push(`import { builtinContracts } from '@skillpack/core/contracts';`);
    entries.push(
      `{ name: '@skillpack/core/contracts', ids: ${JSON.stringify(rest)}, load: async () => ({ builtinContracts }) }`,
    );
  }
  return { lines, modules: `[${entries.join(', ')}]` };
}

async function bundle(contents: string, format: 'cjs' | 'esm', banner: string | undefined, baseDir: string) {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents, resolveDir: baseDir, sourcefile: 'skillpack-pack-entry.js', loader: 'js' },
    absWorkingDir: baseDir,
    bundle: true,
    format,
    platform: 'node',
    target: 'node20.19',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [englishOnlyZodLocales, shakeableZodNamespace],
    // A project without its own zod or @skillpack/core gets the copies the CLI itself uses.
    nodePaths: createRequire(import.meta.url).resolve.paths('zod') ?? [],
    ...(banner ? { banner: { js: banner } } : {}),
  });
  const leaked = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => entry.path),
  );
  if (leaked.length > 0) throw new Error(`the bundle still imports ${leaked.join(', ')}`);
  return result.outputFiles[0]!.text;
}

function banner(): string {
  return `// Generated by @skillpack/skill-gen ${generatorVersion()}: do not edit. Bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell), @skillpack/core and @skillpack/adapters (MIT) and the pack's contracts.`;
}

/**
 * The hook as the adapters' prebuilt one is made: a CommonJS program carried in a comment after a small
 * CommonJS loader that runs it with V8's code cache (see the adapters' `bin/code-cache.ts`); the file is a
 * `.cjs`, so Node's ES module loader never starts for it. It knows the
 * contracts the pack hooks and nothing else, so the built-in families it does not hook stay out of it.
 */
async function buildHook(
  modules: readonly ModuleContract[],
  hooked: HookedContracts,
  baseDir: string,
): Promise<Uint8Array> {
  const runtime = JSON.stringify(runtimePath());
  const { lines, modules: lazy } = lazyModules(modules, hooked.ids, hooked.builtins);
  const program = await bundle(
    [
      `import { lazyPackContractLoader, startHookProgram } from ${runtime};`,
      ...lines,
      `const program = startHookProgram(lazyPackContractLoader(${lazy}));`,
      'export function warmUp() { program.warmUp(); }',
    ].join('\n'),
    'cjs',
    undefined,
    baseDir,
  );
  const body = program.replace(/^#!.*\n/, '');
  if (body.includes('*/') || !/^[\x00-\x7f]*$/.test(body)) {
    throw new Error('the hook program must be ASCII without "*/" to travel in a block comment');
  }
  const source = `(function (require, module, exports, __filename, __dirname) {${body}\n})`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 32);
  const loader = await bundle(
    `import { runWithCodeCache } from ${runtime};\nrunWithCodeCache(__filename);\n`,
    'cjs',
    `#!/usr/bin/env node\n${banner()}`,
    baseDir,
  );
  return Buffer.from(`${loader}${PROGRAM_START}${hash}\n${source}${PROGRAM_END}`, 'latin1');
}

async function buildPlugin(modules: readonly ModuleContract[], baseDir: string): Promise<Uint8Array> {
  const ids = modules.map((entry) => entry.contract.id);
  const { lines, modules: lazy } = lazyModules(modules, ids);
  const plugin = await bundle(
    [
      `import { createPackPlugin, loadLazyContracts } from ${JSON.stringify(runtimePath())};`,
      ...lines,
      // OpenCode calls every export of a plugin module: this is the only one.
      `export const SkillpackContractsPlugin = createPackPlugin(import.meta.url, () => loadLazyContracts(${lazy}, ${JSON.stringify([...new Set(ids)].sort())}));`,
    ].join('\n'),
    'esm',
    banner(),
    baseDir,
  );
  return Buffer.from(plugin, 'utf8');
}

/**
 * Bundle the hook and the OpenCode plugin a pack needs with the pack's own contracts inside, so an installed
 * pack enforces them with plain `node` and no `npm install`. Failing to bundle is a build error: a hook
 * that cannot carry its contracts would let every stop through.
 */
export async function bundlePackRuntime(
  needed: readonly BundleName[],
  modules: readonly ModuleContract[],
  hooked: HookedContracts,
  configFile: string,
  baseDir: string,
): Promise<HookBundles> {
  const bundles: { [name in BundleName]?: Uint8Array } = {};
  for (const name of needed) {
    try {
      bundles[name] =
        name === 'hook' ? await buildHook(modules, hooked, baseDir) : await buildPlugin(modules, baseDir);
    } catch (cause) {
      const errors = (cause as { errors?: { text: string }[] }).errors;
      const why = errors?.length ? errors.map((error) => error.text).join('; ') : String(cause);
      throw authorError('hook_bundle_failed', {
        file: configFile,
        message: `The ${name === 'hook' ? 'Stop hook' : 'OpenCode plugin'} cannot carry the pack's contracts: ${why}.`,
        fix: `Install @skillpack/adapters next to @skillpack/skill-gen and make the contract modules importable from ${dirname(configFile) || '.'}.`,
        cause,
      });
    }
  }
  return bundles;
}
