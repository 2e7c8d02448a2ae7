#!/usr/bin/env node
// The `skillpack` bin, committed (with its executable bit) so that npm links it at install time, before
// anything is built; the CLI itself is the compiled dist/cli.js. It is CommonJS (bin/package.json says so):
// Node runs a CommonJS main without starting its ES module loader, which a bundled command never needs.
// `skillpack parse` and `skillpack install` run from one bundled file each (dist/bundles/, built with the
// package: no ES modules to load, and V8's code cache), unless it is missing or fails to load, or
// SKILLPACK_CLI_BUNDLE=0 asks for the modules. What the program answers by itself (`--help`, `-h`, `help`,
// `--version`, `-v`, no arguments) comes from dist/bundles/skillpack-start.cjs, built from the modules the
// CLI answers with, under the same conditions. Every other command imports dist/cli.js.
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const args = process.argv.slice(2);
const dist = join(__dirname, '..', 'dist');
/** The bundled commands: each one's file and the function it exports to run it. */
const BUNDLED = {
  parse: ['skillpack-parse.cjs', 'runParseProcess'],
  install: ['skillpack-install.cjs', 'runInstallProcess'],
};

/** The bundled program's entry, or nothing when the unbundled CLI is to run. */
function bundledCommand() {
  const bundled = Object.hasOwn(BUNDLED, args[0]) ? BUNDLED[args[0]] : undefined;
  if (bundled === undefined || process.env.SKILLPACK_CLI_BUNDLE === '0') return undefined;
  const file = join(dist, 'bundles', bundled[0]);
  if (!existsSync(file)) return undefined;
  try {
    return require(file)[bundled[1]];
  } catch {
    return undefined;
  }
}

/** The package's version, from its own package.json. */
function packageVersion() {
  return JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version;
}

/** Print the program's own answer and end with its code; false when a command runs (or no bundle loads). */
function answeredAtStart() {
  if (process.env.SKILLPACK_CLI_BUNDLE === '0') return false;
  let answer;
  try {
    const start = require(join(dist, 'bundles', 'skillpack-start.cjs'));
    start.setInvocation(start.detectInvocation(start.processInvocationFacts()));
    answer = start.programAnswer(args, packageVersion);
  } catch {
    return false;
  }
  if (answer === undefined) return false;
  process.exitCode = answer.code;
  process[answer.stream].write(answer.text);
  return true;
}

const runBundled = bundledCommand();
if (typeof runBundled === 'function') {
  runBundled(args.slice(1), () => import(pathToFileURL(join(dist, 'cli', 'program.js')).href));
} else if (!answeredAtStart()) {
  import(pathToFileURL(join(dist, 'cli.js')).href);
}
