import type { DELEGATE_MODES, DELEGATE_ROLES } from './status-schema.js';

/** How a stage's step is delegated: the mode, the role, and the rule it follows. */
export interface StageDelegation {
  readonly delegate_mode: (typeof DELEGATE_MODES)[number];
  readonly delegate_role: (typeof DELEGATE_ROLES)[number];
  readonly delegate_rule: string | null;
}

/** The Stage Mapping of `maestro-ralph-cli` v0.5.43: how each stage's step is delegated. */
export const STAGE_DELEGATION = {
  analyze: {
    delegate_mode: 'analysis',
    delegate_role: 'analyze',
    delegate_rule: 'analysis-analyze-code-patterns',
  },
  'analyze-macro': {
    delegate_mode: 'analysis',
    delegate_role: 'analyze',
    delegate_rule: 'analysis-analyze-code-patterns',
  },
  plan: { delegate_mode: 'write', delegate_role: 'plan', delegate_rule: 'planning-breakdown-task-steps' },
  execute: {
    delegate_mode: 'write',
    delegate_role: 'implement',
    delegate_rule: 'development-implement-feature',
  },
  review: {
    delegate_mode: 'analysis',
    delegate_role: 'review',
    delegate_rule: 'analysis-review-code-quality',
  },
  'business-test': {
    delegate_mode: 'analysis',
    delegate_role: 'review',
    delegate_rule: 'analysis-review-code-quality',
  },
  test: { delegate_mode: 'write', delegate_role: 'implement', delegate_rule: null },
  'test-gen': { delegate_mode: 'write', delegate_role: 'implement', delegate_rule: null },
  grill: { delegate_mode: 'write', delegate_role: 'brainstorm', delegate_rule: null },
  brainstorm: { delegate_mode: 'write', delegate_role: 'brainstorm', delegate_rule: null },
  debug: {
    delegate_mode: 'write',
    delegate_role: 'analyze',
    delegate_rule: 'analysis-diagnose-bug-root-cause',
  },
} as const satisfies Record<string, StageDelegation>;

/** A stage of the ralph CLI chain that is delegated, a key of `STAGE_DELEGATION`. */
export type DelegatedStage = keyof typeof STAGE_DELEGATION;

/** The delegation fields for a step's stage, or `undefined` for a stage the table does not list. */
export function delegationForStage(stage: string): StageDelegation | undefined {
  return Object.hasOwn(STAGE_DELEGATION, stage) ? STAGE_DELEGATION[stage as DelegatedStage] : undefined;
}
