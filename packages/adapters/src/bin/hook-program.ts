// First: every schema built after it is built without zod's JIT (see zod-jitless.ts).
import './zod-jitless.js';
import type { AnyContract } from '@skillpack/core';
import { HOOK_DIALECTS } from '../hook-runtimes.js';
import type { ContractLoader } from '../hooks/load-contracts.js';
import { runHookWith } from '../hooks/run-hook-process.js';
import { warmUpDecisionPaths } from '../hooks/warm-up.js';
import { writeDescriptor } from './stdio.js';

/** What the whole hook takes over from a pack hook's fast path: stdin from its start, and when the process started. */
export interface HookHandover {
  readonly stdin: AsyncIterable<Uint8Array>;
  /** `Date.now()` when the process started: the hook's deadline counts from it. */
  readonly startedAt: number;
}

/** A started `skillpack-hook` process, as its bundle's loader sees it: it can warm its decision paths. */
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
 * Run the `skillpack-hook` process: the contracts `load` finds (the built-ins for the adapters' own hook; a
 * generated pack's hook carries its own, see `packContractLoader`), checked against the runtime's hook JSON
 * on stdin (or, `handover`, the stdin a pack hook's fast path read before it handed the stop over).
 */
export function startHookProgram(load: ContractLoader, handover?: HookHandover): HookProgram {
  let checked: readonly AnyContract[] = [];
  const io = {
    stdin: handover?.stdin ?? process.stdin,
    env: process.env,
    ...(handover ? { startedAt: handover.startedAt } : {}),
  };
  runHookWith(process.argv.slice(2), io, load, HOOK_DIALECTS).then(
    (outcome) => {
      checked = outcome.contracts ?? [];
      finish(outcome.stdout, outcome.stderr);
    },
    (error: unknown) => {
      const message = `skillpack-hook: unexpected failure: ${String(error)}`;
      finish(`${JSON.stringify({ systemMessage: message })}\n`, `${message}\n`);
    },
  );
  // The runtimes whose payloads the old hook warmed (Claude Code's and Codex's), where most hooks run.
  const warmed = HOOK_DIALECTS.ids.slice(0, 2).map((id) => HOOK_DIALECTS.dialect(id).input);
  return { warmUp: () => warmUpDecisionPaths(checked, warmed) };
}
