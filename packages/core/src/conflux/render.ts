import { legacyMarker } from './marker.js';
import type {
  AcceptanceBlocker,
  AcceptanceFinding,
  AcceptanceVerdict,
  FindingFileExpectation,
} from './schemas.js';

function expectationJson(item: FindingFileExpectation): FindingFileExpectation {
  return { file: item.file, description: item.description };
}

function findingJson(finding: AcceptanceFinding): AcceptanceFinding {
  if (typeof finding === 'string') return finding;
  return {
    id: finding.id,
    severity: finding.severity,
    summary: finding.summary,
    evidence: [...finding.evidence],
    required_changes: finding.required_changes.map(expectationJson),
    verification: finding.verification.map(expectationJson),
  };
}

function blockerJson(blocker: AcceptanceBlocker): AcceptanceBlocker {
  return {
    category: blocker.category,
    evidence: [...blocker.evidence],
    unblock_condition: blocker.unblock_condition,
    next_action: blocker.next_action,
    resumable: blocker.resumable,
    ...(blocker.prerequisite_owner === undefined ? {} : { prerequisite_owner: blocker.prerequisite_owner }),
    ...(blocker.evidence_ids === undefined ? {} : { evidence_ids: [...blocker.evidence_ids] }),
  };
}

/** The canonical JSON object of a verdict, keys in the seed's order and nothing else (no `source`). */
export function toVerdictJson(verdict: AcceptanceVerdict): AcceptanceVerdict {
  switch (verdict.acceptance) {
    case 'pass':
    case 'continue':
      return { acceptance: verdict.acceptance };
    case 'fail':
      return { acceptance: 'fail', findings: verdict.findings.map(findingJson) };
    case 'gated':
      return { acceptance: 'gated', blocker: blockerJson(verdict.blocker) };
  }
}

/**
 * The canonical final two lines an agent writes: the strict JSON verdict on one line, then the legacy
 * marker, newer runtimes finalising on the first and older ones on the second. Parsing them gives back the
 * same verdict.
 */
export function renderVerdict(verdict: AcceptanceVerdict): string {
  return `${JSON.stringify(toVerdictJson(verdict))}\n${legacyMarker(verdict.acceptance)}`;
}
