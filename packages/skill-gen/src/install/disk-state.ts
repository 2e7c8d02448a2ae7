import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { readRegularFileSync } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import type { DiskState } from './plan.js';

/** Whether `path` is `root` or inside it (both already resolved with `realpath`). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return (
    rel === '' ||
    (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))
  );
}

function realpathIfResolvable(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/**
 * `folder` and one more segment, as the walks below spell every folder on a path: a plain segment (no separator,
 * not `.` or `..`) is appended, anything else goes to `join`. An install walks the folders of every file it
 * writes, and `join` normalises the whole path again for each of them.
 */
export function childPath(folder: string, segment: string): string {
  if (segment === '' || segment === '.' || segment === '..' || /[\\/]/.test(segment))
    return join(folder, segment);
  return folder.endsWith(sep) ? folder + segment : folder + sep + segment;
}

const isNotFound = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/**
 * `lstat`, or `undefined` when nothing is there (`ENOENT`, `ENOTDIR`); other errors throw. A fresh install's
 * probes mostly find nothing, and an error object per probe cost more than the probe.
 */
export function lstatIfPresent(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * What is at `relPath` under `root`, without following a symlink at the path itself. Every existing parent is
 * resolved with `realpath`; one that lands outside the (resolved) root makes the path `outside-root`. The
 * calls are synchronous: an install probes every file it writes, and a promise round trip through the thread
 * pool per `lstat` cost more CPU than the `lstat`s. `madeHere` names the folders the caller made itself
 * (an apply's `mkdir`, which fails on anything already there): they are not checked again.
 */
export function probePath(
  root: string,
  realRoot: string,
  relPath: string,
  madeHere?: (folder: string) => boolean,
): DiskState {
  const segments = relPath.split('/');
  let current = root;
  for (let i = 0; i < segments.length - 1; i++) {
    current = childPath(current, segments[i]!);
    if (madeHere?.(current)) continue;
    const info = lstatIfPresent(current);
    if (info === undefined) return { kind: 'missing' };
    if (info.isSymbolicLink()) {
      const resolved = realpathIfResolvable(current);
      if (resolved === undefined) return { kind: 'other' };
      if (!isInside(realRoot, resolved)) return { kind: 'outside-root', resolved };
    } else if (!info.isDirectory()) return { kind: 'other' };
  }
  const target = join(root, relPath);
  const info = lstatIfPresent(target);
  if (info === undefined) return { kind: 'missing' };
  if (info.isSymbolicLink()) return { kind: 'symlink' };
  if (info.isDirectory()) return { kind: 'directory' };
  if (!info.isFile()) return { kind: 'other' };
  const parent = realpathSync.native(join(target, '..'));
  if (!isInside(realRoot, parent)) return { kind: 'outside-root', resolved: parent };
  const read = readRegularFileSync(target);
  if (!read.success) {
    if (read.error.code === 'file_not_found') return { kind: 'missing' };
    if (read.error.code === 'file_not_regular') return { kind: 'other' };
    throw read.error;
  }
  return { kind: 'file', sha256: sha256(read.data.bytes), executable: (read.data.mode & 0o111) !== 0 };
}

/** Probe every path; I/O errors other than "not found" propagate to the caller (typed for too-large files). */
export function probePaths(root: string, paths: Iterable<string>): Map<string, DiskState> {
  const realRoot = realpathSync.native(root);
  const states = new Map<string, DiskState>();
  for (const path of paths) if (!states.has(path)) states.set(path, probePath(root, realRoot, path));
  return states;
}
