import { describe, expect, it } from 'vitest';
import { UNCERTAIN_REASONS } from '../../src/devflow/envelope.js';
import { classifyToolCall, mayApplyAction, safeBuildCancelTaskArguments } from '../../src/devflow/index.js';

describe('safeBuildCancelTaskArguments: explicit user authority and a fresh Core identity', () => {
  const input = {
    requestId: 'req-cancel-1',
    explicitUserAuthority: true,
    freshTask: { task_id: 'task-1', revision: 7 },
    reason: 'The user withdrew the request.',
  };

  it('maps a fresh identity to the closed arguments, host codex', () => {
    expect(safeBuildCancelTaskArguments(input)).toEqual({
      success: true,
      data: {
        request_id: 'req-cancel-1',
        host: 'codex',
        task_id: 'task-1',
        revision: 7,
        reason: 'The user withdrew the request.',
      },
    });
  });

  it.each([
    [{ explicitUserAuthority: false }, 'CANCEL_NOT_AUTHORIZED'],
    [{ freshTask: undefined }, 'CANCEL_WITHOUT_FRESH_IDENTITY'],
    [{ reason: '' }, 'INVALID_ARGUMENT'],
    [{ freshTask: { task_id: 'task-1', revision: 0 } }, 'INVALID_ARGUMENT'],
  ] as const)('refuses %j with %s', (change, code) => {
    const result = safeBuildCancelTaskArguments({ ...input, ...change });
    expect(result.success || result.error.code).toBe(code);
  });
});

describe('classifyToolCall: cancelled and transport-failed calls are uncertain', () => {
  const expected = { tool: 'dev_flow_apply_action', requestId: 'req-1' } as const;

  it('holds the seed’s five uncertain shapes', () => {
    expect(UNCERTAIN_REASONS).toEqual(
      expect.arrayContaining(['missing', 'cancelled', 'malformed', 'truncated', 'transport_failed']),
    );
  });

  it.each([
    [{ ended: 'cancelled' }, 'cancelled'],
    [{ ended: 'transport_failed', cause: new Error('EPIPE') }, 'transport_failed'],
    [{ ended: 'response', response: undefined }, 'missing'],
    [{ ended: 'response', response: '{"ok":tr' }, 'malformed'],
  ] as const)('%j is uncertain (%s)', (call, reason) => {
    expect(classifyToolCall(call, expected)).toMatchObject({ outcome: 'uncertain', reason });
  });
});

describe('mayApplyAction: no second candidate payload after INVALID_ARGUMENT', () => {
  it.each([
    [[], true],
    [[{ action_id: 'other', outcome: { domain_error: 'INVALID_ARGUMENT' } }], true],
    [[{ action_id: 'act-1', outcome: { domain_error: 'REVISION_CONFLICT' } }], true],
    [[{ action_id: 'act-1', outcome: { domain_error: 'INVALID_ARGUMENT' } }], 'SECOND_CANDIDATE_PAYLOAD'],
    [[{ action_id: 'act-1', outcome: 'uncertain' }], 'APPLY_OUTCOME_UNCERTAIN'],
    [[{ action_id: 'act-1', outcome: 'committed' }], 'ACTION_ALREADY_APPLIED'],
  ] as const)('after %j: %s', (attempts, expected) => {
    const result = mayApplyAction(attempts, 'act-1');
    expect(result.success || result.error.code).toBe(expected);
  });
});
