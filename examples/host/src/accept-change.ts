// The Conflux acceptance recipe of the @skillpack/host README, byte for byte (e2e/host-readme.test.mjs checks
// that they stay the same): the verdict from runContract, decideAcceptanceRetry, the repair ledger, gating.
import type { RuntimeId } from '@skillpack/adapters';
import {
  type AcceptanceFinding,
  acceptanceContract,
  type CompletionGatingSummary,
  createRepairLedger,
  decideAcceptanceRetry,
  findingIdentity,
  MAX_ACCEPTANCE_RETRY_CYCLES,
  observeFail,
  recordRepairDispatched,
} from '@skillpack/core/conflux';
import { runContract } from '@skillpack/host';

export async function acceptChange(options: {
  runtime: RuntimeId;
  cwd: string;
  changeId: string;
  repair: (findings: readonly AcceptanceFinding[]) => Promise<void>;
  gating?: () => CompletionGatingSummary;
}) {
  let ledger = createRepairLedger();
  let previousIdentities: string[] = [];
  for (let cycle = 0; ; cycle++) {
    const result = await runContract({
      runtime: options.runtime,
      contract: acceptanceContract,
      prompt: `Run the acceptance review of change ${options.changeId}.`,
      cwd: options.cwd,
    });
    if (!result.ok) return { outcome: 'error', cycle, error: result.error } as const;
    const verdict = result.value;
    if (verdict.acceptance === 'pass') return { outcome: 'accepted', cycle, ledger } as const;
    if (verdict.acceptance === 'gated') {
      const gating = options.gating?.();
      return {
        outcome: 'held',
        cycle,
        blocker: verdict.blocker,
        gatingAgrees: !gating || gating.verdict === 'gated',
      } as const;
    }
    if (verdict.acceptance === 'continue') {
      if (cycle + 1 < MAX_ACCEPTANCE_RETRY_CYCLES) continue;
      return { outcome: 'stalled', cycle, reason: 'acceptance_cycle_limit_exhausted', ledger } as const;
    }
    const retry = decideAcceptanceRetry({ previousIdentities, findings: verdict.findings, cycle });
    const observed = observeFail(ledger, verdict.findings);
    ledger = observed.ledger;
    if (retry.decision === 'stall')
      return { outcome: 'stalled', cycle, reason: retry.reason, ledger } as const;
    if (observed.decision.decision === 'stop')
      return { outcome: 'stalled', cycle, reason: observed.decision.reason, ledger } as const;
    ledger = recordRepairDispatched(ledger, observed.decision.identities);
    previousIdentities = verdict.findings.flatMap((finding) => findingIdentity(finding) ?? []);
    await options.repair(verdict.findings);
  }
}
