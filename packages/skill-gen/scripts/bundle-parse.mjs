// Bundle `skillpack parse` into dist/bundles/skillpack-parse.cjs: its program (dist/commands/parse-program.js
// with zod, @skillpack/core and @skillpack/adapters inside) carried after the code-cache loader, as the Stop
// hook is (the one bundler, @skillpack/adapters/bundler). The bin hands `parse` to it. Run after `tsc` by
// `build`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
const BANNER = `// @skillpack/skill-gen ${version}, \`skillpack parse\` bundled: do not edit. Bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell), @skillpack/core and @skillpack/adapters (MIT).`;

/** The file the bin requires, relative to the package. */
export const PARSE_BUNDLE = 'dist/bundles/skillpack-parse.cjs';

/** The adapters' code-cache loader (compiled), the one the Stop hook runs its program with. */
function codeCacheLoader() {
  return join(dirname(require.resolve('@skillpack/adapters/package.json')), 'dist/bin/code-cache.js');
}

const entry = (contents, sourcefile) => ({ contents, resolveDir: packageDir, sourcefile, loader: 'js' });

/** Build the bundle; `write: false` only reports what it holds (tests use it). */
export async function buildParseBundle({ write = true } = {}) {
  const { bundleHook, externalImports } = await import('@skillpack/adapters/bundler');
  const setup = {
    build,
    zodFrom: import.meta.url,
    options: {
      absWorkingDir: packageDir,
      logLevel: 'warning',
      // Reached only through the contract-module loader, which the program never runs (and esbuild drops).
      external: ['esbuild'],
    },
  };
  const bundled = await bundleHook(
    setup,
    {
      program: entry(
        "export { runParseProcess } from './dist/commands/parse-program.js';\n",
        'skillpack-parse-program.js',
      ),
      loader: entry(
        `const { loadWithCodeCache } = require(${JSON.stringify(codeCacheLoader())});\nmodule.exports = loadWithCodeCache(__filename).exports;\n`,
        'skillpack-parse-entry.js',
      ),
    },
    BANNER,
  );
  if (write) {
    const file = join(packageDir, PARSE_BUNDLE);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bundled.file);
    console.log(`bundle: ${PARSE_BUNDLE} ${(bundled.file.byteLength / 1024).toFixed(0)} KiB`);
  }
  return Object.entries(bundled.metafiles).map(([name, metafile]) => ({
    name,
    inputs: Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)),
    externals: externalImports(metafile),
    bytes: bundled.file.byteLength,
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const builds = await buildParseBundle();
  const leaked = builds.flatMap((summary) => summary.externals);
  if (leaked.length > 0) {
    console.error(`bundle: imports other than node:* left in ${PARSE_BUNDLE}: ${leaked.join(', ')}`);
    process.exitCode = 1;
  }
}
