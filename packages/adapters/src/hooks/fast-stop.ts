import { findJsonCandidates, safeJsonParse } from '@skillpack/core';
import type { z } from 'zod';
import type { RuntimeId } from '../runtime-id.js';
import type { HookArgs } from './hook-args.js';
import { requireStopHookActive } from './parse-stop-input.js';
import { isStopEventName } from './stop-event.js';
import type { StopHookHosts } from './stop-hook-hosts.js';

/**
 * How the fast path reads one contract: a predicate generated from its schema, which a JSON object of the
 * message must pass; or the contract's own zod-free read of the whole message (`satisfiedBy`, core's
 * `PlainRead`); `null` for a contract only the whole hook can read.
 */
export type FastContractRead =
  | ((value: unknown) => boolean)
  | { readonly satisfiedBy: (message: string) => boolean }
  | null;

/**
 * What a pack's build derived for its hook's fast path: per runtime whose payload it can check, a predicate
 * generated from the payload's fields and the line it prints for a satisfied stop; per contract the hook
 * carries, how it is read without zod.
 */
export interface FastStopTables {
  readonly runtimes: Readonly<
    Record<string, { readonly accepts: (payload: unknown) => boolean; readonly satisfied: string }>
  >;
  readonly contracts: Readonly<Record<string, FastContractRead>>;
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
  const reads = args.contractIds.map((id) => tables.contracts[id]);
  if (reads.includes(undefined)) return undefined;
  // The whole hook lets the stop through when any contract is satisfied, whichever comes first.
  let candidates: readonly { readonly value: unknown }[] | undefined;
  for (const read of reads) {
    if (!read) continue;
    if (typeof read !== 'function') {
      if (read.satisfiedBy(message)) return runtime.satisfied;
      continue;
    }
    // A contract read by its schema alone takes any JSON object of the message its schema accepts (core's
    // `extractLastJsonPayload`, the default extract, which finds them the same way and then picks one).
    candidates ??= findJsonCandidates(message, { shapes: 'all' });
    if (candidates.some((candidate) => read(candidate.value))) return runtime.satisfied;
  }
  return undefined;
}
