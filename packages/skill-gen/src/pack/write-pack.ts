import { constants } from 'node:fs';
import { chmod, lstat, mkdir, realpath, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { ConfigError } from '@skillpack/core';
import { contentBytes } from '../files/output-file.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { MANIFEST_FILE, type Manifest, safeParseManifest } from './manifest.js';
import type { RenderedPack } from './render-pack.js';

export interface WriteReport {
  /** Files written (the manifest included), or that a dry run would write. */
  readonly written: number;
  /** Files among them whose bytes on disk were different or absent before. */
  readonly changed: readonly string[];
  /** Files of the previous build that this build no longer produces, deleted. */
  readonly removed: readonly string[];
  /** Files of the previous build no longer produced but changed since, left in place. */
  readonly kept: readonly string[];
}

async function previousManifest(outDir: string): Promise<Manifest | undefined> {
  const file = join(outDir, MANIFEST_FILE);
  const read = await readRegularFile(file, { maxBytes: 64 * 1024 * 1024 });
  if (!read.success) {
    if (read.error.code === 'file_not_found') return undefined;
    throw new ConfigError(
      'manifest_unreadable',
      `Cannot read the previous build's manifest: ${read.error.message}`,
      {
        details: {
          file,
          reason: read.error.code,
          fix: 'Remove it (it must be a regular file) and build again.',
        },
      },
    );
  }
  const text = read.data.bytes.toString('utf8');
  const parsed = safeParseManifest(
    text,
    join(outDir, MANIFEST_FILE),
    'The build reads it to know which files it owns: delete the pack directory (or its manifest) and build again.',
  );
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

/** Never write through a symbolic link at the file itself: a link is replaced by the file. */
const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);

async function writeNoFollow(path: string, content: Uint8Array): Promise<void> {
  const existing = await lstat(path).catch(() => undefined);
  if (existing && !existing.isFile() && !existing.isSymbolicLink()) {
    // Opening a FIFO for writing would wait for a reader; a device or socket is no place for a pack file.
    throw new ConfigError('output_not_regular', `${path} is in the way: it is not a regular file.`, {
      details: { file: path, fix: 'Remove it from the pack directory, or build into another one.' },
    });
  }
  try {
    await writeFile(path, content, { flag: WRITE_FLAGS });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
    await rm(path);
    await writeFile(path, content, { flag: WRITE_FLAGS });
  }
}

/** The hash of a regular file at `path` (not followed if a link), else `undefined`. */
async function hashOfRegularFile(path: string): Promise<string | undefined> {
  const stats = await lstat(path).catch(() => undefined);
  return stats?.isFile() ? hashOf(path) : undefined;
}

async function hashOf(path: string): Promise<string | undefined> {
  const read = await readRegularFile(path);
  return read.success ? sha256(read.data.bytes) : undefined;
}

function escapes(root: string, dir: string, detail: string): ConfigError {
  return new ConfigError(
    'out_escapes',
    `${relative(root, dir) || '.'} ${detail}; refusing to write through it.`,
    {
      details: {
        path: dir,
        fix: 'Remove the link (or file) from the pack directory, or build into another one.',
      },
    },
  );
}

/**
 * Create folders under `root` one level at a time, refusing any that is a symbolic link (or not a folder),
 * so nothing is ever created or written outside the pack; each folder is checked once per build.
 */
function folderMaker(root: string): (dir: string) => Promise<void> {
  const ready = new Set<string>([root]);
  const ensure = async (dir: string): Promise<void> => {
    if (ready.has(dir)) return;
    if (!dir.startsWith(root + sep)) throw escapes(root, dir, 'lies outside the pack directory');
    await ensure(dirname(dir));
    let stats = await lstat(dir).catch(() => undefined);
    if (!stats) {
      await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      stats = await lstat(dir);
    }
    if (stats.isSymbolicLink()) throw escapes(root, dir, 'is a symbolic link');
    if (!stats.isDirectory()) throw escapes(root, dir, 'is not a folder');
    ready.add(dir);
  };
  return ensure;
}

/** Whether any folder between `root` and `dir` (inclusive) is a symbolic link. */
async function crossesLink(root: string, dir: string): Promise<boolean> {
  for (let current = dir; current !== root && current.startsWith(root + sep); current = dirname(current)) {
    const stats = await lstat(current).catch(() => undefined);
    if (stats?.isSymbolicLink()) return true;
  }
  return false;
}

/** Remove now-empty folders from `dir` up to (not including) `root`. */
async function pruneEmpty(root: string, dir: string): Promise<void> {
  for (let current = dir; current !== root && current.startsWith(root + sep); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
  }
}

export interface WriteOptions {
  /** Change nothing; report what a build would write and remove. */
  readonly dryRun?: boolean;
  /** Called after each file, for progress. */
  readonly onFile?: (done: number, total: number) => void;
}

/**
 * Write a rendered pack into `outDir`: every file (executable bit set as recorded), then delete the files
 * the previous manifest lists that this build no longer produces (unless changed since), then the manifest
 * last, so an interrupted build never leaves a manifest that vouches for files not written.
 */
export async function writePack(
  outDir: string,
  pack: RenderedPack,
  options: WriteOptions = {},
): Promise<WriteReport> {
  const { dryRun = false } = options;
  const previous = await previousManifest(outDir);
  if (!dryRun) await mkdir(outDir, { recursive: true });
  const root = dryRun ? await realpath(outDir).catch(() => outDir) : await realpath(outDir);
  const ensureDir = folderMaker(root);
  const manifestFile = pack.files.find((file) => file.path === MANIFEST_FILE);
  const changed: string[] = [];
  for (const [index, file] of pack.files.entries()) {
    const path = join(root, file.path);
    const bytes = contentBytes(file);
    if ((await hashOfRegularFile(path)) !== sha256(bytes)) changed.push(file.path);
    if (!dryRun && file !== manifestFile) {
      await ensureDir(dirname(path));
      await writeNoFollow(path, bytes);
      await chmod(path, file.executable ? 0o755 : 0o644);
    }
    options.onFile?.(index + 1, pack.files.length);
  }
  // Files the previous build owned and this one no longer produces: delete them when unchanged, keep a
  // person's edit.
  const produced = new Set(pack.files.map((file) => file.path));
  const removed: string[] = [];
  const kept: string[] = [];
  for (const entry of previous?.files ?? []) {
    if (produced.has(entry.path)) continue;
    const path = join(root, entry.path);
    // Behind a linked folder the file is someone else's, wherever the link points: never delete it.
    if (await crossesLink(root, dirname(path))) {
      kept.push(entry.path);
      continue;
    }
    const hash = await hashOf(path);
    if (hash === undefined) continue;
    if (hash !== entry.sha256) {
      kept.push(entry.path);
      continue;
    }
    removed.push(entry.path);
    if (dryRun) continue;
    await rm(path);
    await pruneEmpty(root, dirname(path));
  }
  if (manifestFile && !dryRun) await writeNoFollow(join(root, MANIFEST_FILE), contentBytes(manifestFile));
  return { written: pack.files.length, changed, removed, kept };
}
