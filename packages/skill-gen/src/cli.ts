#!/usr/bin/env node
import { runCli } from './program.js';

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
  interactive: process.stderr.isTTY === true,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `skillpack: unexpected failure: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = 70;
  },
);
