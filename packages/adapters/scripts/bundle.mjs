// Bundle the Stop hook (a CommonJS file) and the OpenCode plugin (an ES module) into self-contained files (zod
// and every contract inside) that a generated pack carries and runs with plain `node`, no install step. Run
// after `tsc` by `build`.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
/** The comment that carries the hook program; src/bin/code-cache.ts reads the same markers. */
const PROGRAM_START = '/*skillpack-program ';
const PROGRAM_END = '\n*/\n';
const BANNER = `// @skillpack/adapters ${version}, prebuilt: do not edit. Bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell).`;

/**
 * zod registers every locale under `z.locales`, about a third of its code; nothing in skillpack selects a
 * locale (zod's default is English), so the bundles keep English alone. Startup time is the reason.
 */
const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(context) {
    context.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
      resolveDir: join(args.path, '..'),
    }));
  },
};

const zodClassic = join(
  dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4/classic/external.js',
);
const ZOD_IMPORT = /^import \{ z \} from 'zod';$/m;

/**
 * `import { z } from 'zod'` binds zod's whole namespace as one value, which esbuild cannot tree-shake;
 * `import * as z` from the same module (zod's index re-exports exactly it) can be, member by member.
 * Rewriting the import line in skillpack's own sources keeps every `z.x` the same and drops what nothing
 * calls (about half of zod, for the hook).
 */
const shakeableZodNamespace = {
  name: 'shakeable-zod-namespace',
  setup(context) {
    context.onLoad({ filter: /[\\/]packages[\\/](core|adapters)[\\/]src[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!ZOD_IMPORT.test(source)) return undefined;
      return {
        contents: source.replace(ZOD_IMPORT, `import * as z from ${JSON.stringify(zodClassic)};`),
        loader: 'ts',
      };
    });
  },
};

const common = {
  absWorkingDir: packageDir,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  // Workspace imports resolve to the TypeScript sources through the tsconfig `paths`.
  tsconfig: 'tsconfig.json',
  minify: true,
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
  plugins: [englishOnlyZodLocales, shakeableZodNamespace],
};

/** Every import left in a build must be a Node built-in. */
export function externalImports(metafile) {
  return Object.values(metafile.outputs).flatMap((output) =>
    output.imports
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => entry.path),
  );
}

function summary(name, metafile) {
  return {
    name,
    inputs: Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)),
    externals: externalImports(metafile),
  };
}

/**
 * The hook runs once per stop, so its start-up time counts. Its code is compiled as one CommonJS program
 * and carried in a comment at the end of the file, where parsing the file only skips it; a small loader
 * (src/bin/code-cache.ts) runs it with V8's code cache, kept between runs. The file is CommonJS too, named
 * `.cjs` so that no package.json "type" can make it an ES module: Node's ES module loader would cost every
 * run about a tenth of its start-up, and the hook needs nothing from it.
 */
async function buildHook(write) {
  const program = await build({
    ...common,
    entryPoints: ['src/bin/skillpack-hook.ts'],
    format: 'cjs',
    legalComments: 'none',
    write: false,
  });
  const body = program.outputFiles[0].text.replace(/^#!.*\n/, '');
  if (body.includes('*/') || !/^[\x00-\x7f]*$/.test(body)) {
    throw new Error('bundle: the hook program must be ASCII without "*/" to travel in a block comment');
  }
  const source = `(function (require, module, exports, __filename, __dirname) {${body}\n})`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 32);
  const loader = await build({
    ...common,
    stdin: {
      contents:
        "import { runWithCodeCache } from './src/bin/code-cache.ts';\nrunWithCodeCache(__filename);\n",
      resolveDir: packageDir,
      sourcefile: 'skillpack-hook-entry.ts',
      loader: 'ts',
    },
    format: 'cjs',
    banner: { js: `#!/usr/bin/env node\n${BANNER}` },
    write: false,
    outfile: 'dist/bundles/skillpack-hook.cjs',
  });
  const file = `${loader.outputFiles[0].text}${PROGRAM_START}${hash}\n${source}${PROGRAM_END}`;
  if (write) writeOutput('skillpack-hook', 'cjs', Buffer.from(file, 'latin1'));
  return [summary('skillpack-hook (program)', program.metafile), summary('skillpack-hook', loader.metafile)];
}

async function buildPlugin(write) {
  const plugin = await build({
    ...common,
    // OpenCode calls every export of a plugin module, so the bundle exports the plugin alone.
    stdin: {
      contents: "export { SkillpackContractsPlugin } from './src/opencode/plugin-entry.ts';\n",
      resolveDir: packageDir,
      sourcefile: 'opencode-plugin-entry.ts',
      loader: 'ts',
    },
    format: 'esm',
    banner: { js: BANNER },
    write: false,
    outfile: 'dist/bundles/opencode-plugin.mjs',
  });
  if (write) writeOutput('opencode-plugin', 'mjs', plugin.outputFiles[0].contents);
  return [summary('opencode-plugin', plugin.metafile)];
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
};

/** `extension` is `cjs` or `mjs`; the declaration file's (`.d.cts`, `.d.mts`) follows it. */
function writeOutput(name, extension, contents) {
  const dir = join(packageDir, 'dist/bundles');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.${extension}`), contents, { mode: 0o755 });
  writeFileSync(join(dir, `${name}.d.${extension[0]}ts`), DECLARATIONS[name]);
  console.log(`bundle: dist/bundles/${name}.${extension} ${(contents.byteLength / 1024).toFixed(0)} KiB`);
}

/** Build both bundles; `write: false` only reports what each build holds (tests use it). */
export async function buildBundles({ write = true } = {}) {
  return [...(await buildHook(write)), ...(await buildPlugin(write))];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const builds = await buildBundles();
  const leaked = builds.flatMap((entry) => entry.externals);
  if (leaked.length > 0) {
    console.error(`bundle: imports other than node:* left in the bundles: ${leaked.join(', ')}`);
    process.exitCode = 1;
  }
}
