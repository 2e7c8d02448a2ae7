import { RUNTIME_IDS } from '@skillpack/adapters';

/** What `skillpack build` can render: every runtime, plus `portable` (spec-only skills in an npm pack). */
export const TARGET_IDS = [...RUNTIME_IDS, 'portable'] as const;
export type TargetId = (typeof TARGET_IDS)[number];

export function isTargetId(value: unknown): value is TargetId {
  return typeof value === 'string' && (TARGET_IDS as readonly string[]).includes(value);
}
