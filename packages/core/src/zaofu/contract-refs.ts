import type { PyMapping } from './_python.js';
import {
  CONTRACT_REF_STATUSES,
  type ContractRefField,
  contractFieldForKind,
  type EvidenceRefField,
  evidenceFieldForKind,
  normalizeArtifactKind,
} from './artifact-kinds.js';
import type { NormalizedArtifactManifest } from './manifest-validation.js';

export interface ManifestEvidenceContract {
  readonly artifact_manifest_event_id: string;
  readonly handoff_contract?: PyMapping;
  readonly artifact_refs?: Readonly<Partial<Record<EvidenceRefField, string>>>;
}

/** Task-contract refs derived from one published manifest. */
export interface ManifestContractRefs extends Partial<Record<ContractRefField, string>> {
  /** The manifest event's id, set when the manifest carries a critic-gate artifact. */
  readonly critic_event_id?: string;
  readonly evidence_contract?: ManifestEvidenceContract;
}

/**
 * The kernel's `contract_refs_from_manifest`: only refs with status `''` or `accepted` count; each field takes
 * the first matching ref's path. `evidence_contract` appears only with a handoff contract or evidence refs.
 */
export function contractRefsFromManifest(
  manifest: NormalizedArtifactManifest,
  eventId: string,
): ManifestContractRefs {
  const refs: Partial<Record<ContractRefField, string>> = {};
  const evidence: Partial<Record<EvidenceRefField, string>> = {};
  for (const ref of manifest.artifact_refs) {
    if (!(CONTRACT_REF_STATUSES as readonly string[]).includes(ref.status)) continue;
    const kind = normalizeArtifactKind(ref.kind);
    const field = contractFieldForKind(kind);
    if (field && !refs[field]) refs[field] = ref.path;
    const evidenceField = evidenceFieldForKind(kind);
    if (evidenceField && !evidence[evidenceField]) evidence[evidenceField] = ref.path;
  }
  const hasHandoff = Object.keys(manifest.handoff_contract).length > 0;
  const hasEvidence = Object.keys(evidence).length > 0;
  const evidenceContract: ManifestEvidenceContract | undefined =
    hasHandoff || hasEvidence
      ? {
          artifact_manifest_event_id: eventId,
          ...(hasHandoff ? { handoff_contract: { ...manifest.handoff_contract } } : {}),
          ...(hasEvidence ? { artifact_refs: evidence } : {}),
        }
      : undefined;
  return {
    ...refs,
    ...(refs.critic_gate_ref ? { critic_event_id: eventId } : {}),
    ...(evidenceContract ? { evidence_contract: evidenceContract } : {}),
  };
}
