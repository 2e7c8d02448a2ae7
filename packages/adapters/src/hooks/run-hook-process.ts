import { type AnyContract, type ContractRegistry, describeValue, safeJsonParse } from '@skillpack/core';
import { claudeCodeStopHook } from '../claude-code/stop-hook.js';
import { codexStopHook } from '../codex/stop-hook.js';
import { createFileBlockCounter, defaultBlockStateDir } from './block-budget.js';
import { handleStopHook, type StopHookOptions } from './handle-stop-hook.js';
import { HOOK_USAGE, type HookArgs, parseHookArgs } from './hook-args.js';
import { type ContractLoader, loadContracts } from './load-contracts.js';
import { readBoundedText } from './read-bounded.js';
import { allowBecauseOfHookError, type StopDecision, toStopHookOutput } from './stop-decision.js';
import type { HookRuntimeId, StopHookRuntime } from './stop-event.js';
import { renderStopHookOutput } from './stop-hook-output.js';

export interface HookProcessIo {
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly env: NodeJS.ProcessEnv;
}

/** What the `skillpack-hook` process prints; it always exits 0 (exit 2 would block the stop). */
export interface HookProcessOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly decision?: StopDecision;
  /** The contracts the run checked, when it got that far. */
  readonly contracts?: readonly AnyContract[];
}

const RUNTIMES: Readonly<Record<HookRuntimeId, StopHookRuntime>> = {
  'claude-code': claudeCodeStopHook,
  codex: codexStopHook,
};

function outcomeOf(decision: StopDecision): HookProcessOutcome {
  const notice = decision.kind === 'allow' && 'systemMessage' in decision ? decision.systemMessage : '';
  return {
    stdout: renderStopHookOutput(toStopHookOutput(decision)),
    stderr: notice ? `${notice}\n` : '',
    decision,
  };
}

async function check(args: HookArgs, io: HookProcessIo, load: ContractLoader): Promise<HookProcessOutcome> {
  const input = await readBoundedText(io.stdin, args.maxInputBytes);
  if (!input.success) return outcomeOf(allowBecauseOfHookError(input.error.message));
  if (input.data.trim() === '') {
    return outcomeOf(allowBecauseOfHookError(`stdin is empty; expected the ${args.runtime} Stop hook JSON.`));
  }
  const payload = safeJsonParse(input.data);
  if (!payload) {
    return outcomeOf(allowBecauseOfHookError(`stdin is not JSON: received ${describeValue(input.data)}.`));
  }
  const contracts = await load(args.contractIds);
  if (!contracts.success) return outcomeOf(allowBecauseOfHookError(contracts.error.message));
  const stateDir = defaultBlockStateDir(io.env);
  const options: StopHookOptions = {
    contracts: contracts.data,
    maxBlocks: args.maxBlocks,
    enforce: args.enforce,
    blockCounter: (key) => createFileBlockCounter(key, stateDir),
  };
  const { decision } = await handleStopHook(RUNTIMES[args.runtime], payload.value, options);
  return { ...outcomeOf(decision), contracts: contracts.data };
}

/**
 * The whole `skillpack-hook` run: arguments, bounded stdin, contracts, decision, all under one deadline. The
 * `pack` contracts (those a generated hook carries) are found before the built-ins.
 */
export function runHookProcess(
  argv: readonly string[],
  io: HookProcessIo,
  pack?: ContractRegistry,
): Promise<HookProcessOutcome> {
  return runHookWith(argv, io, (ids) => loadContracts(ids, pack));
}

/** `runHookProcess` with the contracts found by `load` alone (a generated pack's hook: its own contracts). */
export async function runHookWith(
  argv: readonly string[],
  io: HookProcessIo,
  load: ContractLoader,
): Promise<HookProcessOutcome> {
  const command = parseHookArgs(argv);
  if (!command.success) return outcomeOf(allowBecauseOfHookError(command.error.message));
  if (command.data.kind === 'help') return { stdout: HOOK_USAGE, stderr: '' };
  const { args } = command.data;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<HookProcessOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(outcomeOf(allowBecauseOfHookError(`gave up after ${args.timeoutMs} ms (its own deadline).`))),
      args.timeoutMs,
    );
  });
  try {
    return await Promise.race([
      check(args, io, load).catch((error: unknown) =>
        outcomeOf(allowBecauseOfHookError(`the check failed unexpectedly: ${describeValue(String(error))}`)),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
