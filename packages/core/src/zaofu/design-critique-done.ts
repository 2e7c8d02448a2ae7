import { z } from 'zod';
import { emitRule } from './_emit-status.js';
import { defineHandoffContract } from './handoff-contract.js';
import { completionFields, handoffLinkFields, NonBlankStringSchema } from './payload-fields.js';

export const FINDING_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
/** A critic finding's severity, one of `FINDING_SEVERITIES`. */
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** A graded critic finding. */
export const CritiqueFindingSchema = z.strictObject({
  axis: NonBlankStringSchema.meta({ description: 'coverage, compatibility, tdd, security, spec, …' }),
  severity: z.enum(FINDING_SEVERITIES),
  issue: NonBlankStringSchema,
});
/** A graded critic finding. */
export type CritiqueFinding = z.output<typeof CritiqueFindingSchema>;

/** Both verdicts carry the fields the kernel's completion check audits; open objects, as the kernel keeps unknown keys. */
const critiqueFields = {
  ...completionFields,
  summary: NonBlankStringSchema.meta({ description: 'One line: what was reviewed and the conclusion.' }),
  ...handoffLinkFields,
};

/** Approve: nothing left to fix. */
export const DesignCritiqueApproveSchema = z.looseObject({
  verdict: z.literal('approve'),
  ...critiqueFields,
  risks: z.array(NonBlankStringSchema).meta({ description: 'Empty, or low-severity informational risks.' }),
  fix_items: z
    .array(z.string())
    .max(0, { message: 'an approving critique has no fix_items; reject instead' }),
  findings: z.never({ error: 'an approving critique has no findings; reject instead' }).optional(),
});

/** Reject (option A, the default): the concrete fixes arch must apply, optionally graded findings. */
export const DesignCritiqueRejectSchema = z.looseObject({
  verdict: z.literal('reject'),
  ...critiqueFields,
  risks: z.array(NonBlankStringSchema).meta({ description: '"BLOCKER-n: …" and "RISK-n: …" lines.' }),
  fix_items: z
    .array(NonBlankStringSchema)
    .min(1)
    .meta({ description: 'Concrete changes arch must apply in the next version.' }),
  findings: z.array(CritiqueFindingSchema).optional(),
  next_action: NonBlankStringSchema.optional(),
});

/** The critic's stage-③ verdict on arch's proposal (approve, or reject option A). */
export const DesignCritiqueDonePayloadSchema = z.discriminatedUnion('verdict', [
  DesignCritiqueApproveSchema,
  DesignCritiqueRejectSchema,
]);
/** The `design.critique.done` payload: the critic's stage-③ verdict on arch's proposal. */
export type DesignCritiqueDonePayload = z.output<typeof DesignCritiqueDonePayloadSchema>;

/** The `zaofu.design-critique-done` contract: the critic's verdict on arch's proposal at stage ③. */
export const designCritiqueDone = defineHandoffContract({
  eventType: 'design.critique.done',
  id: 'zaofu.design-critique-done',
  title: 'ZaoFu design.critique.done payload',
  description:
    "The critic's verdict on arch's proposal at stage ③: approve, or reject with the concrete fixes arch must apply.",
  schema: DesignCritiqueDonePayloadSchema,
  rules: [
    emitRule('zf emit design.critique.done'),
    'verdict is exactly approve or reject.',
    'An approval lists no fix_items; a rejection lists at least one concrete fix item.',
    'To block and escalate to a human, emit gate.failed with verdict SUSPEND instead.',
    'Cite the arch event and the files you checked in evidence_refs.',
    'Add changed_files (usually empty): it is optional, but the kernel audits a completion without it.',
  ],
  examples: [
    {
      name: 'approve',
      value: {
        verdict: 'approve',
        summary: 'Reviewed the bar helper proposal; file plan and test plan are complete.',
        risks: [],
        fix_items: [],
        changed_files: [],
        evidence_refs: ['arch event evt-3f2a9c1b7d4e', 'packages/foo/package.json'],
        residual_risks: ['NaN handling stays unspecified.'],
        next_agent_input: 'Orchestrator: synthesize the backlog refs.',
        dispatch_id: 'disp-critic-1',
      },
    },
    {
      name: 'reject',
      value: {
        verdict: 'reject',
        summary: 'The plan never tests the upper boundary.',
        risks: [
          'BLOCKER-1: boundary_max is listed but has no assertion.',
          'RISK-2: package.json edit is unexplained.',
        ],
        fix_items: ['Add an assertion for boundary_max.', 'Explain or drop the package.json change.'],
        findings: [{ axis: 'tdd', severity: 'high', issue: 'boundary_max has no assertion' }],
        changed_files: [],
        evidence_refs: ['arch event evt-3f2a9c1b7d4e'],
        residual_risks: ['None beyond the listed blockers.'],
        next_action: 'arch re-emits arch.proposal.done with fixes 1 and 2.',
        next_agent_input: 'Arch: address BLOCKER-1 first.',
        dispatch_id: 'disp-critic-1',
      },
    },
  ],
});
