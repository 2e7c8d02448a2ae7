import type { ContractExample } from '../contract.js';
import type { AcceptanceBlocker, AcceptanceVerdict, RepositoryFinding } from './schemas.js';

/** The seed's structured repository finding. */
export const EXAMPLE_STRUCTURED_FINDING: RepositoryFinding = {
  id: 'acceptance-secret-value-scan',
  severity: 'minor',
  summary: 'Challenge and proof leakage is not tested by value',
  evidence: ['tests/support/relay.ts exposes counts but not issued values'],
  required_changes: [
    {
      file: 'tests/support/relay.ts',
      description: 'Expose issued challenge and presented proof values to tests',
    },
  ],
  verification: [
    {
      file: 'runtime/recovery.integration.test.ts',
      description: 'Assert recorded values are absent from serialized audit and operator output',
    },
  ],
};

/** The seed's structured external blocker. */
export const EXAMPLE_BLOCKER: AcceptanceBlocker = {
  category: 'credential',
  evidence: ['STAGING_API_KEY is unset in the verification environment'],
  unblock_condition: 'STAGING_API_KEY is present in the verification environment',
  next_action: 'provision STAGING_API_KEY, then retry acceptance',
  resumable: true,
};

/** Named valid verdicts: docs render them, tests round-trip them. */
export const ACCEPTANCE_EXAMPLES: readonly ContractExample<AcceptanceVerdict>[] = [
  { name: 'pass', description: 'Every change-blocking verification passed.', value: { acceptance: 'pass' } },
  {
    name: 'structured-fail',
    description: 'A repository-fixable defect with the files Apply must change and prove.',
    value: { acceptance: 'fail', findings: [EXAMPLE_STRUCTURED_FINDING] },
  },
  {
    name: 'legacy-fail',
    description: 'A legacy string finding with a stable leading code; it gets no strict diff coverage.',
    value: {
      acceptance: 'fail',
      findings: ['[RETRY_TEST_MISSING] src/retry.ts:42 has no regression test for the retry branch'],
    },
  },
  {
    name: 'continue',
    description: 'More investigation is needed before a verdict.',
    value: { acceptance: 'continue' },
  },
  {
    name: 'gated',
    description: 'A validated external prerequisite repository work cannot resolve; all five blocker fields.',
    value: { acceptance: 'gated', blocker: EXAMPLE_BLOCKER },
  },
];
