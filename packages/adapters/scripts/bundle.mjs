// Bundle the Stop hook (a CommonJS file), the OpenCode plugin and the Pi extension (ES modules) into self-contained files (zod
// and every contract inside) that a generated pack carries and runs with plain `node`, no install step. Run
// after `tsc` by `build`: the recipe is the one `skillpack build` uses for a pack's own (dist/bundler/index.js).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const BANNER = `// @skillpack/adapters ${version}, prebuilt: do not edit. Bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell).`;

const setup = {
  build,
  zodFrom: import.meta.url,
  options: {
    absWorkingDir: packageDir,
    // Workspace imports resolve to the TypeScript sources through the tsconfig `paths`.
    tsconfig: 'tsconfig.json',
    legalComments: 'eof',
    logLevel: 'warning',
  },
};

const entry = (contents, sourcefile) => ({ contents, resolveDir: packageDir, sourcefile, loader: 'ts' });

/** Every import left in a build must be a Node built-in. */
function summary(name, metafile, externalImports) {
  return {
    name,
    inputs: Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)),
    externals: externalImports(metafile),
  };
}

/** The recipe, from this package's compiled `dist` (so `tsc` runs first). */
async function bundler() {
  return import(pathToFileURL(join(packageDir, 'dist/bundler/index.js')).href);
}

/**
 * The hook runs once per stop, so its start-up time counts: its program is carried in a comment after a
 * small loader that runs it with V8's code cache (src/bin/code-cache.ts), see src/bundler/hook-bundler.ts.
 */
async function buildHook(write) {
  const { bundleHook, externalImports } = await bundler();
  const hook = await bundleHook(
    setup,
    {
      program: entry("export { warmUp } from './src/bin/skillpack-hook.ts';\n", 'skillpack-hook-program.ts'),
      loader: entry(
        "import { runWithCodeCache } from './src/bin/code-cache.ts';\nrunWithCodeCache(__filename);\n",
        'skillpack-hook-entry.ts',
      ),
    },
    BANNER,
  );
  if (write) writeOutput('skillpack-hook', 'cjs', hook.file);
  return [
    summary('skillpack-hook (program)', hook.metafiles.program, externalImports),
    summary('skillpack-hook', hook.metafiles.loader, externalImports),
  ];
}

async function buildPlugin(write) {
  const { bundlePlugin, externalImports } = await bundler();
  // OpenCode calls every export of a plugin module, so the bundle exports the plugin alone.
  const plugin = await bundlePlugin(
    setup,
    entry(
      "export { SkillpackContractsPlugin } from './src/opencode/prebuilt-plugin.ts';\n",
      'opencode-plugin-entry.ts',
    ),
    BANNER,
  );
  if (write) writeOutput('opencode-plugin', 'mjs', plugin.file);
  return [summary('opencode-plugin', plugin.metafiles.plugin, externalImports)];
}

/** Pi loads an extension module's default export, so the bundle exports the extension alone, as default. */
async function buildPiExtension(write) {
  const { bundlePlugin, externalImports } = await bundler();
  const extension = await bundlePlugin(
    setup,
    entry("export { default } from './src/pi/prebuilt-extension.ts';\n", 'pi-extension-entry.ts'),
    BANNER,
  );
  if (write) writeOutput('pi-extension', 'mjs', extension.file);
  return [summary('pi-extension', extension.metafiles.plugin, externalImports)];
}

/** Declarations beside each bundle, so the `exports` entries carry types like every other subpath. */
const DECLARATIONS = {
  'skillpack-hook':
    '// A program run with `node skillpack-hook.cjs <claude-code|codex> --contract <id>`; it exports nothing.\nexport {};\n',
  'opencode-plugin': [
    "import type { OpenCodePlugin } from '../opencode/plugin-types.js';",
    '',
    '/** The OpenCode V1 plugin; configured by `<file>.json` beside the module or by its opencode.json options. */',
    'export declare const SkillpackContractsPlugin: OpenCodePlugin;',
    '',
  ].join('\n'),
  'pi-extension': [
    "import type { PiExtensionFactory } from '../pi/extension-types.js';",
    '',
    '/** The Pi extension (1.6.0); configured by `<file>.json` beside the module. */',
    'declare const extension: PiExtensionFactory;',
    'export default extension;',
    '',
  ].join('\n'),
};

/** `extension` is `cjs` or `mjs`; the declaration file's (`.d.cts`, `.d.mts`) follows it. */
function writeOutput(name, extension, contents) {
  const dir = join(packageDir, 'dist/bundles');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.${extension}`), contents, { mode: 0o755 });
  writeFileSync(join(dir, `${name}.d.${extension[0]}ts`), DECLARATIONS[name]);
  console.log(`bundle: dist/bundles/${name}.${extension} ${(contents.byteLength / 1024).toFixed(0)} KiB`);
}

/** Build every bundle; `write: false` only reports what each build holds (tests use it). */
export async function buildBundles({ write = true } = {}) {
  return [...(await buildHook(write)), ...(await buildPlugin(write)), ...(await buildPiExtension(write))];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const builds = await buildBundles();
  const leaked = builds.flatMap((entry) => entry.externals);
  if (leaked.length > 0) {
    console.error(`bundle: imports other than node:* left in the bundles: ${leaked.join(', ')}`);
    process.exitCode = 1;
  }
}
