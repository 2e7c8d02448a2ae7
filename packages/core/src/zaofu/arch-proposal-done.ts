import { z } from 'zod';
import { emitRule } from './_emit-status.js';
import { defineHandoffContract } from './handoff-contract.js';
import {
  completionFields,
  handoffLinkFields,
  NonBlankStringSchema,
  ScopePathSchema,
} from './payload-fields.js';

/** Validates arch's compact test plan. */
export const TestPlanSchema = z
  .strictObject({
    framework: NonBlankStringSchema.meta({ description: 'vitest, pytest, …' }),
    location: NonBlankStringSchema,
    cases: z.array(NonBlankStringSchema).min(1),
    min_required: z.int().min(1),
  })
  .refine((plan) => plan.min_required <= plan.cases.length, {
    message: 'min_required cannot exceed the number of cases',
    path: ['min_required'],
  });
/** Arch's compact test plan: the framework, the tests' location, the cases and how many are required. */
export type TestPlan = z.output<typeof TestPlanSchema>;

/** Validates arch's statement of scope compliance. */
export const ScopeComplianceSchema = z.strictObject({
  respects_exclusions: z.boolean(),
  touches_only_listed_files: z.boolean(),
});
/**
 * Arch's statement of scope compliance: whether the proposal respects the exclusions and touches only listed
 * files.
 */
export type ScopeCompliance = z.output<typeof ScopeComplianceSchema>;

/**
 * Arch's stage-② proposal. Seed 001: "**Required fields**: `summary`, `file_plan`, `test_plan` (or
 * `verification_command`), `dispatch_id`." Everything else is optional, and the payload stays open: the
 * kernel keeps unknown keys (it reads its own `flow_kind`, `request_kind`, `goal_kind` from payloads).
 */
export const ArchProposalDonePayloadSchema = z
  .looseObject({
    ...completionFields,
    summary: NonBlankStringSchema.meta({
      description: 'One-sentence behaviour statement; it goes into contract.behavior verbatim.',
    }),
    file_plan: z.array(ScopePathSchema).min(1),
    test_plan: TestPlanSchema.optional(),
    verification_command: NonBlankStringSchema.optional(),
    scope_compliance: ScopeComplianceSchema.optional(),
    risks_and_clarifications: z.array(NonBlankStringSchema).optional(),
    ...handoffLinkFields,
  })
  .superRefine((payload, context) => {
    if (payload.test_plan === undefined && payload.verification_command === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'give test_plan or verification_command (or both)',
        path: [],
      });
    }
  })
  .meta({ anyOf: [{ required: ['test_plan'] }, { required: ['verification_command'] }] });
/** The `arch.proposal.done` payload: arch's stage-② proposal, open to keys the kernel reads itself. */
export type ArchProposalDonePayload = z.output<typeof ArchProposalDonePayloadSchema>;

/** The `zaofu.arch-proposal-done` contract: arch's design proposal at stage ②. */
export const archProposalDone = defineHandoffContract({
  eventType: 'arch.proposal.done',
  id: 'zaofu.arch-proposal-done',
  title: 'ZaoFu arch.proposal.done payload',
  description:
    "Arch's design proposal at stage ②, the input the critic reviews and the orchestrator turns into a task contract.",
  schema: ArchProposalDonePayloadSchema,
  rules: [
    emitRule('zf emit arch.proposal.done'),
    'Write summary as one sentence: it becomes contract.behavior verbatim.',
    'List every file you plan to touch in file_plan as a repository-relative path.',
    'Give test_plan, verification_command, or both.',
    'Publish structured artifact refs in artifact.manifest.published before this event and link it with artifact_manifest_event_id; artifact_refs here holds path strings only.',
    'Candidate plan artifacts carry status draft or proposed; only the orchestrator accepts them.',
    'Add evidence_refs (and changed_files, usually empty): they are optional, but the kernel audits a completion without them.',
  ],
  examples: [
    {
      name: 'with-test-plan',
      description: 'The shape of the skill example, placeholders filled.',
      value: {
        summary: 'Add a bar helper that clamps values into the configured range.',
        changed_files: [],
        evidence_refs: ['packages/foo/package.json', 'CLAUDE.md §6'],
        residual_risks: ['Boundary behaviour for NaN is unspecified.'],
        next_agent_input: 'Critic: check boundary handling in the test plan.',
        file_plan: ['packages/foo/src/bar.ts', 'test/unit/foo/bar.test.ts', 'packages/foo/package.json'],
        test_plan: {
          framework: 'vitest',
          location: 'test/unit/foo/bar.test.ts',
          cases: ['happy_path', 'boundary_zero', 'boundary_max', 'invalid_input_throws'],
          min_required: 4,
        },
        verification_command:
          'pnpm install --frozen-lockfile && pnpm exec vitest run test/unit/foo/bar.test.ts',
        scope_compliance: { respects_exclusions: true, touches_only_listed_files: true },
        risks_and_clarifications: ['RISK-1: check boundary handling'],
        artifact_manifest_event_id: 'evt-3f2a9c1b7d4e',
        artifact_refs: ['docs/plans/foo-implementation-plan.md', 'docs/plans/foo-backlog.md'],
        dispatch_id: 'disp-arch-1',
      },
    },
    {
      name: 'verification-command-only',
      value: {
        summary: 'Expose the retry budget as a configuration option.',
        changed_files: [],
        evidence_refs: ['src/config/schema.ts'],
        residual_risks: ['Projects that pin the old constant need a config entry.'],
        next_agent_input: 'Critic: confirm the default stays at 3.',
        file_plan: ['src/config/schema.ts', 'tests/test_config.py'],
        verification_command: 'uv run pytest tests/test_config.py',
        dispatch_id: 'disp-arch-2',
      },
    },
  ],
});
