import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeFindings } from '../../src/conflux/finding-identity.js';
import {
  type AcceptanceFinding,
  createRepairLedger,
  decideAcceptanceRetry,
  observeFail,
  type RepositoryFinding,
  recordRepairDispatched,
} from '../../src/conflux/index.js';

const finding = (id: string, summary: string, file = 'src/lib.ts'): RepositoryFinding => ({
  id,
  severity: 'major',
  summary,
  evidence: [`${file} line ${summary.length}`],
  required_changes: [{ file, description: summary }],
  verification: [{ file: 'test/lib.test.ts', description: 'Cover it' }],
});

const identities = (findings: readonly AcceptanceFinding[]) =>
  normalizeFindings(findings).map((normalized) => normalized.identity);

describe('decideAcceptanceRetry follows the seed: one automatic repair Apply per stable id', () => {
  it('stops when the same id comes back with new prose, whatever changed in the repository', () => {
    const first = [finding('acceptance-secret-value-scan', 'Challenge leakage is not tested')];
    const second = [finding('acceptance-secret-value-scan', 'Proof values still leak', 'src/other.ts')];
    const decision = decideAcceptanceRetry({
      previousIdentities: identities(first),
      findings: second,
      cycle: 1,
    });
    expect(decision).toMatchObject({
      decision: 'stall',
      reason: 'repeated_acceptance_findings',
      repeatedIdentities: ['repository|id|acceptance-secret-value-scan'],
    });
  });

  it('stops when one of several findings repeats, and retries when all are new', () => {
    const previous = identities([finding('a', 'one'), finding('b', 'two')]);
    expect(
      decideAcceptanceRetry({
        previousIdentities: previous,
        findings: [finding('b', 'x'), finding('c', 'y')],
        cycle: 1,
      }),
    ).toMatchObject({ decision: 'stall', repeatedIdentities: ['repository|id|b'] });
    expect(
      decideAcceptanceRetry({ previousIdentities: previous, findings: [finding('c', 'y')], cycle: 1 }),
    ).toEqual({ decision: 'retry', reason: 'new_acceptance_findings' });
  });

  const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1, maxLength: 4 });

  it('agrees with the repair ledger on every sequence of FAILs', () => {
    fc.assert(
      fc.property(fc.array(ids, { minLength: 1, maxLength: 8 }), (fails) => {
        let ledger = createRepairLedger();
        let previous: string[] = [];
        for (const [cycle, failIds] of fails.entries()) {
          const findings = failIds.map((id) => finding(id, `${id} at cycle ${cycle}`));
          const observed = observeFail(ledger, findings);
          const decided = decideAcceptanceRetry({ previousIdentities: previous, findings, cycle });
          expect(decided.decision === 'retry').toBe(observed.decision.decision === 'repair');
          if (observed.decision.decision === 'stop') {
            expect(decided).toMatchObject({ repeatedIdentities: observed.decision.repeatedIdentities });
            return;
          }
          ledger = recordRepairDispatched(observed.ledger, observed.decision.identities);
          previous = identities(findings);
        }
      }),
    );
  });
});
