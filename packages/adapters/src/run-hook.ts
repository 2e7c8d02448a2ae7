import type { ContractRegistry } from '@skillpack/core';
import { HOOK_DIALECTS } from './hook-runtimes.js';
import { loadContracts } from './hooks/load-contracts.js';
import { type HookProcessIo, type HookProcessOutcome, runHookWith } from './hooks/run-hook-process.js';

/**
 * The whole `skillpack-hook` run in every runtime's dialect: the `pack` contracts (those a generated hook
 * carries) are found before the built-ins.
 */
export function runHookProcess(
  argv: readonly string[],
  io: HookProcessIo,
  pack?: ContractRegistry,
): Promise<HookProcessOutcome> {
  return runHookWith(argv, io, (ids) => loadContracts(ids, pack), HOOK_DIALECTS);
}
