#!/usr/bin/env node
import { EXIT_INTERNAL, guardCommandProcess } from './cli/process-exit.js';
import { runCli } from './cli/program.js';

// Until the command completes, the exit code is a failure: see guardCommandProcess.
const command = guardCommandProcess();

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
  interactive: process.stderr.isTTY === true,
}).then(
  (code) => command.finish(code),
  (error: unknown) => {
    process.stderr.write(
      `skillpack: unexpected failure: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    command.finish(EXIT_INTERNAL);
  },
);
