import type { BuildOptions, build as esbuildBuild, Metafile, StdinOptions } from 'esbuild';
import { carryProgram, carrySecondProgram, wrappedProgram } from './carried-program.js';
import { skillpackPackagesAsInstalled } from './installed-packages.js';
import { englishOnlyZodLocales, shakeableZodNamespace } from './zod-plugins.js';

/** esbuild's `build`, passed in by the caller so this package needs no esbuild of its own. */
export type EsbuildBuild = typeof esbuildBuild;

/** What a caller brings to the one hook and plugin recipe. */
export interface BundlerSetup {
  readonly build: EsbuildBuild;
  /**
   * Where zod and `@skillpack/*` packages resolve from when a bundled file's own folder has none (the bundling
   * package's file).
   */
  readonly packagesFrom: string;
  /** The caller's own esbuild options (`absWorkingDir`, `tsconfig`, `nodePaths`, `logLevel`, …). */
  readonly options?: BuildOptions;
}

/** A bundle's file and what esbuild reports about it (one metafile per build step). */
export interface Bundled {
  readonly file: Uint8Array;
  readonly metafiles: Readonly<Record<string, Metafile>>;
}

/** The recipe every hook and plugin bundle shares: self-contained for Node 20.19, minified, zod shaken. */
function options(setup: BundlerSetup, stdin: StdinOptions, extra: BuildOptions): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    ...setup.options,
    ...extra,
    stdin,
    write: false,
    metafile: true,
    plugins: [
      skillpackPackagesAsInstalled(setup.packagesFrom),
      englishOnlyZodLocales,
      shakeableZodNamespace(setup.packagesFrom),
    ],
  };
}

async function bundleText(setup: BundlerSetup, stdin: StdinOptions, extra: BuildOptions) {
  const result = await setup.build(options(setup, stdin, extra));
  const output = result.outputFiles?.[0];
  if (output === undefined || result.metafile === undefined) throw new Error('esbuild wrote no bundle');
  return { text: output.text, metafile: result.metafile };
}

/**
 * The Stop hook: `program` (an entry whose module runs the hook and exports `warmUp`) bundled as CommonJS
 * and carried in a comment after `loader` (an entry that calls `runWithCodeCache(__filename)`), bundled
 * as CommonJS too with `banner` on top; `second`, a program `program` loads itself (`loadWithCodeCache` with
 * `SECOND_PROGRAM_START`), is carried before it with a code cache of its own. The file is meant to be named `.cjs`: Node's ES module loader
 * would cost every run about a tenth of its start-up, and the hook needs nothing from it.
 */
export async function bundleHook(
  setup: BundlerSetup,
  entries: { readonly program: StdinOptions; readonly loader: StdinOptions; readonly second?: StdinOptions },
  banner: string,
): Promise<Bundled> {
  // The program travels in a block comment: no legal comment (a `/* … */`) may stay in it.
  const program = await bundleText(setup, entries.program, { format: 'cjs', legalComments: 'none' });
  const second = entries.second
    ? await bundleText(setup, entries.second, { format: 'cjs', legalComments: 'none' })
    : undefined;
  const loader = await bundleText(setup, entries.loader, {
    format: 'cjs',
    banner: { js: `#!/usr/bin/env node\n${banner}` },
  });
  return {
    file: carryProgram(loader.text, program.text, second?.text),
    metafiles: {
      program: program.metafile,
      loader: loader.metafile,
      ...(second ? { second: second.metafile } : {}),
    },
  };
}

/** What a command bundle's loader entry names to reach the program it carries (see `bundleCommand`). */
export const CARRIED_PROGRAM = 'SKILLPACK_CARRIED_PROGRAM';
export const CARRIED_PROGRAM_HASH = 'SKILLPACK_CARRIED_PROGRAM_HASH';

/**
 * A CLI command's bundle, for a program that cannot travel in a block comment (a regular expression ending in
 * `*` holds a `*∕`): `program` bundled as CommonJS, wrapped as the hook's is, and carried in `loader` (bundled
 * as CommonJS with `banner` on top) as a string literal where `loader` names `SKILLPACK_CARRIED_PROGRAM`
 * (its hash where it names `SKILLPACK_CARRIED_PROGRAM_HASH`), for `loadProgram` to run with the code cache.
 * `import.meta.url` in the program is the bundle's own URL.
 */
export async function bundleCommand(
  setup: BundlerSetup,
  entries: { readonly program: StdinOptions; readonly loader: StdinOptions },
  banner: string,
): Promise<Bundled> {
  const program = await bundleText(setup, entries.program, {
    format: 'cjs',
    legalComments: 'none',
    define: { ...setup.options?.define, 'import.meta.url': 'SKILLPACK_MODULE_URL' },
    banner: { js: 'var SKILLPACK_MODULE_URL = require("node:url").pathToFileURL(__filename).href;' },
  });
  const { source, hash } = wrappedProgram(program.text);
  const loader = await bundleText(setup, entries.loader, {
    format: 'cjs',
    banner: { js: `#!/usr/bin/env node\n${banner}` },
    define: {
      ...setup.options?.define,
      [CARRIED_PROGRAM]: JSON.stringify(source),
      [CARRIED_PROGRAM_HASH]: JSON.stringify(hash),
    },
  });
  return {
    file: Buffer.from(loader.text, 'utf8'),
    metafiles: { program: program.metafile, loader: loader.metafile },
  };
}

/**
 * The plugin's first statement, after the banner: an ES-module-only one that exports nothing. A plugin is a
 * `.js` file in a folder whose package.json (if any) sets no `"type"`, so Node (20.19+, 22) compiles it as
 * CommonJS first and takes it for an ES module only when that compile fails: without this line the failure
 * came ≈ 250 KB in, at the bundle's first `import`, and every load paid a parse of that much twice.
 */
const PLUGIN_MODULE_MARK = 'export {};';

/**
 * The OpenCode plugin or Pi extension: `entry` bundled as an ES module with `banner` on top, then
 * `export {};` (its first statement); `second`, a program the module loads itself when it needs it
 * (`loadWithCodeCache` with `SECOND_PROGRAM_START`), bundled as CommonJS and carried after it in a comment.
 */
export async function bundlePlugin(
  setup: BundlerSetup,
  entry: StdinOptions,
  banner: string,
  second?: StdinOptions,
): Promise<Bundled> {
  const plugin = await bundleText(setup, entry, {
    format: 'esm',
    banner: { js: `${banner}\n${PLUGIN_MODULE_MARK}` },
  });
  if (second === undefined) {
    return { file: Buffer.from(plugin.text, 'utf8'), metafiles: { plugin: plugin.metafile } };
  }
  // The program travels in a block comment: no legal comment (a `/* … */`) may stay in it.
  const carried = await bundleText(setup, second, { format: 'cjs', legalComments: 'none' });
  return {
    file: carrySecondProgram(plugin.text, carried.text),
    metafiles: { plugin: plugin.metafile, second: carried.metafile },
  };
}

/**
 * The MCP submit server: `entry` bundled as one CommonJS program with a shebang and `banner` on top, meant to
 * be named `.cjs` and run as `node <file>` (Node's ES module loader never starts for it).
 */
export async function bundleServer(
  setup: BundlerSetup,
  entry: StdinOptions,
  banner: string,
): Promise<Bundled> {
  const server = await bundleText(setup, entry, {
    format: 'cjs',
    banner: { js: `#!/usr/bin/env node\n${banner}` },
  });
  return { file: Buffer.from(server.text, 'utf8'), metafiles: { server: server.metafile } };
}

/** Every import a build left outside the bundle that is not a Node built-in (a bundle must have none). */
export function externalImports(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    output.imports
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => entry.path),
  );
}
