import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import { backlogRefError, findMissingBacklogRefs } from '../../src/zaofu/backlog-synthesis.js';
import {
  archProposalDone,
  artifactManifestPublished,
  designCritiqueDone,
  type PublishedManifest,
  REQUIRED_BACKLOG_REFS,
  synthesizeBacklogRefs,
  validateArtifactManifest,
} from '../../src/zaofu/index.js';

const roots = { projectRoot: '/work/proj', stateDir: '.zf' };

function published(eventId: string, raw: unknown): PublishedManifest {
  const result = validateArtifactManifest(raw, roots);
  if (!result.success) throw result.error;
  return { eventId, manifest: result.data };
}

const [candidates, final] = artifactManifestPublished.examples.map((example) => example.value);
const arch = {
  id: 'evt-arch',
  type: 'arch.proposal.done',
  task_id: 'TASK-1',
  payload: archProposalDone.examples[0]!.value,
};
const approve = {
  id: 'evt-critic',
  type: 'design.critique.done',
  task_id: 'TASK-1',
  payload: designCritiqueDone.examples[0]!.value,
};

describe('synthesizeBacklogRefs', () => {
  it('fills all six refs from the approving critique, the final manifest and arch', () => {
    const result = synthesizeBacklogRefs({
      critic: approve,
      arch,
      manifests: [published('evt-m1', candidates), published('evt-m2', final)],
    });
    expect(result).toEqual({
      success: true,
      data: {
        spec_ref: 'docs/specs/foo.md',
        plan_ref: 'docs/plans/foo-implementation-plan.md',
        tdd_ref: '.zf/artifacts/TASK-1/tdd.md',
        critic_event_id: 'evt-critic',
        critic_gate_ref: 'approve: Reviewed the bar helper proposal; file plan and test plan are complete.',
        evidence_contract: {
          artifact_manifest_event_id: 'evt-m2',
          handoff_contract: { required_for_dev: ['spec', 'plan', 'tdd'] },
          verification_command: archProposalDone.examples[0]!.value.verification_command,
        },
      },
    });
    if (result.success) expect(findMissingBacklogRefs(result.data)).toEqual([]);
  });

  it('lets a later manifest replace an earlier ref and uses spec_refs and the compact test_plan as fallbacks', () => {
    const plan = (path: string) => ({
      kind: 'plan',
      path,
      sha256: 'a'.repeat(64),
      summary: 'p',
      status: 'accepted',
    });
    const result = synthesizeBacklogRefs({
      critic: { ...approve, payload: { verdict: 'approve', fix_items: ['import type', 'deep freeze'] } },
      arch,
      specRefs: ['  ', 'docs/specs/user.md'],
      manifests: [
        published('evt-1', { task_id: 'T', role: 'arch', artifact_refs: [plan('docs/old.md')] }),
        published('evt-2', { task_id: 'T', role: 'orchestrator', artifact_refs: [plan('docs/new.md')] }),
      ],
    });
    expect(result.success && result.data).toMatchObject({
      spec_ref: 'docs/specs/user.md',
      plan_ref: 'docs/new.md',
      tdd_ref: archProposalDone.examples[0]!.value.test_plan,
      critic_gate_ref: 'approve: import type / deep freeze',
      evidence_contract: { verification_command: arch.payload.verification_command },
    });
  });

  it('names the missing refs, who must act and the kernel preflight errors instead of fabricating', () => {
    const result = synthesizeBacklogRefs({
      critic: {
        id: 'evt-critic',
        type: 'design.critique.done',
        task_id: 'TASK-1',
        payload: { summary: 'ok' },
      },
      manifests: [published('evt-m1', candidates)],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe('missing_backlog_refs');
    expect(result.error.details).toMatchObject({
      missing: ['spec_ref', 'plan_ref', 'tdd_ref', 'critic_gate_ref', 'evidence_contract'],
      owners: {
        spec_ref: 'arch',
        plan_ref: 'orchestrator',
        tdd_ref: 'arch',
        critic_gate_ref: 'critic',
        evidence_contract: 'arch',
      },
      candidates: { plan_ref: ['docs/plans/foo-implementation-plan.md', 'docs/plans/foo-backlog.md'] },
      refs: { critic_event_id: 'evt-critic' },
      fieldPath: 'spec_ref',
    });
    expect((result.error.details.errors as string[])[0]).toBe(backlogRefError('TASK-1', 'spec_ref'));
    expect(backlogRefError('TASK-1', 'spec_ref')).toBe(
      'TASK-1: contract.spec_ref is required (workflow.dag.required_backlog_refs); orchestrator must populate it at stage ④ backlog before dispatching dev',
    );
  });

  it.each([
    ['a rejecting critique', { ...approve, payload: designCritiqueDone.examples[1]!.value }, 'rework'],
    ['gate.failed REJECT', { id: 'e', type: 'gate.failed', payload: { verdict: 'REJECT' } }, 'rework'],
    ['gate.failed SUSPEND', { id: 'e', type: 'gate.failed', payload: { verdict: 'suspend' } }, 'escalate'],
    ['another event', { id: 'e', type: 'dev.build.done', payload: {} }, 'rework'],
  ] as const)('refuses to synthesize after %s', (_name, critic, route) => {
    const result = synthesizeBacklogRefs({ critic });
    expect(result.success || [result.error.code, result.error.details.route]).toEqual([
      'critique_not_approved',
      route,
    ]);
  });

  it.each([
    undefined,
    null,
    {},
    { critic: null },
    { critic: 'x' },
    { critic: { type: 'design.critique.done', payload: JSON.parse('{"__proto__":{"verdict":"approve"}}') } },
    { critic: { type: 'design.critique.done', id: 42, payload: { verdict: ['approve'] } } },
    { critic: approve, manifests: [], arch: { payload: [[[]]] }, specRefs: [null, 3] },
  ])('never throws on junk input %#', (input) => {
    const result = synthesizeBacklogRefs(input as never);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toBeInstanceOf(ProtocolError);
    expect(({} as Record<string, unknown>).verdict).toBeUndefined();
  });
});

describe('findMissingBacklogRefs', () => {
  it.each([
    [{}, [...REQUIRED_BACKLOG_REFS]],
    [
      {
        spec_ref: ' ',
        plan_ref: 'p',
        tdd_ref: {},
        critic_event_id: 'e',
        critic_gate_ref: 'g',
        evidence_contract: { a: 1 },
      },
      ['spec_ref', 'tdd_ref'],
    ],
    [
      {
        spec_ref: 's',
        plan_ref: 0,
        tdd_ref: [1],
        critic_event_id: null,
        critic_gate_ref: true,
        evidence_contract: 'x',
      },
      ['plan_ref', 'critic_event_id'],
    ],
    ['junk', [...REQUIRED_BACKLOG_REFS]],
  ] as const)('%j -> %j', (contract, missing) => {
    expect(findMissingBacklogRefs(contract)).toEqual(missing);
  });
});
