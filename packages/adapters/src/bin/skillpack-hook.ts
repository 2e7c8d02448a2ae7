#!/usr/bin/env node
import { z } from 'zod';
import { runHookProcess } from '../hooks/run-hook-process.js';

// One short-lived process parses each schema once or twice: compiling zod's JIT parsers would cost more
// than it saves.
z.config({ jitless: true });

// Exit explicitly once stdout is flushed: after a deadline, stdin or a transcript read may still be open.
function finish(stdout: string, stderr: string): void {
  if (stderr) process.stderr.write(stderr);
  process.stdout.write(stdout, () => process.exit(0));
}

runHookProcess(process.argv.slice(2), { stdin: process.stdin, env: process.env }).then(
  (outcome) => finish(outcome.stdout, outcome.stderr),
  (error: unknown) => {
    const message = `skillpack-hook: unexpected failure: ${String(error)}`;
    finish(`${JSON.stringify({ systemMessage: message })}\n`, `${message}\n`);
  },
);
