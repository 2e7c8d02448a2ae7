/** The lifecycle and manifest events the design-handoff skill speaks; one contract each. */
export const HANDOFF_EVENT_TYPES = [
  'arch.proposal.done',
  'design.critique.done',
  'gate.failed',
  'artifact.manifest.published',
] as const;
/** An event type the design-handoff skill speaks, one of `HANDOFF_EVENT_TYPES`. */
export type HandoffEventType = (typeof HANDOFF_EVENT_TYPES)[number];

/** Events carrying "I finished my role's work"; the kernel checks their completion payload. */
export const COMPLETION_EVENT_TYPES = [
  'dev.build.done',
  'review.approved',
  'verify.passed',
  'test.passed',
  'judge.passed',
  'arch.proposal.done',
  'design.critique.done',
] as const;
/** An event type that says a role finished its work, one of `COMPLETION_EVENT_TYPES`. */
export type CompletionEventType = (typeof COMPLETION_EVENT_TYPES)[number];

/** Completion events produced by verifier roles, which must also list `tests_run`. */
export const VERIFY_EVENT_TYPES = ['verify.passed', 'test.passed', 'judge.passed'] as const;

/** Who wrote an event: stamped by the kernel's writer, never trusted from a payload (`''` = historical). */
export const EVENT_ORIGINS = ['kernel', 'worker', 'external', ''] as const;
/** Who wrote an event, one of `EVENT_ORIGINS`; the kernel stamps it. */
export type EventOrigin = (typeof EVENT_ORIGINS)[number];

export function isCompletionEventType(type: string): type is CompletionEventType {
  return (COMPLETION_EVENT_TYPES as readonly string[]).includes(type);
}

export function isHandoffEventType(type: string): type is HandoffEventType {
  return (HANDOFF_EVENT_TYPES as readonly string[]).includes(type);
}
