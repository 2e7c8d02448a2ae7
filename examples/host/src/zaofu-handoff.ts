import { type AgentRun, extractContract } from '@skillpack/adapters';
import { builtinContracts } from '@skillpack/core/contracts';
import {
  checkCompletionPayload,
  findZfEmitCommands,
  type PublishedManifest,
  routeGateFailed,
  synthesizeBacklogRefs,
  validateArtifactManifest,
} from '@skillpack/core/zaofu';
import type { DecisionLog, ScenarioReport } from './decision.js';
import { type RecordedRun, readRecordedRun } from './recorded-run.js';
import type { ZaofuScenario } from './scenarios.js';

/** An event the run emitted with `zf emit`, as the host tracks it between roles. */
interface EmittedEvent {
  readonly id: string;
  readonly type: string;
  readonly task_id: string | null;
  readonly payload: unknown;
}

const EVENT_ID = /^evt-[0-9a-f]{12}$/;

/**
 * The id of the last `zf emit <type>` a run executed. `zf emit` prints the new event's id; when the output
 * holds none, the host names the event after the tool call (the replay has no kernel to ask).
 */
function emittedEventId(run: AgentRun, type: string): { id: string; task: string | null } | undefined {
  let found: { id: string; task: string | null } | undefined;
  for (const tool of run.tools) {
    const command = (tool.input as { command?: unknown } | null)?.command;
    if (tool.status !== 'completed' || typeof command !== 'string') continue;
    for (const { result } of findZfEmitCommands(command)) {
      if (!result.success || result.data.type !== type) continue;
      const printed = tool.output?.trim() ?? '';
      found = {
        id: EVENT_ID.test(printed) ? printed : `tool:${tool.id ?? tool.line}`,
        task: result.data.task,
      };
    }
  }
  return found;
}

/** The typed payload of the run's `zf emit <contract's event>` call, with the event's id. */
function emitted(recorded: RecordedRun, contractId: string, type: string): EmittedEvent | { error: string } {
  const payload = extractContract(recorded.run, contractId, { registry: builtinContracts });
  if (!payload.success) return { error: `${payload.error.code}: ${payload.error.message}` };
  const event = emittedEventId(recorded.run, type);
  return { id: event?.id ?? 'unknown', type, task_id: event?.task ?? null, payload: payload.data };
}

function recordManifest(
  recorded: RecordedRun,
  scenario: ZaofuScenario,
  manifests: PublishedManifest[],
  log: DecisionLog,
): void {
  const event = emitted(recorded, 'zaofu.artifact-manifest-published', 'artifact.manifest.published');
  const base = { source: recorded.source, runtime: recorded.run.runtime };
  if ('error' in event) {
    log.add({
      ...base,
      observed: 'no manifest',
      decision: 'manifest_rejected',
      reason: 'missing_payload',
      message: event.error,
      details: {},
    });
    return;
  }
  const checked = validateArtifactManifest(event.payload, {
    projectRoot: scenario.projectRoot,
    stateDir: '.zf',
    ...(event.task_id === null ? {} : { defaultTaskId: event.task_id }),
  });
  if (!checked.success) {
    log.add({
      ...base,
      observed: `manifest ${event.id}`,
      decision: 'manifest_rejected',
      reason: checked.error.code,
      message: `Emit artifact.manifest.rejected: ${checked.error.message}`,
      details: {},
    });
    return;
  }
  manifests.push({ eventId: event.id, manifest: checked.data });
  const statuses = checked.data.artifact_refs.map((ref) => `${ref.kind}=${ref.status || 'none'}`);
  log.add({
    ...base,
    observed: `manifest ${event.id} (${checked.data.role})`,
    decision: 'manifest_recorded',
    reason: null,
    message: `Record ${checked.data.artifact_refs.length} artifact refs for ${checked.data.task_id}: ${statuses.join(', ')}.`,
    details: { eventId: event.id, role: checked.data.role, refs: statuses },
  });
}

/** Stage ④: synthesize the six backlog refs, or say who must act for the missing ones. */
function synthesize(
  source: RecordedRun,
  critic: EmittedEvent,
  arch: EmittedEvent | undefined,
  manifests: readonly PublishedManifest[],
  log: DecisionLog,
): void {
  const refs = synthesizeBacklogRefs({ critic, manifests, ...(arch ? { arch } : {}) });
  const base = { source: source.source, runtime: source.run.runtime };
  if (refs.success) {
    log.add({
      ...base,
      observed: 'all six backlog refs present',
      decision: 'dispatch_dev',
      reason: null,
      message: `Write the task contract and dispatch dev: spec ${refs.data.spec_ref}, plan ${refs.data.plan_ref}, critic ${refs.data.critic_event_id}.`,
      details: { refs: refs.data },
    });
    return;
  }
  const details = refs.error.details as {
    missing?: string[];
    owners?: Record<string, string>;
    route?: string;
  };
  if (refs.error.code === 'critique_not_approved') {
    log.add({
      ...base,
      observed: 'critique not approved',
      decision: details.route === 'escalate' ? 'escalate_design' : 'rework_design',
      reason: refs.error.code,
      message: refs.error.message,
      details: {},
    });
    return;
  }
  log.add({
    ...base,
    observed: `missing ${details.missing?.join(', ') ?? 'refs'}`,
    decision: 'request_backlog_refs',
    reason: refs.error.code,
    message: refs.error.message,
    details: { missing: details.missing ?? [], owners: details.owners ?? {} },
  });
}

/** Replay the design handoff: arch's manifest and proposal, the critic's verdict, the orchestrator's refs. */
export async function replayZaofu(
  runsDir: string,
  scenario: ZaofuScenario,
  log: DecisionLog,
): Promise<ScenarioReport> {
  const manifests: PublishedManifest[] = [];
  const archRun = await readRecordedRun(runsDir, scenario.arch);
  recordManifest(archRun, scenario, manifests, log);
  const proposal = emitted(archRun, 'zaofu.arch-proposal-done', 'arch.proposal.done');
  const archBase = { source: archRun.source, runtime: archRun.run.runtime };
  if ('error' in proposal) {
    log.add({
      ...archBase,
      observed: 'no arch.proposal.done',
      decision: 'rework_design',
      reason: 'missing_payload',
      message: proposal.error,
      details: {},
    });
    return { id: scenario.id, title: scenario.title, decisions: log.decisions };
  }
  const audit = checkCompletionPayload(proposal);
  log.add({
    ...archBase,
    observed: `arch.proposal.done ${proposal.id}`,
    decision: audit.missing_fields.length > 0 ? 'audit_payload' : 'dispatch_critic',
    reason: audit.missing_fields.length > 0 ? 'completion_payload_contract_violation' : null,
    message:
      audit.missing_fields.length > 0
        ? `Record task.contract.invalid (missing ${audit.missing_fields.join(', ')}) and still dispatch the critic.`
        : `Dispatch the critic on ${proposal.id}${audit.warn_fields.length > 0 ? ` (recommended fields missing: ${audit.warn_fields.join(', ')})` : ''}.`,
    details: { missing: audit.missing_fields, warnings: audit.warn_fields },
  });

  const criticRun = await readRecordedRun(runsDir, scenario.critic);
  const critique = emitted(criticRun, 'zaofu.design-critique-done', 'design.critique.done');
  const gate = emitted(criticRun, 'zaofu.gate-failed', 'gate.failed');
  const criticBase = { source: criticRun.source, runtime: criticRun.run.runtime };
  if (!('error' in gate)) {
    const route = routeGateFailed(gate.payload);
    log.add({
      ...criticBase,
      observed: `gate.failed ${gate.id}`,
      decision: route === 'escalate' ? 'escalate_design' : 'rework_design',
      reason: route,
      message:
        route === 'escalate'
          ? 'Suspend the task for a person.'
          : 'Send the design back to arch with the fix items.',
      details: {},
    });
    return { id: scenario.id, title: scenario.title, decisions: log.decisions };
  }
  if ('error' in critique) {
    log.add({
      ...criticBase,
      observed: 'no critique',
      decision: 'rework_design',
      reason: 'missing_payload',
      message: critique.error,
      details: {},
    });
    return { id: scenario.id, title: scenario.title, decisions: log.decisions };
  }
  synthesize(criticRun, critique, proposal, manifests, log);

  const orchestratorRun = await readRecordedRun(runsDir, scenario.orchestrator);
  recordManifest(orchestratorRun, scenario, manifests, log);
  synthesize(orchestratorRun, critique, proposal, manifests, log);
  return { id: scenario.id, title: scenario.title, decisions: log.decisions };
}
