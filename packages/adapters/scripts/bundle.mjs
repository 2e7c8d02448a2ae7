// Bundle the Stop hook (a CommonJS file) and each runtime's enforcement module (an ES module its folder declares
// in `src/<runtime>/bundle.json`: OpenCode's plugin, Pi's extension) into self-contained files (zod and every
// contract inside) that a generated pack carries and runs with plain `node`, no install step. Run after `tsc` by
// `build`: the recipe is the one `skillpack build` uses for a pack's own (dist/bundler/index.js).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const BANNER = `// @skillpack/adapters ${version}, prebuilt: do not edit. Bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell).`;

const setup = {
  build,
  packagesFrom: import.meta.url,
  options: {
    absWorkingDir: packageDir,
    // This package's own modules are bundled from their TypeScript sources; `@skillpack/core` resolves to its
    // published `dist`, as in a user's install (the recipe's `skillpackPackagesAsInstalled`).
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
  if (write) writeOutput('skillpack-hook', 'cjs', hook.file, HOOK_DECLARATION);
  return [
    summary('skillpack-hook (program)', hook.metafiles.program, externalImports),
    summary('skillpack-hook', hook.metafiles.loader, externalImports),
  ];
}

/**
 * The enforcement modules the runtimes' folders declare (`src/<runtime>/bundle.json`): the bundle's name, the
 * module and the one export the runtime loads (the bundle exports it alone), and the declaration beside it.
 */
function moduleBundles() {
  const src = join(packageDir, 'src');
  return readdirSync(src, { withFileTypes: true })
    .filter((folder) => folder.isDirectory() && existsSync(join(src, folder.name, 'bundle.json')))
    .map((folder) => ({
      folder: folder.name,
      ...JSON.parse(readFileSync(join(src, folder.name, 'bundle.json'), 'utf8')),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function buildModule(write, declared) {
  const { bundlePlugin, externalImports } = await bundler();
  const module = `./src/${declared.folder}/${declared.module.replace(/^\.\//, '')}`;
  const contents =
    declared.export === 'default'
      ? `export { default } from '${module}';\n`
      : `export { ${declared.export} } from '${module}';\n`;
  const built = await bundlePlugin(setup, entry(contents, `${declared.name}-entry.ts`), BANNER);
  if (write) writeOutput(declared.name, 'mjs', built.file, `${declared.declaration.join('\n')}\n`);
  return [summary(declared.name, built.metafiles.plugin, externalImports)];
}

/** The hook's declaration: a program, it exports nothing. */
const HOOK_DECLARATION =
  '// A program run with `node skillpack-hook.cjs <runtime> --contract <id>`; it exports nothing.\nexport {};\n';

/** `extension` is `cjs` or `mjs`; the declaration file's (`.d.cts`, `.d.mts`) follows it. */
function writeOutput(name, extension, contents, declaration) {
  const dir = join(packageDir, 'dist/bundles');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.${extension}`), contents, { mode: 0o755 });
  writeFileSync(join(dir, `${name}.d.${extension[0]}ts`), declaration);
  console.log(`bundle: dist/bundles/${name}.${extension} ${(contents.byteLength / 1024).toFixed(0)} KiB`);
}

/** Build every bundle; `write: false` only reports what each build holds (tests use it). */
export async function buildBundles({ write = true } = {}) {
  const modules = [];
  for (const declared of moduleBundles()) modules.push(...(await buildModule(write, declared)));
  return [...(await buildHook(write)), ...modules];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const builds = await buildBundles();
  const leaked = builds.flatMap((entry) => entry.externals);
  if (leaked.length > 0) {
    console.error(`bundle: imports other than node:* left in the bundles: ${leaked.join(', ')}`);
    process.exitCode = 1;
  }
}
