// Bundle the commands the bin runs from one file each, built with the package after `tsc` by `build`:
// `skillpack parse` into dist/bundles/skillpack-parse.cjs (its program, dist/commands/parse-program.js with
// zod, @skillpack/core and @skillpack/adapters inside, carried after the code-cache loader as the Stop hook
// is) and `skillpack install` into dist/bundles/skillpack-install.cjs (dist/commands/install-program.js,
// every runtime's declaration inside, carried as a string: its YAML and JSONC parsers hold regular
// expressions a block comment cannot), both with the one bundler, @skillpack/adapters/bundler; and what the
// bin answers before it loads any of them (`skillpack --help`, `--version`, no arguments) into
// dist/bundles/skillpack-start.cjs, from the modules the CLI answers them with (dist/cli/program-answer.js).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
const BUNDLES_ZOD =
  'Bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell), @skillpack/core and @skillpack/adapters (MIT)';
const PARSE_BANNER = `// @skillpack/skill-gen ${version}, \`skillpack parse\` bundled: do not edit. ${BUNDLES_ZOD}.`;
const INSTALL_BANNER = `// @skillpack/skill-gen ${version}, \`skillpack install\` bundled: do not edit. ${BUNDLES_ZOD} and jsonc-parser (MIT License, Copyright (c) Microsoft).`;

const START_BANNER = `// @skillpack/skill-gen ${version}, the program's own answers (usage, version) bundled: do not edit.`;

/** The files the bin requires, relative to the package. */
export const PARSE_BUNDLE = 'dist/bundles/skillpack-parse.cjs';
export const INSTALL_BUNDLE = 'dist/bundles/skillpack-install.cjs';
export const START_BUNDLE = 'dist/bundles/skillpack-start.cjs';

/** A compiled module of the adapters: the code-cache loader, zod's set-up without its JIT parsers. */
function adaptersModule(file) {
  return join(dirname(require.resolve('@skillpack/adapters/package.json')), 'dist/bin', file);
}

const entry = (contents, sourcefile) => ({ contents, resolveDir: packageDir, sourcefile, loader: 'js' });

const setup = {
  build,
  packagesFrom: import.meta.url,
  options: {
    absWorkingDir: packageDir,
    logLevel: 'warning',
    // Reached only through the contract-module loader and the hook bundler, which neither program runs.
    external: ['esbuild'],
    // jsonc-parser's `main` is a UMD module whose requires esbuild cannot follow; its `module` is ESM.
    mainFields: ['module', 'main'],
  },
};

/** What each build step of a bundle holds, for the tests. */
function summaries(bundled, externalImports) {
  return Object.entries(bundled.metafiles).map(([name, metafile]) => ({
    name,
    inputs: Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)),
    externals: externalImports(metafile),
    bytes: bundled.file.byteLength,
  }));
}

function writeBundle(file, bundled) {
  const path = join(packageDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bundled.file);
  console.log(`bundle: ${file} ${(bundled.file.byteLength / 1024).toFixed(0)} KiB`);
}

/** Build the parse bundle; `write: false` only reports what it holds (tests use it). */
export async function buildParseBundle({ write = true } = {}) {
  const { bundleHook, externalImports } = await import('@skillpack/adapters/bundler');
  const bundled = await bundleHook(
    setup,
    {
      // First, as in the Stop hook: zod without its JIT parsers, set before any schema is built (a parse
      // checks each schema a few times, where compiling a parser costs more than it saves).
      program: entry(
        `import ${JSON.stringify(adaptersModule('zod-jitless.js'))};\nexport { runParseProcess } from './dist/commands/parse-program.js';\n`,
        'skillpack-parse-program.js',
      ),
      loader: entry(
        `const { loadWithCodeCache } = require(${JSON.stringify(adaptersModule('code-cache.js'))});\nmodule.exports = loadWithCodeCache(__filename).exports;\n`,
        'skillpack-parse-entry.js',
      ),
    },
    PARSE_BANNER,
  );
  if (write) writeBundle(PARSE_BUNDLE, bundled);
  return summaries(bundled, externalImports);
}

/** Build the install bundle; `write: false` only reports what it holds (tests use it). */
export async function buildInstallBundle({ write = true } = {}) {
  const { bundleCommand, CARRIED_PROGRAM, CARRIED_PROGRAM_HASH, externalImports } = await import(
    '@skillpack/adapters/bundler'
  );
  const bundled = await bundleCommand(
    setup,
    {
      program: entry(
        "export { runInstallProcess } from './dist/commands/install-program.js';\n",
        'skillpack-install-program.js',
      ),
      loader: entry(
        [
          `const { loadProgram, programKey } = require(${JSON.stringify(adaptersModule('code-cache.js'))});`,
          `const program = { source: ${CARRIED_PROGRAM}, key: programKey(${CARRIED_PROGRAM_HASH}, __filename) };`,
          'module.exports = loadProgram(program, __filename).exports;',
          '',
        ].join('\n'),
        'skillpack-install-entry.js',
      ),
    },
    INSTALL_BANNER,
  );
  if (write) writeBundle(INSTALL_BUNDLE, bundled);
  return summaries(bundled, externalImports);
}

/**
 * Build the start bundle: a few kilobytes of plain CommonJS, no code cache (compiling it costs less than
 * reading a cache). `write: false` only reports what it holds (tests use it).
 */
export async function buildStartBundle({ write = true } = {}) {
  const result = await build({
    ...setup.options,
    stdin: entry(
      [
        "export { programAnswer } from './dist/cli/program-answer.js';",
        "export { detectInvocation, processInvocationFacts, setInvocation } from './dist/cli/invocation.js';",
        '',
      ].join('\n'),
      'skillpack-start-entry.js',
    ),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: START_BANNER },
    metafile: true,
    write: false,
  });
  const bundled = { file: result.outputFiles[0].contents, metafiles: { start: result.metafile } };
  if (write) writeBundle(START_BUNDLE, bundled);
  const { externalImports } = await import('@skillpack/adapters/bundler');
  return summaries(bundled, externalImports);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const builds = [
    [PARSE_BUNDLE, await buildParseBundle()],
    [INSTALL_BUNDLE, await buildInstallBundle()],
    [START_BUNDLE, await buildStartBundle()],
  ];
  for (const [file, summary] of builds) {
    const leaked = summary.flatMap((step) => step.externals);
    if (leaked.length > 0) {
      console.error(`bundle: imports other than node:* left in ${file}: ${leaked.join(', ')}`);
      process.exitCode = 1;
    }
  }
}
