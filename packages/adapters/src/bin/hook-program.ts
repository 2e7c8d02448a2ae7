import type { AnyContract } from '@skillpack/core';
import { createContractRegistry } from '@skillpack/core';
import { z } from 'zod';
import { runHookProcess } from '../hooks/run-hook-process.js';
import { warmUpDecisionPaths } from '../hooks/warm-up.js';
import { writeDescriptor } from './stdio.js';

export interface HookProgram {
  /** Called by the bundle's loader before it stores its code cache (see code-cache.ts). */
  warmUp(): void;
}

// Exit right after writing: after a deadline, stdin or a transcript read may still be pending.
function finish(stdout: string, stderr: string): void {
  if (stderr) writeDescriptor(2, stderr);
  writeDescriptor(1, stdout);
  process.exit(0);
}

/**
 * Run the `skillpack-hook` process: the built-in contracts, plus `packContracts` (the contracts a generated
 * pack's hook carries), checked against the runtime's hook JSON on stdin.
 */
export function startHookProgram(packContracts: readonly AnyContract[] = []): HookProgram {
  // One short-lived process parses each schema once or twice: compiling zod's JIT parsers would cost more
  // than it saves.
  z.config({ jitless: true });
  let checked: readonly AnyContract[] = [];
  const pack = packContracts.length > 0 ? createContractRegistry(packContracts) : undefined;
  runHookProcess(process.argv.slice(2), { stdin: process.stdin, env: process.env }, pack).then(
    (outcome) => {
      checked = outcome.contracts ?? [];
      finish(outcome.stdout, outcome.stderr);
    },
    (error: unknown) => {
      const message = `skillpack-hook: unexpected failure: ${String(error)}`;
      finish(`${JSON.stringify({ systemMessage: message })}\n`, `${message}\n`);
    },
  );
  return { warmUp: () => warmUpDecisionPaths(checked) };
}
