import { ConfigError, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { asPosix, isAbsolutePosix, isWithin, posixParts, resolvePosix } from './_posix-path.js';
import { getOwn, isMapping, type PyMapping, pyInt, pyStr, pyStrip, pyTruthy } from './_python.js';
import { ARTIFACT_STATUSES, normalizeArtifactStatus } from './artifact-kinds.js';
import type { ZaofuProtocolError } from './error-codes.js';

/** An artifact ref as the kernel stores it after validation: every optional field filled (`''` / `0`). */
export interface NormalizedArtifactRef {
  readonly kind: string;
  readonly path: string;
  /** Lower-cased. */
  readonly sha256: string;
  readonly summary: string;
  readonly workdir_path: string;
  readonly commit: string;
  readonly artifact_id: string;
  /** `0` when unset or given as a semver label; the runtime ledger assigns the durable version. */
  readonly version: number;
  readonly supersedes: string;
  /** Canonical status or `''`. */
  readonly status: string;
  readonly source_event_id: string;
  readonly accepted_event_id: string;
}

/**
 * An artifact manifest as the kernel normalises it: task, role, skills used, artifact refs and handoff
 * contract.
 */
export interface NormalizedArtifactManifest {
  readonly task_id: string;
  readonly role: string;
  readonly skills_used: readonly string[];
  readonly artifact_refs: readonly NormalizedArtifactRef[];
  readonly handoff_contract: PyMapping;
  readonly feature_id: string;
}

/** Where artifacts may live; `stateDir` may be relative to `projectRoot` (usually `.zf`). */
export interface ArtifactRoots {
  /** Absolute path of the project checkout. */
  readonly projectRoot: string;
  readonly stateDir: string;
}

/** Options of `validateArtifactManifest`: the artifact roots and the role and task id to default to. */
export interface ManifestValidationOptions extends ArtifactRoots {
  /** Used when the manifest has no `role` (the kernel passes the event's actor). */
  readonly defaultRole?: string;
  /** Used when the manifest has no `task_id` (the kernel passes the event's task id). */
  readonly defaultTaskId?: string;
}

const SHA256 = /^[0-9a-fA-F]{64}$/;
const SEMVER_LABEL = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z][0-9A-Za-z.-]*)?$/;
const STATUS_ERROR = 'must be one of draft/proposed/accepted/superseded/rejected';

interface ResolvedRoots {
  readonly projectRoot: string;
  readonly stateDir: string;
}

/** Absolute, lexically resolved roots; a relative project root is the caller's mistake. */
export function resolveArtifactRoots(roots: ArtifactRoots): ResolvedRoots {
  if (typeof roots?.projectRoot !== 'string' || !isAbsolutePosix(roots.projectRoot)) {
    throw new ConfigError(
      'invalid_project_root',
      `Artifact path checks need an absolute POSIX projectRoot; received ${JSON.stringify(roots?.projectRoot)}.`,
    );
  }
  const projectRoot = resolvePosix(roots.projectRoot);
  return { projectRoot, stateDir: resolvePosix(String(roots.stateDir ?? ''), projectRoot) };
}

/**
 * The kernel's artifact path rule: no `..` segment; a relative path must not start with `.git` and may start
 * with `.zf` only as `.zf/artifacts/…`; an absolute path must lie under the project root or
 * `<stateDir>/artifacts`. Symlinks are not followed.
 */
export function isAllowedArtifactPath(path: string, roots: ArtifactRoots): boolean {
  const { projectRoot, stateDir } = resolveArtifactRoots(roots);
  const parts = posixParts(path);
  if (parts.includes('..')) return false;
  if (isAbsolutePosix(path)) {
    const resolved = resolvePosix(path);
    return isWithin(resolved, projectRoot) || isWithin(resolved, resolvePosix('artifacts', stateDir));
  }
  if (parts[0] === '.git') return false;
  if (parts[0] === '.zf') return parts[1] === 'artifacts';
  return true;
}

/** The kernel's workdir rule: no `..` segment, and the path resolves under `<stateDir>/workdirs`. */
export function isAllowedWorkdirPath(path: string, roots: ArtifactRoots): boolean {
  const { stateDir } = resolveArtifactRoots(roots);
  if (posixParts(path).includes('..')) return false;
  const workdirs = resolvePosix('workdirs', stateDir);
  const candidates = isAbsolutePosix(path) ? [path] : [`${stateDir}/${path}`, `${workdirs}/${path}`];
  return candidates.some((candidate) => isWithin(resolvePosix(candidate), workdirs));
}

/** `str(value or "").strip()`. */
function text(value: unknown): string {
  return pyTruthy(value) ? pyStrip(pyStr(value)) : '';
}

function firstText(...values: unknown[]): string {
  const found = values.find(pyTruthy);
  return found === undefined ? '' : pyStrip(pyStr(found));
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => pyStrip(pyStr(item))).filter((item) => item !== '');
  if (typeof value === 'string' && pyStrip(value) !== '') return [pyStrip(value)];
  return [];
}

interface Problem {
  readonly fieldPath: string;
  readonly message: string;
}

function parseVersion(value: unknown, prefix: string, problems: Problem[]): number {
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'string' && SEMVER_LABEL.test(pyStrip(value))) return 0;
  const version = pyInt(value);
  if (version === undefined || version < 1) {
    problems.push({
      fieldPath: `${prefix}.version`,
      message: `${prefix}.version must be a positive integer`,
    });
    return -1;
  }
  return version;
}

function validateRef(
  raw: PyMapping,
  prefix: string,
  roots: ArtifactRoots,
  problems: Problem[],
): NormalizedArtifactRef | undefined {
  const version = parseVersion(getOwn(raw, 'version'), prefix, problems);
  const field = (name: string) => text(getOwn(raw, name));
  const [kind, path, sha256, summary, workdirPath] = [
    'kind',
    'path',
    'sha256',
    'summary',
    'workdir_path',
  ].map(field) as [string, string, string, string, string];
  const status = normalizeArtifactStatus(text(getOwn(raw, 'status')));
  const before = problems.length;
  const report = (name: string, message: string) =>
    problems.push({ fieldPath: `${prefix}.${name}`, message: `${prefix}.${name} ${message}` });
  if (!kind) report('kind', 'is required');
  if (!path) report('path', 'is required');
  else if (!isAllowedArtifactPath(path, roots)) report('path', 'is outside allowed artifact roots');
  if (!sha256) report('sha256', 'is required');
  else if (!SHA256.test(sha256)) report('sha256', 'must be 64 hex chars');
  if (!summary) report('summary', 'is required');
  if (workdirPath && !isAllowedWorkdirPath(workdirPath, roots)) {
    report('workdir_path', 'is outside runtime workdirs');
  }
  if (status !== '' && !(ARTIFACT_STATUSES as readonly string[]).includes(status))
    report('status', STATUS_ERROR);
  if (problems.length > before || version < 0) return undefined;
  return {
    kind,
    path: asPosix(path),
    sha256: sha256.toLowerCase(),
    summary,
    workdir_path: workdirPath,
    commit: field('commit'),
    artifact_id: field('artifact_id'),
    version,
    supersedes: field('supersedes'),
    status,
    source_event_id: field('source_event_id'),
    accepted_event_id: field('accepted_event_id'),
  };
}

function rejection(problems: readonly Problem[]): ZaofuProtocolError {
  const errors = problems.map((problem) => problem.message);
  return new ProtocolError(
    'artifact_manifest_rejected',
    `Artifact manifest rejected: ${errors.join('; ')}.`,
    {
      details: { errors, fieldPaths: problems.map((p) => p.fieldPath), fieldPath: problems[0]?.fieldPath },
    },
  );
}

/**
 * The kernel's `validate_artifact_manifest`: on failure `error.details.errors` holds the kernel's exact
 * error strings (for example `artifact_refs[0].sha256 is required`) in its order. Never throws on `raw`;
 * throws `ConfigError` when `projectRoot` is not absolute.
 */
export function validateArtifactManifest(
  raw: unknown,
  options: ManifestValidationOptions,
): Result<NormalizedArtifactManifest, ZaofuProtocolError> {
  resolveArtifactRoots(options);
  if (!isMapping(raw))
    return fail(rejection([{ fieldPath: '(root)', message: 'manifest payload is required' }]));
  const problems: Problem[] = [];
  const taskId = firstText(getOwn(raw, 'task_id'), options.defaultTaskId);
  const role = firstText(getOwn(raw, 'role'), options.defaultRole);
  if (!taskId) problems.push({ fieldPath: 'task_id', message: 'task_id is required' });
  if (!role) problems.push({ fieldPath: 'role', message: 'role is required' });
  let handoff = getOwn(raw, 'handoff_contract');
  handoff = pyTruthy(handoff) ? handoff : {};
  if (!isMapping(handoff)) {
    problems.push({ fieldPath: 'handoff_contract', message: 'handoff_contract must be a mapping' });
    handoff = {};
  }
  let refsRaw = getOwn(raw, 'artifact_refs');
  if (!Array.isArray(refsRaw) || refsRaw.length === 0) {
    problems.push({ fieldPath: 'artifact_refs', message: 'artifact_refs must be a non-empty list' });
    refsRaw = [];
  }
  const refs: NormalizedArtifactRef[] = [];
  (refsRaw as unknown[]).forEach((item, index) => {
    const prefix = `artifact_refs[${index}]`;
    if (!isMapping(item)) {
      problems.push({ fieldPath: prefix, message: `${prefix} must be a mapping` });
      return;
    }
    const ref = validateRef(item, prefix, options, problems);
    if (ref) refs.push(ref);
  });
  if (problems.length > 0) return fail(rejection(problems));
  return ok({
    task_id: taskId,
    role,
    skills_used: stringList(getOwn(raw, 'skills_used')),
    artifact_refs: refs,
    handoff_contract: handoff as PyMapping,
    feature_id: text(getOwn(raw, 'feature_id')),
  });
}
