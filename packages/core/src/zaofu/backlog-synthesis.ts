import { ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { getOwn, isMapping, type PyMapping, pyStr, pyStrip, pyTruthy } from './_python.js';
import { contractFieldForKind, normalizeArtifactKind } from './artifact-kinds.js';
import { contractRefsFromManifest } from './contract-refs.js';
import type { ZaofuProtocolError } from './error-codes.js';
import { routeGateFailed } from './gate-failed.js';
import type { NormalizedArtifactManifest } from './manifest-validation.js';

/** The six refs an implementation task contract needs before a writer role is dispatched. */
export const REQUIRED_BACKLOG_REFS = [
  'spec_ref',
  'plan_ref',
  'tdd_ref',
  'critic_event_id',
  'critic_gate_ref',
  'evidence_contract',
] as const;
/**
 * A ref an implementation task contract needs before a writer role is dispatched, one of
 * `REQUIRED_BACKLOG_REFS`.
 */
export type BacklogRefName = (typeof REQUIRED_BACKLOG_REFS)[number];

/** The six refs `synthesizeBacklogRefs` hands an implementation task contract. */
export interface BacklogRefs {
  readonly spec_ref: string;
  readonly plan_ref: string;
  /** A reviewed tdd/test-plan path, or arch's compact `test_plan`. */
  readonly tdd_ref: string | PyMapping;
  readonly critic_event_id: string;
  /** `approve: <fix items or critic summary>`. */
  readonly critic_gate_ref: string;
  readonly evidence_contract: PyMapping;
}

/** Who must act for a missing ref: re-dispatch arch or critic, or the orchestrator accepts a candidate. */
export type BacklogRefOwner = 'arch' | 'critic' | 'orchestrator';

/** A validated artifact manifest and the id of the event that published it. */
export interface PublishedManifest {
  readonly eventId: string;
  readonly manifest: NormalizedArtifactManifest;
}

interface EventLike {
  readonly id?: string;
  readonly type?: string;
  readonly task_id?: string | null;
  readonly payload: unknown;
}

/**
 * What `synthesizeBacklogRefs` reads: the critic's event and the validated manifests in publication order.
 */
export interface BacklogSynthesisInput {
  /** The critic's event: `design.critique.done` with verdict `approve` for synthesis to proceed. */
  readonly critic: EventLike;
  /** Validated manifests in publication order; a later manifest's ref replaces an earlier one. */
  readonly manifests?: readonly PublishedManifest[];
  /** The `arch.proposal.done` event: `test_plan` backs `tdd_ref`, `verification_command` joins the evidence. */
  readonly arch?: EventLike;
  /** `user.message` `payload.spec_refs`, used when no accepted spec artifact exists. */
  readonly specRefs?: readonly string[];
}

/** The kernel's `_is_ref_present`: non-blank strings and non-empty objects count. */
export function isBacklogRefPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return pyStrip(value) !== '';
  if (isMapping(value)) return Object.keys(value).length > 0;
  return pyTruthy(value);
}

/** The kernel's stage-④ preflight error for one missing ref. */
export function backlogRefError(taskId: string, ref: string): string {
  return `${taskId}: contract.${ref} is required (workflow.dag.required_backlog_refs); orchestrator must populate it at stage ④ backlog before dispatching dev`;
}

/** The refs a task contract lacks, in the required order (the kernel's `validate_backlog_refs` check). */
export function findMissingBacklogRefs(
  contract: unknown,
  required: readonly string[] = REQUIRED_BACKLOG_REFS,
): string[] {
  const body = isMapping(contract) ? contract : {};
  return required.filter((ref) => !isBacklogRefPresent(getOwn(body, ref)));
}

function text(value: unknown): string {
  return typeof value === 'string' ? pyStrip(value) : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter((item) => item !== '') : [];
}

function candidatePaths(manifests: readonly PublishedManifest[], ref: BacklogRefName): string[] {
  const paths: string[] = [];
  for (const { manifest } of manifests) {
    for (const artifact of manifest.artifact_refs) {
      if (artifact.status !== 'draft' && artifact.status !== 'proposed') continue;
      if (contractFieldForKind(normalizeArtifactKind(artifact.kind)) === ref) paths.push(artifact.path);
    }
  }
  return paths;
}

function notApproved(critic: EventLike, verdict: string): ZaofuProtocolError {
  const route = critic.type === 'gate.failed' ? routeGateFailed(critic.payload) : 'rework';
  return new ProtocolError(
    'critique_not_approved',
    `Stage ④ needs design.critique.done with verdict approve; received ${critic.type ?? 'an event'} with verdict ${JSON.stringify(verdict)}. ${route === 'escalate' ? 'The task is suspended for a human.' : 'Re-dispatch arch with the fix items.'}`,
    { details: { type: critic.type, verdict, route } },
  );
}

function criticGateRef(payload: PyMapping, verdict: string): string {
  const fixes = strings(getOwn(payload, 'fix_items'));
  const note = fixes.length > 0 ? fixes.join(' / ') : text(getOwn(payload, 'summary'));
  return note === '' ? verdict : `${verdict}: ${note}`;
}

/**
 * Stage ④: the six `required_backlog_refs` from the approving critique, the published manifests (accepted
 * or status-less refs only) and arch's proposal. A missing ref is never fabricated: the result is a
 * `missing_backlog_refs` error naming each one, its owner and the kernel's preflight error strings.
 */
export function synthesizeBacklogRefs(input: BacklogSynthesisInput): Result<BacklogRefs, ZaofuProtocolError> {
  const source: Partial<BacklogSynthesisInput> = isMapping(input) ? input : {};
  const critic: EventLike = isMapping(source.critic) ? source.critic : { payload: undefined };
  const criticPayload = isMapping(critic.payload) ? critic.payload : {};
  const rawVerdict = getOwn(criticPayload, 'verdict');
  const verdict = pyTruthy(rawVerdict) ? pyStrip(pyStr(rawVerdict)).toLowerCase() : '';
  if (critic.type !== 'design.critique.done' || (verdict !== '' && verdict !== 'approve')) {
    return fail(notApproved(critic, verdict));
  }
  const manifests = (Array.isArray(source.manifests) ? source.manifests : []).filter(
    (entry) => isMapping(entry?.manifest) && Array.isArray(entry.manifest.artifact_refs),
  );
  const arch = isMapping(source.arch) ? source.arch : undefined;
  const specRefs = Array.isArray(source.specRefs) ? source.specRefs : [];
  const merged: Record<string, unknown> = {};
  for (const { eventId, manifest } of manifests) {
    for (const [field, value] of Object.entries(contractRefsFromManifest(manifest, eventId))) {
      if (isBacklogRefPresent(value)) merged[field] = value;
    }
  }
  const archPayload = isMapping(arch?.payload) ? arch.payload : {};
  const testPlan = getOwn(archPayload, 'test_plan');
  const verification = text(getOwn(archPayload, 'verification_command'));
  const evidence = {
    ...(isMapping(merged.evidence_contract) ? merged.evidence_contract : {}),
    ...(verification === '' ? {} : { verification_command: verification }),
  };
  const refs: Record<BacklogRefName, unknown> = {
    spec_ref: merged.spec_ref ?? specRefs.map(text).find((ref) => ref !== ''),
    plan_ref: merged.plan_ref,
    tdd_ref: merged.tdd_ref ?? (isMapping(testPlan) ? testPlan : undefined),
    critic_event_id: text(critic.id),
    critic_gate_ref: verdict === '' ? undefined : criticGateRef(criticPayload, verdict),
    evidence_contract: evidence,
  };
  const missing = REQUIRED_BACKLOG_REFS.filter((ref) => !isBacklogRefPresent(refs[ref]));
  if (missing.length === 0) return ok(refs as unknown as BacklogRefs);
  const owners: Partial<Record<BacklogRefName, BacklogRefOwner>> = {};
  const candidates: Partial<Record<BacklogRefName, string[]>> = {};
  for (const ref of missing) {
    const found = candidatePaths(manifests, ref);
    if (found.length > 0) candidates[ref] = found;
    owners[ref] = ref.startsWith('critic_') ? 'critic' : found.length > 0 ? 'orchestrator' : 'arch';
  }
  const taskId = text(critic.task_id) || text(arch?.task_id);
  return fail(
    new ProtocolError(
      'missing_backlog_refs',
      `Stage ④ cannot fill ${missing.join(', ')}; ${missing.map((ref) => `${ref}: ${owners[ref]}`).join(', ')} must act instead of fabricating values.`,
      {
        details: {
          missing,
          owners,
          candidates,
          errors: missing.map((ref) => backlogRefError(taskId, ref)),
          refs: Object.fromEntries(
            REQUIRED_BACKLOG_REFS.filter((ref) => !missing.includes(ref)).map((ref) => [ref, refs[ref]]),
          ),
          fieldPath: missing[0],
        },
      },
    ),
  );
}
