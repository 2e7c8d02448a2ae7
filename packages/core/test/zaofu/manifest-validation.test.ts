import { describe, expect, it } from 'vitest';
import { ConfigError, ProtocolError } from '../../src/errors.js';
import { normalizeArtifactKind } from '../../src/zaofu/artifact-kinds.js';
import { contractRefsFromManifest } from '../../src/zaofu/contract-refs.js';
import { validateArtifactManifest, validateManifestPayload } from '../../src/zaofu/index.js';
import { resolveManifestPayload } from '../../src/zaofu/manifest-payload.js';
import { isAllowedArtifactPath, isAllowedWorkdirPath } from '../../src/zaofu/manifest-validation.js';

const roots = { projectRoot: '/work/proj', stateDir: '.zf' };
const sha = 'A'.repeat(64);
const ref = { kind: 'plan', path: 'docs/p.md', sha256: sha, summary: 'plan' };
const manifest = (refs: unknown[], extra: Record<string, unknown> = {}) => ({
  task_id: 'T-1',
  role: 'arch',
  artifact_refs: refs,
  ...extra,
});

function errorsOf(raw: unknown, options = roots): string[] {
  const result = validateArtifactManifest(raw, options);
  if (result.success) return [];
  expect(result.error).toBeInstanceOf(ProtocolError);
  expect(result.error.code).toBe('artifact_manifest_rejected');
  return result.error.details.errors as string[];
}

describe('artifact path rules', () => {
  it.each([
    ['docs/plans/a.md', true],
    ['./docs//a.md', true],
    ['.', true],
    ['a/.git/x', true],
    ['.gitignore', true],
    ['.zf/artifacts/F-1/x.json', true],
    ['../secret.md', false],
    ['docs/../../x', false],
    ['.git/config', false],
    ['.zf', false],
    ['.zf/kanban.json', false],
    ['/work/proj/docs/a.md', true],
    ['/work/proj/.git/config', true],
    ['/work/proj/.zf/artifacts/x', true],
    ['/work/project/docs/a.md', false],
    ['/work/proj/../other/a.md', false],
    ['/etc/passwd', false],
  ] as const)('%s -> allowed %s', (path, allowed) => {
    expect(isAllowedArtifactPath(path, roots)).toBe(allowed);
  });

  it('allows absolute paths under <stateDir>/artifacts when the state dir lives elsewhere', () => {
    const elsewhere = { projectRoot: '/work/proj', stateDir: '/var/zf' };
    expect(isAllowedArtifactPath('/var/zf/artifacts/x.md', elsewhere)).toBe(true);
    expect(isAllowedArtifactPath('/var/zf/kanban.json', elsewhere)).toBe(false);
  });

  it.each([
    ['dev-1/project', true],
    ['workdirs/dev-1', true],
    ['/work/proj/.zf/workdirs/dev-1', true],
    ['/work/proj/.zf/other', false],
    ['../escape', false],
    ['dev-1/../../x', false],
  ] as const)('workdir %s -> allowed %s', (path, allowed) => {
    expect(isAllowedWorkdirPath(path, roots)).toBe(allowed);
  });

  it('needs an absolute project root', () => {
    expect(() => validateArtifactManifest({}, { projectRoot: 'proj', stateDir: '.zf' })).toThrow(ConfigError);
  });
});

describe('validateArtifactManifest', () => {
  it('normalises a valid ref as the kernel stores it', () => {
    const result = validateArtifactManifest(
      manifest([{ ...ref, path: './docs//p.md', kind: ' plan ', status: ' Approved ', version: '3' }], {
        skills_used: [' a ', '', 7],
        feature_id: 'F-1',
      }),
      roots,
    );
    expect(result).toEqual({
      success: true,
      data: {
        task_id: 'T-1',
        role: 'arch',
        skills_used: ['a', '7'],
        feature_id: 'F-1',
        handoff_contract: {},
        artifact_refs: [
          {
            kind: 'plan',
            path: 'docs/p.md',
            sha256: 'a'.repeat(64),
            summary: 'plan',
            workdir_path: '',
            commit: '',
            artifact_id: '',
            version: 3,
            supersedes: '',
            status: 'accepted',
            source_event_id: '',
            accepted_event_id: '',
          },
        ],
      },
    });
  });

  it('lists every error in the kernel order, version first within a ref', () => {
    const bad = {
      kind: '',
      path: '.git/x',
      sha256: 'xyz',
      summary: ' ',
      workdir_path: '../w',
      status: 'done',
      version: 'v2',
    };
    expect(errorsOf({ artifact_refs: [bad, 'ref'], handoff_contract: ['x'] })).toEqual([
      'task_id is required',
      'role is required',
      'handoff_contract must be a mapping',
      'artifact_refs[0].version must be a positive integer',
      'artifact_refs[0].kind is required',
      'artifact_refs[0].path is outside allowed artifact roots',
      'artifact_refs[0].sha256 must be 64 hex chars',
      'artifact_refs[0].summary is required',
      'artifact_refs[0].workdir_path is outside runtime workdirs',
      'artifact_refs[0].status must be one of draft/proposed/accepted/superseded/rejected',
      'artifact_refs[1] must be a mapping',
    ]);
  });

  it.each([
    [null, 0],
    ['', 0],
    ['1.2.3-rc.1', 0],
    [' 2 ', 2],
    ['1_0', 10],
    [2.9, 2],
    [true, 1],
  ] as const)('reads version %j as %i (Python int())', (version, expected) => {
    const result = validateArtifactManifest(manifest([{ ...ref, version }]), roots);
    expect(result.success && result.data.artifact_refs[0]!.version).toBe(expected);
  });

  it.each([0, -1, false, '1.5', 'two', [], {}, '_1'])('rejects version %j', (version) => {
    expect(errorsOf(manifest([{ ...ref, version }]))).toEqual([
      'artifact_refs[0].version must be a positive integer',
    ]);
  });

  it('uses defaults only when the manifest has no value, and Python str() for non-strings', () => {
    const result = validateArtifactManifest(
      { task_id: 0, role: 12, artifact_refs: [{ ...ref, summary: ['x'] }] },
      { ...roots, defaultTaskId: 'T-9' },
    );
    expect(
      result.success && [result.data.task_id, result.data.role, result.data.artifact_refs[0]!.summary],
    ).toEqual(['T-9', '12', "['x']"]);
    expect(errorsOf({ task_id: '  ', role: 'r', artifact_refs: [ref] })).toEqual(['task_id is required']);
  });

  it.each([undefined, null, '', '{', [], 42, 'x'.repeat(2_000_000)])(
    'rejects junk %# as a missing manifest',
    (raw) => {
      expect(errorsOf(raw)).toEqual(['manifest payload is required']);
    },
  );

  it.each([
    JSON.parse('{"__proto__":{"polluted":true},"task_id":"T","role":"r","artifact_refs":[]}'),
    manifest([JSON.parse(`{"__proto__":{"kind":"x"},"path":"p","sha256":"${sha}","summary":"s"}`)]),
    manifest([{ ...ref, path: `${'../'.repeat(100_000)}x` }]),
    manifest([{ ...ref, kind: JSON.parse(`${'['.repeat(50_000)}${']'.repeat(50_000)}`) }]),
    manifest([{ ...ref, summary: '\ud800' }]),
    manifest(Array.from({ length: 20_000 }, () => ref)),
  ])('never throws on hostile manifest %#', (raw) => {
    const result = validateArtifactManifest(raw, roots);
    expect(typeof result.success).toBe('boolean');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).kind).toBeUndefined();
  });
});

describe('contractRefsFromManifest', () => {
  const validated = (refs: unknown[], extra?: Record<string, unknown>) => {
    const result = validateArtifactManifest(manifest(refs, extra), roots);
    if (!result.success) throw result.error;
    return result.data;
  };

  it('maps kinds after normalising case and dashes; first matching ref wins', () => {
    expect(normalizeArtifactKind(' Work-Unit-Map ')).toBe('task_map');
    expect(normalizeArtifactKind('constructor')).toBe('constructor');
    const refs = contractRefsFromManifest(
      validated([
        { ...ref, kind: 'SDD', path: 'docs/spec.md' },
        { ...ref, kind: 'plan', path: 'docs/first.md' },
        { ...ref, kind: 'backlog', path: 'docs/second.md' },
        { ...ref, kind: 'Test-Plan', path: 'docs/tdd.md' },
        { ...ref, kind: 'review', path: '.zf/artifacts/review.md' },
      ]),
      'evt-9',
    );
    expect(refs).toEqual({
      spec_ref: 'docs/spec.md',
      plan_ref: 'docs/first.md',
      tdd_ref: 'docs/tdd.md',
      critic_gate_ref: '.zf/artifacts/review.md',
      critic_event_id: 'evt-9',
      evidence_contract: {
        artifact_manifest_event_id: 'evt-9',
        artifact_refs: { backlog_plan_ref: 'docs/second.md' },
      },
    });
  });

  it('ignores draft, proposed, rejected and superseded refs and omits an empty evidence contract', () => {
    const statuses = ['draft', 'proposed', 'rejected', 'superseded'];
    expect(contractRefsFromManifest(validated(statuses.map((status) => ({ ...ref, status }))), 'e')).toEqual(
      {},
    );
  });

  it('carries the handoff contract into the evidence contract', () => {
    const refs = contractRefsFromManifest(
      validated([ref], { handoff_contract: { backlog_ref: 'b.md' } }),
      'e',
    );
    expect(refs.evidence_contract).toEqual({
      artifact_manifest_event_id: 'e',
      handoff_contract: { backlog_ref: 'b.md' },
    });
  });
});

describe('manifest payload forms', () => {
  it.each([
    ['a wrapped manifest', { manifest: manifest([ref]) }, { source: 'inline', manifest: manifest([ref]) }],
    ['the manifest itself', manifest([ref]), { source: 'inline', manifest: manifest([ref]) }],
    [
      'a path under the project',
      { manifest_path: 'docs/m.json' },
      { source: 'file', path: '/work/proj/docs/m.json' },
    ],
    [
      'a path under the state dir',
      { manifest_path: '/work/proj/.zf/m.json' },
      { source: 'file', path: '/work/proj/.zf/m.json' },
    ],
  ] as const)('resolves %s', (_name, payload, expected) => {
    expect(resolveManifestPayload(payload, roots)).toEqual({ success: true, data: expected });
  });

  it.each([
    [
      'an escaping path',
      { manifest_path: '../m.json' },
      'manifest_path is outside project root and state_dir',
    ],
    ['an empty path', { manifest_path: '  ' }, 'manifest_path is empty'],
    ['no manifest', { manifest: 'x', manifest_path: 3 }, 'manifest payload is required'],
    ['junk', 'x'.repeat(1_000_000), 'manifest payload is required'],
  ] as const)('rejects %s with the kernel string', (_name, payload, message) => {
    const result = resolveManifestPayload(payload, roots);
    expect(result.success || result.error.details.errors).toEqual([message]);
  });

  it('validates inline payloads in one step and points at manifest files', () => {
    expect(validateManifestPayload({ manifest: manifest([ref]) }, roots).success).toBe(true);
    const inFile = validateManifestPayload({ manifest_path: 'm.json' }, roots);
    expect(inFile.success || [inFile.error.code, inFile.error.details.path]).toEqual([
      'manifest_in_file',
      '/work/proj/m.json',
    ]);
  });
});
