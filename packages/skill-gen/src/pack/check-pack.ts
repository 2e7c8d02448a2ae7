import { join } from 'node:path';
import { contentBytes } from '../files/output-file.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { MANIFEST_FILE, type Manifest, safeParseManifest } from './manifest.js';
import { type DiskFile, readPackTree } from './pack-tree.js';
import type { RenderedPack } from './render-pack.js';

export const DRIFT_KINDS = ['modified', 'missing', 'orphaned', 'stale'] as const;
/** How a built file differs from a fresh render, one of `DRIFT_KINDS`. */
export type DriftKind = (typeof DRIFT_KINDS)[number];

/**
 * One difference between the pack on disk and a fresh build:
 * - `modified`: a file differs from what the build wrote (someone edited it);
 * - `missing`: a file the manifest lists is not on disk;
 * - `orphaned`: a file on disk that no build produced;
 * - `stale`: a file is as the build wrote it, but its sources changed since, so the build now differs.
 */
export interface DriftEntry {
  readonly kind: DriftKind;
  readonly path: string;
  readonly detail: string;
  /**
   * What fixes it: `build` (a build rewrites or removes the file; an edit in it is lost, so make it in the
   * sources), or `delete` (the build does not own the file and leaves it in place: delete it, or keep it
   * outside the pack directory).
   */
  readonly fix: DriftFix;
}

export type DriftFix = 'build' | 'delete';

/**
 * How a built pack differs from a fresh render: whether it is clean, each drifted file, and the changed
 * sources.
 */
export interface CheckReport {
  readonly clean: boolean;
  readonly drift: readonly DriftEntry[];
  /** Sources (relative to the config file) whose hash differs from the manifest's. */
  readonly changedSources: readonly string[];
}

async function readManifest(outDir: string): Promise<{ manifest?: Manifest; problem?: DriftEntry }> {
  const read = await readRegularFile(join(outDir, MANIFEST_FILE), { maxBytes: 64 * 1024 * 1024 });
  if (!read.success) {
    return {
      problem:
        read.error.code === 'file_not_found'
          ? {
              kind: 'missing',
              path: MANIFEST_FILE,
              detail: 'no manifest: the pack was never built here',
              fix: 'build',
            }
          : { kind: 'modified', path: MANIFEST_FILE, detail: read.error.message, fix: 'build' },
    };
  }
  const text = read.data.bytes.toString('utf8');
  const parsed = safeParseManifest(text, MANIFEST_FILE);
  return parsed.success
    ? { manifest: parsed.data }
    : {
        problem: {
          kind: 'modified',
          path: MANIFEST_FILE,
          detail: `the manifest is damaged: ${parsed.error.message}`,
          // A build refuses to work from a damaged manifest: delete it, then build.
          fix: 'delete',
        },
      };
}

function changedSources(previous: Manifest | undefined, fresh: Manifest): string[] {
  if (!previous) return [];
  const before = new Map(previous.sources.map((source) => [source.path, source.sha256]));
  const after = new Map(fresh.sources.map((source) => [source.path, source.sha256]));
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

/** A path the fresh build produces: fine, missing, modified by a person, or stale (as built, sources moved on). */
function classifyProduced(
  path: string,
  want: string,
  onDisk: DiskFile | undefined,
  built: string | undefined,
  hasManifest: boolean,
  staleBecause: string,
): DriftEntry | undefined {
  if (!onDisk) {
    if (built !== undefined)
      return { kind: 'missing', path, detail: 'listed in the manifest, not on disk', fix: 'build' };
    // Not in the manifest either: a new output, because a source was added since the build.
    if (hasManifest) return { kind: 'stale', path, detail: `not built yet; ${staleBecause}`, fix: 'build' };
    return { kind: 'missing', path, detail: 'not on disk', fix: 'build' };
  }
  if (onDisk.sha256 === want) return undefined;
  // Unchanged since the build (the manifest vouches for the bytes), yet the build differs now: stale.
  if (onDisk.sha256 !== undefined && onDisk.sha256 === built)
    return { kind: 'stale', path, detail: staleBecause, fix: 'build' };
  // A build overwrites a regular file; anything else (a folder, a link) it cannot replace: delete it.
  if (onDisk.sha256 === undefined)
    return { kind: 'modified', path, detail: 'not a regular file', fix: 'delete' };
  return { kind: 'modified', path, detail: 'changed after the build', fix: 'build' };
}

/** A path on disk the fresh build does not produce: an obsolete output (stale) or someone else's file. */
function classifyExtra(
  path: string,
  onDisk: DiskFile,
  built: string | undefined,
  staleBecause: string,
): DriftEntry {
  if (built !== undefined && built === onDisk.sha256) {
    return { kind: 'stale', path, detail: `no longer produced; ${staleBecause}`, fix: 'build' };
  }
  // The build removes only unchanged files it wrote: an edited leftover and someone else's file stay.
  const detail =
    built === undefined
      ? 'on disk, not produced by the build'
      : 'no longer produced, and changed after the build';
  return { kind: 'orphaned', path, detail, fix: 'delete' };
}

/** Compare the pack directory with a fresh in-memory build and with the manifest on disk. */
export async function comparePack(outDir: string, pack: RenderedPack): Promise<CheckReport> {
  const [{ manifest, problem }, disk] = await Promise.all([readManifest(outDir), readPackTree(outDir)]);
  const recorded = new Map((manifest?.files ?? []).map((file) => [file.path, file.sha256]));
  const sources = changedSources(manifest, pack.manifest);
  const staleBecause =
    sources.length > 0
      ? `sources changed since the build: ${sources.slice(0, 3).join(', ')}${sources.length > 3 ? ', …' : ''}`
      : 'the build now produces different content';
  const drift: DriftEntry[] = problem ? [problem] : [];
  const produced = new Map(
    pack.files.filter((file) => file.path !== MANIFEST_FILE).map((file) => [file.path, file]),
  );
  for (const [path, file] of produced) {
    const entry = classifyProduced(
      path,
      sha256(contentBytes(file)),
      disk.get(path),
      recorded.get(path),
      manifest !== undefined,
      staleBecause,
    );
    if (entry) drift.push(entry);
  }
  for (const [path, onDisk] of disk) {
    if (path !== MANIFEST_FILE && !produced.has(path))
      drift.push(classifyExtra(path, onDisk, recorded.get(path), staleBecause));
  }
  // Every file matches, yet the manifest may still be out of date (a source changed without changing any
  // output, or the generator or a contract version moved on).
  const fresh = pack.files.find((file) => file.path === MANIFEST_FILE);
  if (
    manifest &&
    drift.length === 0 &&
    fresh &&
    disk.get(MANIFEST_FILE)?.sha256 !== sha256(contentBytes(fresh))
  ) {
    const detail =
      sources.length > 0
        ? staleBecause
        : 'the manifest differs from a fresh build (generator or contract version changed)';
    drift.push({ kind: 'stale', path: MANIFEST_FILE, detail, fix: 'build' });
  }
  drift.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : 1));
  return { clean: drift.length === 0, drift, changedSources: sources };
}
