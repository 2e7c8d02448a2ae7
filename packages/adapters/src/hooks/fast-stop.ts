import { safeJsonParse } from '@skillpack/core';
import type { z } from 'zod';
import type { RuntimeId } from '../runtime-id.js';
import { type ContractValidators, provenContract } from './fast-answer.js';
import type { HookArgs } from './hook-args.js';
import { requireStopHookActive } from './parse-stop-input.js';
import { isStopEventName } from './stop-event.js';
import type { StopHookHosts } from './stop-hook-hosts.js';

/**
 * What a pack's build derived for its hook's fast path: per runtime whose payload it can check, a predicate
 * generated from the payload's fields and the line it prints for a satisfied stop; per contract the hook
 * carries, how it is read without zod.
 */
export interface FastStopTables {
  readonly runtimes: Readonly<
    Record<string, { readonly accepts: (payload: unknown) => boolean; readonly satisfied: string }>
  >;
  readonly contracts: ContractValidators;
}

/** Whether `requireStopHookActive` records no issue for `payload`, run as plain code. */
function refinementHolds(payload: unknown): boolean {
  let issues = 0;
  const context = { addIssue: () => void issues++ } as unknown as z.RefinementCtx;
  requireStopHookActive(payload as Parameters<typeof requireStopHookActive>[0], context);
  return issues === 0;
}

/**
 * The line a Stop hook prints when the build's validators prove the stop satisfied, or `undefined` when
 * only the whole hook can answer: anything but a stop event with `stop_hook_active: false` whose payload
 * carries the message and which no other runtime hosts, or a message no validator accepted (a correction,
 * a contract that falls back, an unknown id). A predicate accepts only what the schema accepts, so a
 * satisfied answer here is the whole hook's (`{}`, whichever contract is satisfied first). Pure.
 */
export function decideFastStop(
  tables: FastStopTables,
  hosts: Readonly<Partial<Record<RuntimeId, StopHookHosts>>>,
  args: HookArgs,
  env: NodeJS.ProcessEnv,
  input: string,
): string | undefined {
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
  const fields = payload as {
    hook_event_name: string;
    stop_hook_active?: unknown;
    last_assistant_message?: unknown;
  };
  if (!isStopEventName(fields.hook_event_name) || fields.stop_hook_active !== false) return undefined;
  const message = fields.last_assistant_message;
  if (typeof message !== 'string') return undefined;
  return provenContract(tables.contracts, args.contractIds, message) === undefined
    ? undefined
    : runtime.satisfied;
}
