import { compareCodePoints } from '../text/ascii.js';
import { normalizeFindings } from './finding-identity.js';
import type { AcceptanceFinding } from './schemas.js';

/** Stop reason when a finding id is still open after its one automatic repair. */
export const REPEATED_FINDING_REASON = 'repeated_acceptance_finding';

/**
 * Per-finding automatic repair accounting for one active run, as plain data: identities that consumed their
 * one repair Apply, and how many canonical FAILs reported each identity (both sorted by identity).
 */
export interface RepairLedger {
  readonly repaired: readonly string[];
  readonly occurrences: readonly (readonly [identity: string, count: number])[];
}

/**
 * Whether a FAIL's findings may be repaired automatically (the identities to repair) or the repair loop
 * stops, and why.
 */
export type RepairDecision =
  | { readonly decision: 'repair'; readonly identities: readonly string[] }
  | {
      readonly decision: 'stop';
      readonly reason: typeof REPEATED_FINDING_REASON;
      readonly repeatedIdentities: readonly string[];
    };

/** Create an empty repair ledger: no finding repaired, no occurrence recorded. */
export function createRepairLedger(): RepairLedger {
  return { repaired: [], occurrences: [] };
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareCodePoints);
}

/**
 * Ingest a canonical FAIL. Identities the FAIL no longer reports were closed by acceptance and are dropped;
 * every reported (non-external) identity counts one more occurrence. If any of them already consumed its
 * repair, stop atomically with `repeated_acceptance_finding` (no partial Apply); otherwise repair them all.
 */
export function observeFail(
  ledger: RepairLedger,
  findings: readonly AcceptanceFinding[],
): { readonly ledger: RepairLedger; readonly decision: RepairDecision } {
  const identities = normalizeFindings(findings)
    .filter((finding) => !finding.external)
    .map((finding) => finding.identity);
  const open = new Set(identities);
  const counts = new Map(ledger.occurrences.filter(([identity]) => open.has(identity)));
  for (const identity of identities) counts.set(identity, (counts.get(identity) ?? 0) + 1);
  const repaired = ledger.repaired.filter((identity) => open.has(identity));
  const next: RepairLedger = {
    repaired,
    occurrences: [...counts.entries()].sort(([left], [right]) => compareCodePoints(left, right)),
  };
  const consumed = new Set(repaired);
  const repeated = identities.filter((identity) => consumed.has(identity));
  if (repeated.length > 0) {
    return {
      ledger: next,
      decision: { decision: 'stop', reason: REPEATED_FINDING_REASON, repeatedIdentities: repeated },
    };
  }
  return { ledger: next, decision: { decision: 'repair', identities } };
}

/** Record that the automatic repair Apply for these identities was dispatched (their budget is consumed). */
export function recordRepairDispatched(ledger: RepairLedger, identities: readonly string[]): RepairLedger {
  return { ...ledger, repaired: sortedUnique([...ledger.repaired, ...identities]) };
}

/** An operator authorised a new attempt: release every consumed repair, keep the occurrence counts. */
export function resetForExplicitRetry(ledger: RepairLedger): RepairLedger {
  return { ...ledger, repaired: [] };
}

/** How many canonical FAILs reported this identity in the current run. */
export function findingOccurrences(ledger: RepairLedger, identity: string): number {
  return ledger.occurrences.find(([known]) => known === identity)?.[1] ?? 0;
}

/** Whether this identity already consumed its automatic repair. */
export function hasConsumedRepair(ledger: RepairLedger, identity: string): boolean {
  return ledger.repaired.includes(identity);
}
