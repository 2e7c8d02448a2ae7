import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import type { DevflowProtocolError } from './error-codes.js';
import type { MethodProfile } from './vocabulary.js';

/** Spellings of an explicit request for each profile (compared lower-case, separators collapsed). */
const PROFILE_SPELLINGS: Record<string, MethodProfile> = {
  plain: 'plain',
  'spec-kit': 'spec-kit',
  speckit: 'spec-kit',
  'github spec kit': 'spec-kit',
  openspec: 'openspec',
  'open-spec': 'openspec',
};

function normalizeRequest(request: string): string {
  return request
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/^spec kit$/, 'spec-kit')
    .replace(/^open spec$/, 'openspec');
}

/**
 * Select a new task's method profile from the user's explicit current requests only: `plain`, `spec-kit`
 * (or "Spec Kit") and `openspec` (or "OpenSpec") select that profile; no request selects `plain`. Installed
 * tooling is never an input. Conflicting requests are a `profile_conflict` to report, never resolved.
 */
export function selectMethodProfile(
  explicitRequests: readonly string[] = [],
): Result<MethodProfile, DevflowProtocolError> {
  const selected = new Set<MethodProfile>();
  for (const request of Array.isArray(explicitRequests) ? explicitRequests : [explicitRequests]) {
    const key = typeof request === 'string' ? normalizeRequest(request) : '';
    const profile = Object.hasOwn(PROFILE_SPELLINGS, key) ? PROFILE_SPELLINGS[key] : undefined;
    if (!profile) {
      return fail(
        new ProtocolError(
          'unknown_method_profile',
          `Unknown method profile request ${describeValue(request)}; expected plain, spec-kit (Spec Kit) or openspec (OpenSpec).`,
          {
            details: { request: describeValue(request) },
          },
        ),
      );
    }
    selected.add(profile);
  }
  if (selected.size > 1) {
    return fail(
      new ProtocolError(
        'profile_conflict',
        `The user explicitly requested conflicting method profiles (${[...selected].join(', ')}); report the conflict and stop.`,
        {
          details: { profiles: [...selected] },
        },
      ),
    );
  }
  return ok([...selected][0] ?? 'plain');
}
