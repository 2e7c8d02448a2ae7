import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_FILE, type Manifest, safeParseManifest } from '../manifest.js';
import { contentBytes } from '../output-file.js';
import { sha256 } from '../sha256.js';
import { readPackTree } from './pack-tree.js';
import type { RenderedPack } from './render-pack.js';

export const DRIFT_KINDS = ['modified', 'missing', 'orphaned', 'stale'] as const;
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
}

export interface CheckReport {
  readonly clean: boolean;
  readonly drift: readonly DriftEntry[];
  /** Sources (relative to the config file) whose hash differs from the manifest's. */
  readonly changedSources: readonly string[];
}

async function readManifest(outDir: string): Promise<{ manifest?: Manifest; problem?: DriftEntry }> {
  let text: string;
  try {
    text = await readFile(join(outDir, MANIFEST_FILE), 'utf8');
  } catch {
    return {
      problem: { kind: 'missing', path: MANIFEST_FILE, detail: 'no manifest: the pack was never built here' },
    };
  }
  const parsed = safeParseManifest(text, MANIFEST_FILE);
  return parsed.success
    ? { manifest: parsed.data }
    : {
        problem: {
          kind: 'modified',
          path: MANIFEST_FILE,
          detail: `the manifest is damaged: ${parsed.error.message}`,
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
  const expected = new Map(
    pack.files.filter((file) => file.path !== MANIFEST_FILE).map((file) => [file.path, file]),
  );

  for (const [path, file] of expected) {
    const onDisk = disk.get(path);
    const want = sha256(contentBytes(file));
    const built = recorded.get(path);
    if (!onDisk) {
      drift.push(
        built !== undefined
          ? { kind: 'missing', path, detail: 'listed in the manifest, not on disk' }
          : manifest
            ? { kind: 'stale', path, detail: `not built yet; ${staleBecause}` }
            : { kind: 'missing', path, detail: 'not on disk' },
      );
    } else if (onDisk.sha256 !== want) {
      drift.push(
        onDisk.sha256 !== undefined && onDisk.sha256 === built
          ? { kind: 'stale', path, detail: staleBecause }
          : {
              kind: 'modified',
              path,
              detail: onDisk.sha256 === undefined ? 'not a regular file' : 'changed after the build',
            },
      );
    }
  }
  for (const [path, onDisk] of disk) {
    if (path === MANIFEST_FILE || expected.has(path)) continue;
    const built = recorded.get(path);
    drift.push(
      built !== undefined && built === onDisk.sha256
        ? { kind: 'stale', path, detail: `no longer produced; ${staleBecause}` }
        : {
            kind: 'orphaned',
            path,
            detail:
              built !== undefined
                ? 'no longer produced, and changed after the build'
                : 'on disk, not produced by the build',
          },
    );
  }
  if (manifest && drift.length === 0) {
    const manifestOnDisk = disk.get(MANIFEST_FILE)?.sha256;
    const fresh = pack.files.find((file) => file.path === MANIFEST_FILE);
    if (fresh && manifestOnDisk !== sha256(contentBytes(fresh))) {
      drift.push({
        kind: 'stale',
        path: MANIFEST_FILE,
        detail:
          sources.length > 0
            ? staleBecause
            : 'the manifest differs from a fresh build (generator or contract version changed)',
      });
    }
  }
  drift.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : 1));
  return { clean: drift.length === 0, drift, changedSources: sources };
}
