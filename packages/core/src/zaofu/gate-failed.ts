import { z } from 'zod';
import { emitRule } from './_emit-status.js';
import { getOwn, isMapping, pyStr, pyTruthy } from './_python.js';
import { defineHandoffContract } from './handoff-contract.js';
import { handoffLinkFields, NonBlankStringSchema } from './payload-fields.js';

export const GATE_FAILED_VERDICTS = ['REJECT', 'SUSPEND'] as const;
/** The verdict of a `gate.failed` event, one of `GATE_FAILED_VERDICTS`. */
export type GateFailedVerdict = (typeof GATE_FAILED_VERDICTS)[number];

/** Reject option B: a hard blocker that invalidates the design (`REJECT`) or needs a human (`SUSPEND`). */
export const GateFailedPayloadSchema = z.looseObject({
  verdict: z.enum(GATE_FAILED_VERDICTS),
  summary: NonBlankStringSchema,
  risks: z.array(NonBlankStringSchema),
  required_action: NonBlankStringSchema.meta({ description: 'What arch must do.' }),
  fix_items: z.array(NonBlankStringSchema).optional(),
  evidence_refs: z.array(NonBlankStringSchema).optional(),
  ...handoffLinkFields,
});
/**
 * The `gate.failed` payload: a hard blocker that invalidates the design (`REJECT`) or needs a human
 * (`SUSPEND`).
 */
export type GateFailedPayload = z.output<typeof GateFailedPayloadSchema>;

/** How the orchestrator reacts to a `gate.failed` event. */
export type GateFailedRoute = 'escalate' | 'rework';

/**
 * The kernel reads only `payload.verdict`, upper-cased: `SUSPEND` escalates to a human; anything else
 * sends the task back to `in_progress` for rework (routed by `workflow.rework_routing`, usually to arch).
 */
export function routeGateFailed(payload: unknown): GateFailedRoute {
  const verdict = isMapping(payload) ? getOwn(payload, 'verdict') : undefined;
  return pyTruthy(verdict) && pyStr(verdict).toUpperCase() === 'SUSPEND' ? 'escalate' : 'rework';
}

/** The `zaofu.gate-failed` contract: the critic's hard stop at stage ③. */
export const gateFailed = defineHandoffContract({
  eventType: 'gate.failed',
  id: 'zaofu.gate-failed',
  title: 'ZaoFu gate.failed payload',
  description:
    "The critic's hard stop at stage ③: REJECT sends the design back to arch, SUSPEND blocks the task and escalates to a human.",
  schema: GateFailedPayloadSchema,
  rules: [
    emitRule('zf emit gate.failed'),
    'verdict is exactly REJECT or SUSPEND (upper case).',
    'Prefer design.critique.done with verdict reject; use gate.failed for blockers that invalidate the design, and SUSPEND to escalate to a human.',
    'Say in required_action exactly what arch must do; list the concrete fixes in fix_items.',
  ],
  examples: [
    {
      name: 'reject',
      value: {
        verdict: 'REJECT',
        summary: 'The design writes to the shared lockfile, which the task excludes.',
        risks: ['BLOCKER-1: pnpm-lock.yaml is outside the task scope.'],
        required_action: 'Redesign without touching pnpm-lock.yaml.',
        fix_items: ['Drop the new dependency or ask for a scope change.'],
        evidence_refs: ['arch event evt-3f2a9c1b7d4e', 'docs/specs/scope.md'],
        artifact_refs: ['docs/plans/foo-implementation-plan.md'],
        dispatch_id: 'disp-critic-2',
      },
    },
    {
      name: 'suspend',
      value: {
        verdict: 'SUSPEND',
        summary: 'The spec and the product brief disagree on data retention.',
        risks: ['BLOCKER-1: retention period is 30 days in the spec and 90 in the brief.'],
        required_action: 'A human decides the retention period before arch continues.',
        evidence_refs: ['docs/specs/retention.md', 'docs/brief.md'],
        dispatch_id: 'disp-critic-3',
      },
    },
  ],
});
