import { type AnyContract, describeValue, safeJsonParse } from '@skillpack/core';
import { createFileBlockCounter, defaultBlockStateDir } from './block-budget.js';
import { handleStopHook, type StopHookOptions } from './handle-stop-hook.js';
import { type HookArgs, hookUsage, parseHookArgs } from './hook-args.js';
import type { ContractLoader } from './load-contracts.js';
import { readBoundedText } from './read-bounded.js';
import { allowBecauseOfHookError, printedDecision, type StopDecision } from './stop-decision.js';
import type { HookDialects } from './stop-hook-dialect.js';
import { renderStopHookOutput, type StopHookOutput } from './stop-hook-output.js';

export interface HookProcessIo {
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly env: NodeJS.ProcessEnv;
  /** `Date.now()` when the hook started, when that was before this call: the deadline counts from it. */
  readonly startedAt?: number;
}

/** What the `skillpack-hook` process prints; it always exits 0 (exit 2 would block the stop). */
export interface HookProcessOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly decision?: StopDecision;
  /** The contracts the run checked, when it got that far. */
  readonly contracts?: readonly AnyContract[];
}

type RenderOutput = (output: StopHookOutput) => string;

function outcomeOf(decision: StopDecision, render: RenderOutput = renderStopHookOutput): HookProcessOutcome {
  return { ...printedDecision(decision, render), decision };
}

async function check(
  args: HookArgs,
  io: HookProcessIo,
  load: ContractLoader,
  dialects: HookDialects,
): Promise<HookProcessOutcome> {
  const dialect = dialects.dialect(args.runtime);
  const out = (decision: StopDecision) => outcomeOf(decision, dialect.renderOutput);
  const input = await readBoundedText(io.stdin, args.maxInputBytes);
  if (!input.success) return out(allowBecauseOfHookError(input.error.message));
  if (input.data.trim() === '') {
    return out(allowBecauseOfHookError(`stdin is empty; expected the ${args.runtime} Stop hook JSON.`));
  }
  const payload = safeJsonParse(input.data);
  if (!payload) {
    return out(allowBecauseOfHookError(`stdin is not JSON: received ${describeValue(input.data)}.`));
  }
  const contracts = await load(args.contractIds);
  if (!contracts.success) return out(allowBecauseOfHookError(contracts.error.message));
  const stateDir = defaultBlockStateDir(io.env);
  const options: StopHookOptions = {
    contracts: contracts.data,
    maxBlocks: args.maxBlocks,
    enforce: args.enforce,
    blockCounter: (key) => createFileBlockCounter(key, stateDir),
  };
  // A hook of one runtime run by another (a Claude Code hook under Copilot) is decided in the host's dialect.
  const host = dialects.hosting(args.runtime, io.env, payload.value) ?? dialect;
  const decide =
    host.decide ?? ((value: unknown, with_: StopHookOptions) => handleStopHook(host.input, value, with_));
  const { decision } = await decide(payload.value, options);
  return { ...out(decision), contracts: contracts.data };
}

/**
 * The whole `skillpack-hook` run, in the dialects given: arguments, bounded stdin, the contracts `load` finds,
 * decision, all under one deadline.
 */
export async function runHookWith(
  argv: readonly string[],
  io: HookProcessIo,
  load: ContractLoader,
  dialects: HookDialects,
): Promise<HookProcessOutcome> {
  const command = parseHookArgs(argv, dialects.ids, io.env);
  if (!command.success) return outcomeOf(allowBecauseOfHookError(command.error.message));
  if (command.data.kind === 'help') return { stdout: hookUsage(dialects.ids), stderr: '' };
  const { args } = command.data;
  const render = dialects.dialect(args.runtime).renderOutput;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<HookProcessOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          outcomeOf(
            allowBecauseOfHookError(`gave up after ${args.timeoutMs} ms (its own deadline).`),
            render,
          ),
        ),
      Math.max(0, args.timeoutMs - (io.startedAt === undefined ? 0 : Date.now() - io.startedAt)),
    );
  });
  try {
    return await Promise.race([
      check(args, io, load, dialects).catch((error: unknown) =>
        outcomeOf(
          allowBecauseOfHookError(`the check failed unexpectedly: ${describeValue(String(error))}`),
          render,
        ),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
