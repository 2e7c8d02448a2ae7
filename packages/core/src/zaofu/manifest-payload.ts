import { ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isAbsolutePosix, isWithin, resolvePosix } from './_posix-path.js';
import { getOwn, hasOwn, isMapping, type PyMapping, pyStrip } from './_python.js';
import type { ZaofuProtocolError } from './error-codes.js';
import {
  type ArtifactRoots,
  type ManifestValidationOptions,
  type NormalizedArtifactManifest,
  resolveArtifactRoots,
  validateArtifactManifest,
} from './manifest-validation.js';

/** Where an `artifact.manifest.published` payload keeps its manifest. */
export type ManifestSource =
  | { readonly source: 'inline'; readonly manifest: PyMapping }
  /** The caller reads this file (absolute, checked to lie under the project root or the state dir). */
  | { readonly source: 'file'; readonly path: string };

function rejected(message: string, fieldPath: string): ZaofuProtocolError {
  return new ProtocolError('artifact_manifest_rejected', `Artifact manifest rejected: ${message}.`, {
    details: { errors: [message], fieldPaths: [fieldPath], fieldPath },
  });
}

/**
 * The kernel's `load_manifest_from_payload` routing, without reading files: `{"manifest": {...}}`, the
 * manifest itself (a payload with `artifact_refs`, `handoff_contract` or `skills_used`), or
 * `{"manifest_path": "..."}` under the project root or the state dir.
 */
export function resolveManifestPayload(
  payload: unknown,
  roots: ArtifactRoots,
): Result<ManifestSource, ZaofuProtocolError> {
  const { projectRoot, stateDir } = resolveArtifactRoots(roots);
  const body = isMapping(payload) ? payload : {};
  const wrapped = getOwn(body, 'manifest');
  if (isMapping(wrapped)) return ok({ source: 'inline', manifest: wrapped });
  if (['artifact_refs', 'handoff_contract', 'skills_used'].some((key) => hasOwn(body, key))) {
    return ok({ source: 'inline', manifest: body });
  }
  const rawPath = getOwn(body, 'manifest_path');
  if (typeof rawPath !== 'string') return fail(rejected('manifest payload is required', '(root)'));
  if (pyStrip(rawPath) === '') return fail(rejected('manifest_path is empty', 'manifest_path'));
  const path = resolvePosix(isAbsolutePosix(rawPath) ? rawPath : `${projectRoot}/${rawPath}`);
  if (!isWithin(path, projectRoot) && !isWithin(path, stateDir)) {
    return fail(rejected('manifest_path is outside project root and state_dir', 'manifest_path'));
  }
  return ok({ source: 'file', path });
}

/** Validate an inline manifest payload in one step; a `manifest_path` payload needs the file read first. */
export function validateManifestPayload(
  payload: unknown,
  options: ManifestValidationOptions,
): Result<NormalizedArtifactManifest, ZaofuProtocolError> {
  const resolved = resolveManifestPayload(payload, options);
  if (!resolved.success) return resolved;
  if (resolved.data.source === 'file') {
    return fail(
      new ProtocolError(
        'manifest_in_file',
        `The manifest is in ${resolved.data.path}; read that JSON file and pass its object to validateArtifactManifest.`,
        { details: { path: resolved.data.path, fieldPath: 'manifest_path' } },
      ),
    );
  }
  return validateArtifactManifest(resolved.data.manifest, options);
}
