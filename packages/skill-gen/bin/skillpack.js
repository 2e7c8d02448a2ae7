#!/usr/bin/env node
// The `skillpack` bin, committed (with its executable bit) so that npm links it at install time, before
// anything is built; the CLI itself is the compiled dist/cli.js. `skillpack parse` runs from one bundled
// file instead (dist/bundles/skillpack-parse.cjs, built with the package: no ~200 ES modules to load, and
// V8's code cache), unless it is missing or fails to load, or SKILLPACK_CLI_BUNDLE=0 asks for the modules.
const args = process.argv.slice(2);
const bundle = new URL('../dist/bundles/skillpack-parse.cjs', import.meta.url);
const { existsSync } = process.getBuiltinModule('node:fs');

/** The bundled program's entry, or nothing when the unbundled CLI is to run. */
function bundledParse() {
  if (args[0] !== 'parse' || process.env.SKILLPACK_CLI_BUNDLE === '0' || !existsSync(bundle))
    return undefined;
  try {
    const { createRequire } = process.getBuiltinModule('node:module');
    const { fileURLToPath } = process.getBuiltinModule('node:url');
    return createRequire(import.meta.url)(fileURLToPath(bundle)).runParseProcess;
  } catch {
    return undefined;
  }
}

const runParseProcess = bundledParse();
if (typeof runParseProcess === 'function') {
  runParseProcess(args.slice(1), () => import('../dist/cli/program.js'));
} else {
  await import('../dist/cli.js');
}
