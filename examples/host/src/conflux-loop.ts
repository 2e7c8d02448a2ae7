import { createEventLineUnwrapper } from '@skillpack/adapters';
import {
  type AcceptanceFinding,
  type AcceptanceParseResult,
  type AcceptanceVerdict,
  AUTOMATION_STATES,
  acceptanceContract,
  buildAcceptanceTailFindings,
  type CompletionGatingSummary,
  createProtocolRetryState,
  createRepairLedger,
  decideRepairGate,
  observeFail,
  observeProtocolOutcome,
  protocolOutcomeOf,
  type RepairLedger,
  recordRepairDispatched,
  renderFindingLine,
  repeatedFindingStop,
  safeParseAcceptanceOutput,
  schemas,
  summarizeCompletionGating,
  takeProtocolRetry,
} from '@skillpack/core/conflux';
import type { DecisionLog, HostDecision, ScenarioReport } from './decision.js';

type Decision = Omit<HostDecision, 'scenario' | 'step'>;

import { incompleteRun, type RecordedRun, readJson, readLines, readRecordedRun } from './recorded-run.js';
import type { ConfluxScenario } from './scenarios.js';

/** The orchestrator's memory of one change between acceptance runs: plain data, replaced at each step. */
interface ChangeState {
  protocol: ReturnType<typeof createProtocolRetryState>;
  ledger: RepairLedger;
  /** The findings of the FAIL whose repair was dispatched, for the diff-coverage gate. */
  repairing: readonly AcceptanceFinding[];
  changedFiles: readonly string[];
}

function describeVerdict(verdict: AcceptanceVerdict): string {
  switch (verdict.acceptance) {
    case 'fail':
      return `verdict fail (${verdict.findings.length} finding${verdict.findings.length === 1 ? '' : 's'})`;
    case 'gated':
      return `verdict gated (${verdict.blocker.category} blocker)`;
    default:
      return `verdict ${verdict.acceptance}`;
  }
}

/** The declared verifications and their observed states, gated as the cflx-accept table says. */
async function gatingOf(
  runsDir: string,
  file: string | undefined,
): Promise<CompletionGatingSummary | undefined> {
  if (file === undefined) return undefined;
  const document = (await readJson(runsDir, file)) as { verifications?: unknown };
  const entries = Array.isArray(document.verifications) ? document.verifications : [];
  return summarizeCompletionGating(
    entries.map((entry: { declaration?: unknown; state?: unknown }) => {
      const state = AUTOMATION_STATES.find((known) => known === entry.state);
      if (state === undefined)
        throw new Error(`${file}: unknown automation state ${JSON.stringify(entry.state)}`);
      return { declaration: schemas.VerificationDeclarationSchema.parse(entry.declaration), state };
    }),
  );
}

function onVerdict(
  scenario: ConfluxScenario,
  state: ChangeState,
  recorded: RecordedRun,
  verdict: AcceptanceVerdict,
  gating: CompletionGatingSummary | undefined,
): Decision {
  const base = { source: recorded.source, runtime: recorded.run.runtime, observed: describeVerdict(verdict) };
  switch (verdict.acceptance) {
    case 'pass':
      return {
        ...base,
        decision: 'accept',
        reason: null,
        message: `Accept ${scenario.changeId}: hand it to archive.`,
        details: {},
      };
    case 'continue':
      return {
        ...base,
        decision: 'rerun_acceptance',
        reason: 'explicit_continue',
        message: 'Run acceptance again within the configured CONTINUE budget.',
        details: {},
      };
    case 'gated': {
      const { blocker } = verdict;
      const agrees = gating === undefined || gating.verdict === 'gated';
      return {
        ...base,
        decision: 'hold',
        reason: blocker.category,
        message: `Hold ${scenario.changeId} as blocked until: ${blocker.unblock_condition}. Next: ${blocker.next_action}.`,
        details: {
          blocker,
          resumable: blocker.resumable,
          gating: gating?.verdict ?? null,
          gatingAgrees: agrees,
          pendingObservations: gating?.pending.map((entry) => entry.id) ?? [],
        },
      };
    }
    case 'fail': {
      const observed = observeFail(state.ledger, verdict.findings);
      state.ledger = observed.ledger;
      if (observed.decision.decision === 'stop') {
        const stop = repeatedFindingStop({
          changeId: scenario.changeId,
          findings: verdict.findings,
          ledger: state.ledger,
          changedFiles: state.changedFiles,
          repeatedIdentities: observed.decision.repeatedIdentities,
        });
        return {
          ...base,
          decision: 'stop_repair',
          reason: stop.stop_reason,
          message: stop.next_action,
          details: { repeatedIdentities: stop.repeated_identities, occurrences: stop.finding_occurrences },
        };
      }
      const { identities } = observed.decision;
      state.ledger = recordRepairDispatched(state.ledger, identities);
      state.repairing = verdict.findings;
      return {
        ...base,
        decision: 'dispatch_repair',
        reason: null,
        message: `Dispatch one repair Apply for: ${verdict.findings.map(renderFindingLine).join(' || ')}`,
        details: { identities },
      };
    }
  }
}

function onProtocolError(
  state: ChangeState,
  recorded: RecordedRun,
  result: AcceptanceParseResult & { success: false },
  log: DecisionLog,
): void {
  const outcome = protocolOutcomeOf(result, buildAcceptanceTailFindings(recorded.run.finalText));
  const observed = observeProtocolOutcome(state.protocol, outcome);
  state.protocol = observed.state;
  const base = {
    source: recorded.source,
    runtime: recorded.run.runtime,
    observed: `protocol error ${result.error.code}`,
  };
  if (observed.step.decision === 'retry') {
    const { retry } = observed.step;
    log.add({
      ...base,
      decision: 'retry_protocol',
      reason: result.error.code,
      message: observed.step.progress,
      details: {
        attempt: retry.attempt,
        max: retry.max,
        correction: acceptanceContract.correct(result.error),
      },
    });
  } else if (observed.step.decision === 'exhausted') {
    log.add({
      ...base,
      decision: 'stop_protocol',
      reason: observed.step.kind,
      message: observed.step.error,
      details: { attempts: observed.step.attempts },
    });
  }
}

async function acceptance(
  runsDir: string,
  scenario: ConfluxScenario,
  state: ChangeState,
  file: string,
  log: DecisionLog,
) {
  const taken = takeProtocolRetry(state.protocol);
  state.protocol = taken.state;
  const recorded = await readRecordedRun(runsDir, file);
  const incomplete = incompleteRun(recorded.run);
  if (incomplete !== undefined) {
    // Conflux treats a failed command before parsing: it neither resets nor consumes a protocol budget.
    state.protocol = observeProtocolOutcome(state.protocol, { kind: 'command_failed' }).state;
    log.add({
      source: recorded.source,
      runtime: recorded.run.runtime,
      observed: `run ${recorded.run.finish}`,
      decision: 'command_failed',
      reason: recorded.run.error?.code ?? recorded.run.finish,
      message: `Report the failed acceptance command: ${incomplete}.`,
      details: {},
    });
    return;
  }
  // The Conflux runtime parses the raw stdout, unwrapping each event line; the first JSON verdict wins.
  const result = safeParseAcceptanceOutput(recorded.bytes, { unwrapLine: createEventLineUnwrapper() });
  if (!result.success) {
    onProtocolError(state, recorded, result, log);
    return;
  }
  state.protocol = observeProtocolOutcome(state.protocol, { kind: 'canonical_verdict' }).state;
  const gating =
    result.data.acceptance === 'gated' ? await gatingOf(runsDir, scenario.verifications) : undefined;
  const decision = onVerdict(scenario, state, recorded, result.data, gating);
  // A verdict that follows a protocol retry closes it; the decision says which one.
  const answers = taken.retry && {
    answersRetry: `${taken.retry.kind} ${taken.retry.attempt}/${taken.retry.max}`,
  };
  log.add({ ...decision, details: { ...decision.details, ...answers } });
}

async function apply(
  runsDir: string,
  scenario: ConfluxScenario,
  state: ChangeState,
  file: string,
  log: DecisionLog,
) {
  state.changedFiles = await readLines(runsDir, file);
  const gate = decideRepairGate({
    changeId: scenario.changeId,
    findings: state.repairing,
    ledger: state.ledger,
    changedFiles: state.changedFiles,
  });
  const observed = `apply changed ${gate.coverage.changedFiles.length} files`;
  if (gate.gate === 'proceed') {
    log.add({
      source: file,
      runtime: null,
      observed,
      decision: 'rerun_acceptance',
      reason: 'remediation_covered',
      message:
        'Every declared file is in the repair diff: run acceptance again (coverage alone proves nothing).',
      details: { changedFiles: gate.coverage.changedFiles },
    });
  } else {
    log.add({
      source: file,
      runtime: null,
      observed,
      decision: 'stop_repair',
      reason: gate.stop.stop_reason,
      message: gate.stop.next_action,
      details: { uncovered: gate.coverage.uncovered },
    });
  }
}

/** Replay one change's acceptance runs and Apply deltas through the Conflux protocol logic. */
export async function replayConflux(
  runsDir: string,
  scenario: ConfluxScenario,
  log: DecisionLog,
): Promise<ScenarioReport> {
  const state: ChangeState = {
    protocol: createProtocolRetryState(),
    ledger: createRepairLedger(),
    repairing: [],
    changedFiles: [],
  };
  for (const step of scenario.steps) {
    if (step.kind === 'acceptance') await acceptance(runsDir, scenario, state, step.file, log);
    else await apply(runsDir, scenario, state, step.file, log);
  }
  return { id: scenario.id, title: scenario.title, decisions: log.decisions };
}
