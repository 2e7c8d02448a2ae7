import { z } from 'zod';
import { emitRule } from './_emit-status.js';
import { isAbsolutePosix, nonPortablePathProblem, posixParts } from './_posix-path.js';
import { pyStrip } from './_python.js';
import { ARTIFACT_STATUSES, normalizeArtifactStatus } from './artifact-kinds.js';
import { defineHandoffContract } from './handoff-contract.js';
import { NonBlankStringSchema } from './payload-fields.js';

const SEMVER_LABEL = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z][0-9A-Za-z.-]*)?$/;

function pathProblem(path: string, workdir: boolean): string | undefined {
  const trimmed = pyStrip(path);
  const parts = posixParts(trimmed);
  if (isAbsolutePosix(trimmed)) return 'write a path relative to the project root, not an absolute one';
  if (parts.includes('..')) return "must not contain a '..' segment";
  const nonPortable = nonPortablePathProblem(trimmed);
  if (nonPortable) return nonPortable;
  if (workdir) return undefined;
  if (parts[0] === '.git') return 'must not point into .git';
  if (parts[0] === '.zf' && parts[1] !== 'artifacts') return 'may use .zf/ only as .zf/artifacts/…';
  return undefined;
}

function relativePath(workdir: boolean) {
  return NonBlankStringSchema.superRefine((path, context) => {
    const problem = pathProblem(path, workdir);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** `accepted` also from the aliases `approve`/`approved`, any case; `''` means unset. */
export const ArtifactStatusSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizeArtifactStatus(value) || undefined : value),
  z.enum(ARTIFACT_STATUSES).optional(),
);

/**
 * A structured artifact ref, the only place object refs may appear. Relative paths only: the kernel also
 * accepts absolute paths under the project root or `<stateDir>/artifacts` (see `validateArtifactManifest`),
 * which a payload cannot be checked for without knowing those roots.
 */
export const ArtifactRefSchema = z.strictObject({
  kind: NonBlankStringSchema.meta({
    description:
      'spec/sdd, implementation_plan/plan, process_plan, backlog_plan, tdd/test_plan, task_map, critic_gate, …',
  }),
  path: relativePath(false),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hex chars' }),
  summary: NonBlankStringSchema,
  status: ArtifactStatusSchema,
  workdir_path: relativePath(true)
    .optional()
    .meta({ description: 'Where the file sits under <stateDir>/workdirs, when not yet in the project.' }),
  commit: z.string().optional(),
  artifact_id: z.string().optional(),
  version: z.union([z.int().min(1), z.string().regex(SEMVER_LABEL)]).optional(),
  supersedes: z.string().optional(),
  source_event_id: z.string().optional(),
  accepted_event_id: z.string().optional(),
});
/** A structured artifact ref with a relative path: kind, path, digest, summary and status. */
export type ArtifactRef = z.output<typeof ArtifactRefSchema>;

/** The `artifact.manifest.published` payload: the manifest itself. */
export const ArtifactManifestPublishedPayloadSchema = z.strictObject({
  task_id: NonBlankStringSchema,
  role: NonBlankStringSchema,
  feature_id: z.string().optional(),
  skills_used: z.array(z.string()).optional(),
  artifact_refs: z.array(ArtifactRefSchema).min(1),
  handoff_contract: z.record(z.string(), z.unknown()).optional(),
});
/** The `artifact.manifest.published` payload: the manifest itself. */
export type ArtifactManifestPublishedPayload = z.output<typeof ArtifactManifestPublishedPayloadSchema>;

/** The `zaofu.artifact-manifest-published` contract: a manifest of structured artifact refs. */
export const artifactManifestPublished = defineHandoffContract({
  eventType: 'artifact.manifest.published',
  id: 'zaofu.artifact-manifest-published',
  title: 'ZaoFu artifact.manifest.published payload',
  description:
    'A manifest of structured artifact refs (kind, path, sha256, summary, status); lifecycle events link to it by event id.',
  schema: ArtifactManifestPublishedPayloadSchema,
  rules: [
    emitRule('zf emit artifact.manifest.published --task <task id>'),
    'Publish it before the lifecycle event that links to it through artifact_manifest_event_id.',
    'Give each ref a kind, a project-relative path, the sha256 of the file (64 hex digits) and a summary.',
    'Paths never contain .., never point into .git, and use .zf/ only as .zf/artifacts/….',
    'Arch candidates carry status draft or proposed; only status accepted (or none) feeds task-contract refs.',
  ],
  examples: [
    {
      name: 'arch-candidates',
      description: 'Arch publishes candidate plan artifacts before arch.proposal.done.',
      value: {
        task_id: 'TASK-1',
        role: 'arch',
        skills_used: ['agent-skills:spec-driven-development'],
        artifact_refs: [
          {
            kind: 'implementation_plan',
            path: 'docs/plans/foo-implementation-plan.md',
            sha256: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
            summary: 'Candidate implementation plan for the bar helper.',
            status: 'proposed',
          },
          {
            kind: 'backlog_plan',
            path: 'docs/plans/foo-backlog.md',
            sha256: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
            summary: 'Candidate backlog.',
            status: 'draft',
          },
        ],
      },
    },
    {
      name: 'orchestrator-final',
      description: 'The orchestrator accepts the reviewed artifacts at stage ④.',
      value: {
        task_id: 'TASK-1',
        role: 'orchestrator',
        feature_id: 'F-1',
        artifact_refs: [
          {
            kind: 'spec',
            path: 'docs/specs/foo.md',
            sha256: 'cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc',
            summary: 'Reviewed spec.',
            status: 'accepted',
          },
          {
            kind: 'implementation_plan',
            path: 'docs/plans/foo-implementation-plan.md',
            sha256: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
            summary: 'Accepted implementation plan.',
            status: 'accepted',
            artifact_id: 'plan-TASK-1-v2',
            version: 2,
            supersedes: 'plan-TASK-1-v1',
          },
          {
            kind: 'tdd',
            path: '.zf/artifacts/TASK-1/tdd.md',
            sha256: 'dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd',
            summary: 'Test design.',
            status: 'accepted',
          },
        ],
        handoff_contract: { required_for_dev: ['spec', 'plan', 'tdd'] },
      },
    },
  ],
});
