#!/usr/bin/env node
// The `skillpack` bin, committed (with its executable bit) so that npm links it at install time, before
// anything is built; the CLI itself is the compiled dist/cli.js. It is CommonJS (bin/package.json says so):
// Node runs a CommonJS main without starting its ES module loader, which `skillpack parse` never needs.
// `skillpack parse` runs from one bundled file (dist/bundles/skillpack-parse.cjs, built with the package: no
// ~200 ES modules to load, and V8's code cache), unless it is missing or fails to load, or
// SKILLPACK_CLI_BUNDLE=0 asks for the modules. Every other command imports dist/cli.js.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const args = process.argv.slice(2);
const dist = join(__dirname, '..', 'dist');
const bundle = join(dist, 'bundles', 'skillpack-parse.cjs');

/** The bundled program's entry, or nothing when the unbundled CLI is to run. */
function bundledParse() {
  if (args[0] !== 'parse' || process.env.SKILLPACK_CLI_BUNDLE === '0' || !existsSync(bundle))
    return undefined;
  try {
    return require(bundle).runParseProcess;
  } catch {
    return undefined;
  }
}

const runParseProcess = bundledParse();
if (typeof runParseProcess === 'function') {
  runParseProcess(args.slice(1), () => import(pathToFileURL(join(dist, 'cli', 'program.js')).href));
} else {
  import(pathToFileURL(join(dist, 'cli.js')).href);
}
