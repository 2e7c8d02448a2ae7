import { ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { getOwn, isMapping, pyStr, pyStrip } from './_python.js';
import type { ZaofuProtocolError } from './error-codes.js';

/** One event of the log, in log order, as far as these checks read it. */
export interface LoggedEvent {
  readonly id: string;
  readonly type: string;
  readonly payload: unknown;
}

/**
 * Seed 001: "If arch created rich artifact metadata, it MUST be published in `artifact.manifest.published`
 * before `arch.proposal.done`", and `artifact_manifest_event_id` "links the lifecycle event back to the
 * structured manifest". Given the log in order, check that the proposal's link names an
 * `artifact.manifest.published` event logged before it. A proposal without a link has nothing to check.
 */
export function checkManifestLink(
  events: readonly LoggedEvent[],
  proposalId: string,
): Result<{ readonly manifestEventId: string | null }, ZaofuProtocolError> {
  const log = Array.isArray(events) ? events.filter(isMapping) : [];
  const at = log.findIndex((event) => event.id === proposalId && event.type === 'arch.proposal.done');
  if (at === -1) {
    return fail(
      new ProtocolError(
        'proposal_not_found',
        `Expected an arch.proposal.done event with id ${proposalId} in the log; found none.`,
        {
          details: { proposalId },
        },
      ),
    );
  }
  const link = getOwn(isMapping(log[at]!.payload) ? log[at]!.payload : {}, 'artifact_manifest_event_id');
  if (link === undefined || link === null) return ok({ manifestEventId: null });
  const id = typeof link === 'string' ? pyStrip(link) : pyStr(link);
  const manifestAt = log.findIndex((event) => event.id === id);
  if (manifestAt === -1 || log[manifestAt]!.type !== 'artifact.manifest.published') {
    return fail(
      new ProtocolError(
        'manifest_link_unresolved',
        `artifact_manifest_event_id ${JSON.stringify(id)} must name an artifact.manifest.published event; ${manifestAt === -1 ? 'no event has that id' : `it names a ${log[manifestAt]!.type} event`}.`,
        { details: { proposalId, manifestEventId: id, fieldPath: 'artifact_manifest_event_id' } },
      ),
    );
  }
  if (manifestAt > at) {
    return fail(
      new ProtocolError(
        'manifest_after_proposal',
        `The manifest ${id} was published after arch.proposal.done ${proposalId}; it must be published before the proposal that links it.`,
        { details: { proposalId, manifestEventId: id, fieldPath: 'artifact_manifest_event_id' } },
      ),
    );
  }
  return ok({ manifestEventId: id });
}

/** What stage ④ pre-populates in the implementation task contract from arch's proposal. */
export interface TaskContractDraft {
  /** Arch's `summary`, verbatim. */
  readonly behavior: string;
  readonly exclusions: readonly string[];
  /** `verification_command` and `evidence_refs` of the proposal, when it gives them. */
  readonly evidence_contract: {
    readonly verification_command?: string;
    readonly evidence_refs?: readonly string[];
  };
}

/**
 * Stage ④ from arch's `arch.proposal.done` payload: `contract.behavior` is the `summary` "verbatim", and the
 * optional fields "let orchestrator pre-populate `contract.exclusions` and `contract.evidence_contract`"
 * (seed 001). The seed does not say where exclusions come from; the payload carries none of its own, only
 * `scope_compliance.respects_exclusions`, so this takes the briefing's exclusions and pre-populates them only
 * when arch declared it respects them (otherwise none: the critic has to look).
 */
export function draftTaskContract(
  proposal: unknown,
  briefingExclusions: readonly string[] = [],
): Result<TaskContractDraft, ZaofuProtocolError> {
  const payload = isMapping(proposal) ? proposal : {};
  const summary = getOwn(payload, 'summary');
  if (typeof summary !== 'string' || pyStrip(summary) === '') {
    return fail(
      new ProtocolError(
        'missing_summary',
        'contract.behavior is the proposal summary verbatim; the proposal has no summary.',
        {
          details: { fieldPath: 'summary' },
        },
      ),
    );
  }
  const scope = getOwn(payload, 'scope_compliance');
  const respects = isMapping(scope) && getOwn(scope, 'respects_exclusions') === true;
  const command = getOwn(payload, 'verification_command');
  const refs = getOwn(payload, 'evidence_refs');
  return ok({
    behavior: summary,
    exclusions: respects ? briefingExclusions.filter((entry) => typeof entry === 'string') : [],
    evidence_contract: {
      ...(typeof command === 'string' && pyStrip(command) !== '' ? { verification_command: command } : {}),
      ...(Array.isArray(refs)
        ? { evidence_refs: refs.filter((ref): ref is string => typeof ref === 'string') }
        : {}),
    },
  });
}
