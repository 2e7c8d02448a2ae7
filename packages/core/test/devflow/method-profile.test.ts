import { describe, expect, it } from 'vitest';
import { selectMethodProfile } from '../../src/devflow/method-profile.js';

describe('selectMethodProfile', () => {
  it.each([
    [[], 'plain'],
    [['plain'], 'plain'],
    [['spec-kit'], 'spec-kit'],
    [['Spec Kit'], 'spec-kit'],
    [['speckit'], 'spec-kit'],
    [['openspec'], 'openspec'],
    [['OpenSpec'], 'openspec'],
    [['Open Spec'], 'openspec'],
    [['spec-kit', 'Spec Kit'], 'spec-kit'],
  ] as const)('%j selects %s', (requests, profile) => {
    expect(selectMethodProfile(requests)).toEqual({ success: true, data: profile });
  });

  it('reports conflicting explicit requests instead of choosing', () => {
    expect(selectMethodProfile(['spec-kit', 'openspec'])).toMatchObject({
      success: false,
      error: { code: 'profile_conflict', details: { profiles: ['spec-kit', 'openspec'] } },
    });
    expect(selectMethodProfile(['plain', 'OpenSpec']).success).toBe(false);
  });

  it.each([['kanban'], [''], ['spec'], [42 as unknown as string]])(
    'refuses the unknown request %j',
    (request) => {
      expect(selectMethodProfile([request])).toMatchObject({
        success: false,
        error: { code: 'unknown_method_profile' },
      });
    },
  );
});
