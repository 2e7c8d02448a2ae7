import { describe, expect, it } from 'vitest';
import { draftTaskContract } from '../../src/zaofu/index.js';
import { checkManifestLink } from '../../src/zaofu/task-contract-draft.js';

const manifest = { id: 'evt-aaaaaaaaaaaa', type: 'artifact.manifest.published', payload: {} };
const proposal = (link?: string) => ({
  id: 'evt-bbbbbbbbbbbb',
  type: 'arch.proposal.done',
  payload: {
    summary: 'Add a clamp helper.',
    ...(link === undefined ? {} : { artifact_manifest_event_id: link }),
  },
});

describe('checkManifestLink: the manifest is published before arch.proposal.done and the link resolves to it', () => {
  it('accepts a manifest logged before the proposal that links it', () => {
    expect(checkManifestLink([manifest, proposal('evt-aaaaaaaaaaaa')], 'evt-bbbbbbbbbbbb')).toEqual({
      success: true,
      data: { manifestEventId: 'evt-aaaaaaaaaaaa' },
    });
  });

  it('has nothing to check without a link', () => {
    expect(checkManifestLink([proposal()], 'evt-bbbbbbbbbbbb')).toEqual({
      success: true,
      data: { manifestEventId: null },
    });
  });

  it.each([
    [[proposal('evt-aaaaaaaaaaaa'), manifest], 'manifest_after_proposal'],
    [[proposal('evt-cccccccccccc')], 'manifest_link_unresolved'],
    [
      [{ ...manifest, type: 'design.critique.done' }, proposal('evt-aaaaaaaaaaaa')],
      'manifest_link_unresolved',
    ],
    [[manifest], 'proposal_not_found'],
    [undefined, 'proposal_not_found'],
  ] as const)('refuses %j with %s', (events, code) => {
    const result = checkManifestLink(events as never, 'evt-bbbbbbbbbbbb');
    expect(result.success || result.error.code).toBe(code);
  });
});

describe('draftTaskContract: stage ④ behavior and exclusions', () => {
  it('copies summary into behavior verbatim and pre-populates exclusions the proposal respects', () => {
    const summary = '  Clamp values into the configured range (inclusive).  ';
    const result = draftTaskContract(
      {
        summary,
        scope_compliance: { respects_exclusions: true, touches_only_listed_files: true },
        verification_command: 'pnpm exec vitest run test/unit/foo/bar.test.ts',
        evidence_refs: ['packages/foo/package.json'],
      },
      ['Do not touch pnpm-lock.yaml'],
    );
    expect(result).toEqual({
      success: true,
      data: {
        behavior: summary,
        exclusions: ['Do not touch pnpm-lock.yaml'],
        evidence_contract: {
          verification_command: 'pnpm exec vitest run test/unit/foo/bar.test.ts',
          evidence_refs: ['packages/foo/package.json'],
        },
      },
    });
  });

  it('pre-populates no exclusions when the proposal does not declare it respects them', () => {
    const result = draftTaskContract({ summary: 'x', scope_compliance: { respects_exclusions: false } }, [
      'a',
    ]);
    expect(result.success && result.data.exclusions).toEqual([]);
  });

  it.each([undefined, {}, { summary: '  ' }, { summary: 3 }])('refuses %j without a summary', (payload) => {
    const result = draftTaskContract(payload);
    expect(result.success || result.error.code).toBe('missing_summary');
  });
});
