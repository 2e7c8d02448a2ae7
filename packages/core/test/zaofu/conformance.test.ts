import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_KIND_ALIASES } from '../../src/zaofu/artifact-kinds.js';
import { contractRefsFromManifest } from '../../src/zaofu/contract-refs.js';
import {
  checkCompletionPayload,
  createEventSchemaRegistry,
  validateArtifactManifest,
} from '../../src/zaofu/index.js';
import { readConformance } from '../_support/conformance.js';

const conformanceDir = new URL('../../../../conformance/zaofu/', import.meta.url);

interface CompletionCase {
  id: string;
  event_type: string;
  actor?: string;
  payload: unknown;
  expected_missing: string[] | null;
  expected_warnings?: string[];
  match?: 'contains';
}

interface SchemaCase {
  id: string;
  event_type: string;
  payload: unknown;
  expected_violations: {
    event_type: string;
    field_path: string;
    code: string;
    expected: string;
    actual: string;
  }[];
}

interface ManifestCase {
  id: string;
  manifest: unknown;
  event_id?: string;
  default_role?: string;
  default_task_id?: string;
  match?: 'subset';
  expected: {
    ok: boolean;
    contract_refs?: Record<string, unknown>;
    contract_refs_absent?: string[];
    errors_contain?: string[];
    errors_derived?: string[];
    ref0?: Record<string, unknown>;
    role?: string;
    task_id?: string;
  };
}

const completion = readConformance<{ cases: CompletionCase[] }>('zaofu', 'completion_payload_cases.json');
const eventSchema = readConformance<{ registry_fixture: unknown; cases: SchemaCase[] }>(
  'zaofu',
  'event_schema_cases.json',
);
const manifests = readConformance<{ cases: ManifestCase[]; kind_aliases: Record<string, string> }>(
  'zaofu',
  'artifact_manifest_cases.json',
);

describe('zaofu conformance directory', () => {
  it('holds exactly the files these tests read, each named in the README', () => {
    const files = readdirSync(conformanceDir).sort();
    expect(files).toEqual([
      'README.md',
      'artifact_manifest_cases.json',
      'completion_payload_cases.json',
      'event_schema_cases.json',
    ]);
    const readme = readFileSync(new URL('README.md', conformanceDir), 'utf8');
    for (const file of files.filter((name) => name.endsWith('.json'))) expect(readme).toContain(file);
  });

  it('gives every case a unique id, so none is shadowed in the tables below', () => {
    for (const cases of [completion.cases, eventSchema.cases, manifests.cases]) {
      expect(cases.length).toBeGreaterThan(10);
      expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    }
  });
});

describe('completion payload contract (completion_payload_cases.json)', () => {
  it.each(completion.cases.map((c) => [c.id, c] as const))('%s', (_id, testCase) => {
    const report = checkCompletionPayload({
      type: testCase.event_type,
      payload: testCase.payload,
      id: 'evt-source',
      actor: testCase.actor ?? 'dev',
    });
    if (testCase.expected_missing === null) {
      expect(report).toEqual({ evaluated: false, missing_fields: [], warn_fields: [], audit: null });
      return;
    }
    expect(report.evaluated).toBe(true);
    if (testCase.match === 'contains') {
      for (const field of testCase.expected_missing) expect(report.missing_fields).toContain(field);
    }
    expect(report.missing_fields).toEqual(testCase.expected_missing);
    if (testCase.expected_warnings) expect(report.warn_fields).toEqual(testCase.expected_warnings);
    if (testCase.expected_missing.length === 0) expect(report.audit).toBeNull();
    else {
      expect(report.audit).toEqual({
        reason: 'completion_payload_contract_violation',
        source_event_id: 'evt-source',
        source_event_type: testCase.event_type,
        source_actor: testCase.actor ?? 'dev',
        missing_fields: testCase.expected_missing,
        warn_fields: report.warn_fields,
      });
    }
  });
});

describe('event-schema registry (event_schema_cases.json)', () => {
  const registry = createEventSchemaRegistry({ eventSchemas: eventSchema.registry_fixture });

  it('loads all seven rules of the fixture', () => {
    expect([...registry.rules.keys()]).toEqual([
      'arch.proposal.done',
      'design.critique.done',
      'dev.build.done',
      'review.approved',
      'review.rejected',
      'test.passed',
      'judge.passed',
    ]);
  });

  it.each(eventSchema.cases.map((c) => [c.id, c] as const))('%s', (_id, testCase) => {
    const violations = registry.validate({ type: testCase.event_type, payload: testCase.payload });
    expect(violations).toEqual(testCase.expected_violations);
    const result = registry.safeValidate({ type: testCase.event_type, payload: testCase.payload });
    expect(result.success).toBe(testCase.expected_violations.length === 0);
  });
});

describe('artifact manifests (artifact_manifest_cases.json)', () => {
  const rootsFor = (id: string) =>
    id.startsWith('workdir-path')
      ? { projectRoot: '/tmp/case/project', stateDir: '/tmp/case/runtime-state' }
      : { projectRoot: '/tmp/case', stateDir: '/tmp/case/.zf' };

  it('uses the kernel kind-alias table', () => {
    expect(ARTIFACT_KIND_ALIASES).toEqual(manifests.kind_aliases);
  });

  it.each(manifests.cases.map((c) => [c.id, c] as const))('%s', (id, testCase) => {
    const result = validateArtifactManifest(testCase.manifest, {
      ...rootsFor(id),
      ...(testCase.default_role ? { defaultRole: testCase.default_role } : {}),
      ...(testCase.default_task_id ? { defaultTaskId: testCase.default_task_id } : {}),
    });
    const { expected } = testCase;
    expect(result.success).toBe(expected.ok);
    if (!result.success) {
      const errors = result.error.details.errors as string[];
      expect(result.error.code).toBe('artifact_manifest_rejected');
      for (const fragment of expected.errors_contain ?? []) {
        expect(errors.some((error) => error.includes(fragment))).toBe(true);
      }
      if (expected.errors_derived) expect(errors).toEqual(expected.errors_derived);
      return;
    }
    const manifest = result.data;
    if (expected.role) expect(manifest.role).toBe(expected.role);
    if (expected.task_id) expect(manifest.task_id).toBe(expected.task_id);
    if (expected.ref0) expect(manifest.artifact_refs[0]).toMatchObject(expected.ref0);
    const refs = contractRefsFromManifest(manifest, testCase.event_id ?? 'evt-manifest');
    if (expected.contract_refs) expect(refs).toMatchObject(expected.contract_refs);
    for (const absent of expected.contract_refs_absent ?? []) expect(refs).not.toHaveProperty(absent);
  });
});
