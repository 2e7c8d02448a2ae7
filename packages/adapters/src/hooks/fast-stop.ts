import { findJsonCandidates, safeJsonParse, type UnattemptedFailure } from '@skillpack/core';
import type { z } from 'zod';
import type { RuntimeId } from '../runtime-id.js';
import { blockChainKey, createFileBlockCounter, defaultBlockStateDir } from './block-budget.js';
import { type ContractValidators, provenContract } from './fast-answer.js';
import type { HookArgs } from './hook-args.js';
import { requireStopHookActive, type StopPayloadFields, stopEventOf } from './parse-stop-input.js';
import { decideWithinBudget } from './spend-block-budget.js';
import {
  allowBecauseOfHookError,
  decideUnsatisfied,
  type FailureWording,
  type PrintedDecision,
  printedDecision,
  type UnsatisfiedDecision,
} from './stop-decision.js';
import { isStopEventName, type StopHookEvent } from './stop-event.js';
import type { StopHookHosts } from './stop-hook-hosts.js';
import { renderStopHookOutput } from './stop-hook-output.js';

/**
 * How the fast path reads a text that attempts none of a contract's answer, and how a stop words that failure,
 * as its build derived them: the contract's zod-free read of the failure (`PlainRead.unattempted`), or for the
 * default extract the failure of a text with no JSON object; its title and first example as a stop's wording
 * shows them; and the correction of that failure when it is the same for every such text (`null`: only the
 * whole hook can word it).
 */
export interface UnattemptedRead {
  readonly failureOf:
    | ((text: string) => UnattemptedFailure | undefined)
    | { readonly noJsonObject: UnattemptedFailure };
  readonly title: string;
  readonly example: string;
  readonly correction: string | null;
}

/**
 * What a pack's build derived for its hook's fast path: per runtime whose payload it can check (and whose
 * decision it prints as `renderStopHookOutput` does), a predicate generated from the payload's fields and the
 * field naming a chain of stops; per contract the hook carries, how it is read without zod, and how a text
 * attempting none of it is read and worded (`null` where only the whole hook can).
 */
export interface FastStopTables {
  readonly runtimes: Readonly<
    Record<string, { readonly accepts: (payload: unknown) => boolean; readonly chainIdField?: string }>
  >;
  readonly contracts: ContractValidators;
  readonly unattempted: Readonly<Record<string, UnattemptedRead | null>>;
}

/** A stop the fast path decides: its event, the contracts' ids, and the decision for each count of blocks spent. */
interface FastStop {
  readonly event: StopHookEvent;
  readonly ids: readonly string[];
  readonly decideAt: (
    blocksSoFar: number,
  ) => UnsatisfiedDecision<FailureWording> | { readonly kind: 'allow'; readonly because: 'satisfied' };
}

/** Whether `requireStopHookActive` records no issue for `payload`, run as plain code. */
function refinementHolds(payload: unknown): boolean {
  let issues = 0;
  const context = { addIssue: () => void issues++ } as unknown as z.RefinementCtx;
  requireStopHookActive(payload as Parameters<typeof requireStopHookActive>[0], context);
  return issues === 0;
}

/** Thrown by a correction the build could not derive: the whole hook words that stop. */
class UnwordedCorrection extends Error {}

/** Each contract's failure on `text` when `text` attempts none of them, as a stop words it; else `undefined`. */
function unattemptedWordings(
  reads: FastStopTables['unattempted'],
  ids: readonly string[],
  text: string,
): FailureWording[] | undefined {
  let hasJsonObject: boolean | undefined;
  const wordings: FailureWording[] = [];
  for (const id of ids) {
    const read = Object.hasOwn(reads, id) ? reads[id] : null;
    if (!read) return undefined;
    const { failureOf, correction } = read;
    let failure: UnattemptedFailure | undefined;
    if (typeof failureOf === 'function') failure = failureOf(text);
    else {
      // The default extract's `missing_payload`: no JSON object found as it finds them.
      hasJsonObject ??= findJsonCandidates(text, { shapes: 'all' }).length > 0;
      failure = hasJsonObject ? undefined : failureOf.noJsonObject;
    }
    if (failure === undefined) return undefined;
    wordings.push({
      id,
      title: read.title,
      code: failure.code,
      message: failure.message,
      attempted: false,
      correction: () => {
        if (correction === null) throw new UnwordedCorrection(id);
        return correction;
      },
      example: () => read.example,
    });
  }
  return wordings;
}

/**
 * The stop the build's tables prove the whole hook's answer to, or `undefined` when only the whole hook can
 * answer: anything but a stop event whose payload carries the message and which no other runtime hosts, and a
 * message neither proved satisfied by a contract's validator or zod-free read nor proved to attempt none of the
 * contracts (every one with a read of that failure, and a correction wherever the decision needs one). Pure.
 */
function readFastStop(
  tables: FastStopTables,
  hosts: Readonly<Partial<Record<RuntimeId, StopHookHosts>>>,
  args: HookArgs,
  env: NodeJS.ProcessEnv,
  input: string,
): FastStop | undefined {
  const runtime = tables.runtimes[args.runtime];
  if (runtime === undefined || input.trim() === '') return undefined;
  const parsed = safeJsonParse(input);
  if (parsed === undefined) return undefined;
  const payload = parsed.value;
  for (const [id, hosting] of Object.entries(hosts)) {
    if (id !== args.runtime && hosting?.runtimes.includes(args.runtime) && hosting.detect(env, payload))
      return undefined;
  }
  if (!runtime.accepts(payload) || !refinementHolds(payload)) return undefined;
  const event = stopEventOf(args.runtime, payload as StopPayloadFields, runtime.chainIdField);
  const message = event.lastAssistantMessage;
  if (!isStopEventName(event.hookEventName) || message === undefined) return undefined;
  // The whole hook loads each contract once, in the order first named.
  const ids = [...new Set(args.contractIds)];
  const proven = provenContract(tables.contracts, ids, message);
  if (proven !== undefined) {
    const satisfied = { kind: 'allow', because: 'satisfied' } as const;
    return { event, ids, decideAt: () => satisfied };
  }
  const failures = unattemptedWordings(tables.unattempted, ids, message);
  if (failures === undefined) return undefined;
  const budget = { maxBlocks: args.maxBlocks, enforce: args.enforce };
  const decideAt = (blocksSoFar: number) =>
    decideUnsatisfied(failures, (failure) => failure, { ...budget, blocksSoFar });
  // Decided once before any state is touched: a later decision (after a block another process took) words
  // the same reason or none, so a correction the build could not derive shows here, and the whole hook answers.
  try {
    decideAt(event.stopHookActive ? 1 : 0);
  } catch (error) {
    if (error instanceof UnwordedCorrection) return undefined;
    throw error;
  }
  return { event, ids, decideAt };
}

/**
 * What a pack hook's fast path prints for a stop, or `undefined` when only the whole hook can answer (see
 * `readFastStop`). A decided stop is decided as the whole hook decides it, with the same block budget and its
 * counter (`SKILLPACK_HOOK_STATE_DIR` of `env`), so it prints what the whole hook would and leaves the same state.
 */
export async function decideFastStop(
  tables: FastStopTables,
  hosts: Readonly<Partial<Record<RuntimeId, StopHookHosts>>>,
  args: HookArgs,
  env: NodeJS.ProcessEnv,
  input: string,
): Promise<PrintedDecision | undefined> {
  let stop: FastStop | undefined;
  try {
    stop = readFastStop(tables, hosts, args, env, input);
  } catch {
    return undefined;
  }
  if (stop === undefined) return undefined;
  const { event, ids, decideAt } = stop;
  try {
    const decision = await decideWithinBudget(decideAt, {
      stopHookActive: event.stopHookActive,
      maxBlocks: args.maxBlocks,
      counter: () => createFileBlockCounter(blockChainKey(event, ids), defaultBlockStateDir(env)),
    });
    return printedDecision(decision, renderStopHookOutput);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return printedDecision(
      allowBecauseOfHookError(`the check failed unexpectedly: ${message}`),
      renderStopHookOutput,
    );
  }
}

/**
 * Run the fast path's pure decisions once, with no I/O: a satisfied and an unattempted read of a message, a
 * block and a spent budget worded, a chain's key. A pack hook calls this before it stores its code cache, so
 * the cache also holds the code of the paths its first run did not take. Never throws.
 */
export function warmUpFastStop(tables: FastStopTables): void {
  try {
    const ids = Object.keys(tables.unattempted);
    provenContract(tables.contracts, ids, 'warm-up');
    const failures = unattemptedWordings(tables.unattempted, ids, 'warm-up') ?? [];
    for (const blocksSoFar of [0, 2]) {
      const decision = decideUnsatisfied(failures, (failure) => failure, { blocksSoFar, maxBlocks: 2 });
      printedDecision(decision, renderStopHookOutput);
    }
    const runtime = Object.keys(tables.runtimes)[0] as RuntimeId | undefined;
    if (runtime === undefined) return;
    const payload = { session_id: 'warm-up', hook_event_name: 'Stop', stop_hook_active: false };
    blockChainKey(stopEventOf(runtime, payload, tables.runtimes[runtime]?.chainIdField), ids);
  } catch {
    // A correction the build could not word, say: the warm-up only compiles what it reaches.
  }
}
