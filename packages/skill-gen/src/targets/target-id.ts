import { RUNTIME_IDS } from '@skillpack/adapters';

/** What `skillpack build` can render: every runtime, plus `portable` (spec-only skills in an npm pack). */
export const TARGET_IDS = [...RUNTIME_IDS, 'portable'] as const;
/** What `skillpack build` can render, one of `TARGET_IDS`: every runtime, plus `portable`. */
export type TargetId = (typeof TARGET_IDS)[number];

/** Whether a value is one of the target ids in `TARGET_IDS`. */
export function isTargetId(value: unknown): value is TargetId {
  return typeof value === 'string' && (TARGET_IDS as readonly string[]).includes(value);
}
