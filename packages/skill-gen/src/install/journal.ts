import {
  chmodSync,
  closeSync,
  fchmodSync,
  fsync,
  fsyncSync,
  openSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { lstat, realpath, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { beforeChange } from './_fault-point.js';
import { probePath } from './disk-state.js';

/**
 * What an apply is about to do, written into its staging folder before the first change. The lock file is
 * the commit point: a run killed before its lock replace is rolled back from this journal by the next run,
 * one killed after it is finished (its backups deleted).
 */
const JournalStepSchema = z.strictObject({
  kind: z.enum(['write', 'replace', 'delete']),
  /** Relative to the scope root. */
  path: z.string().min(1),
  /** The content installed (write, replace) or removed (delete). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Name in the staging folder of the old file (replace, delete). */
  backup: z.string().min(1).optional(),
});
export type JournalStep = z.output<typeof JournalStepSchema>;

const JournalSchema = z.strictObject({
  journalVersion: z.literal(1),
  /** The sha256 of the lock file this run writes, or null when it removes the lock file. */
  newLockSha256: z.string().nullable(),
  lockChanged: z.boolean(),
  steps: z.array(JournalStepSchema),
});
export type Journal = z.output<typeof JournalSchema>;

export const JOURNAL_FILE = 'journal.json';

/**
 * Write `bytes` to a new file and flush it to disk before returning. Synchronous calls: an install writes
 * its files one after another anyway, and a promise round trip per call (open, write, sync, close, chmod)
 * cost more CPU than the writes.
 */
export async function writeDurably(path: string, bytes: Uint8Array, mode: number): Promise<void> {
  beforeChange();
  const fd = openSync(path, 'wx', mode);
  try {
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(path, mode);
}

/**
 * Write `bytes` to a new file without flushing it and return its descriptor, still open: a staged file,
 * flushed through that descriptor with the others by `flushStaged` before the journal that names it is
 * written.
 */
export function writeStaged(path: string, bytes: Uint8Array, mode: number): number {
  beforeChange();
  const fd = openSync(path, 'wx', mode);
  try {
    writeFileSync(fd, bytes);
    fchmodSync(fd, mode);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** How many staged files stay open before they are flushed: far below any descriptor limit. */
export const STAGED_BATCH = 64;
/** How many flushes run at once: the disk commits overlapping ones together. */
const FLUSH_CONCURRENCY = 16;

const fsyncDescriptor = (fd: number) =>
  new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * Flush the staged files open at `descriptors` (from `writeStaged`), several at once, and close every one
 * of them, flushed or not: an `fsync` through the descriptor that wrote a file needs no second open, and
 * overlapping flushes cost a fraction of the wall time of one after another.
 */
export async function flushStaged(descriptors: readonly number[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < descriptors.length) await fsyncDescriptor(descriptors[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(FLUSH_CONCURRENCY, descriptors.length) }, worker));
  } finally {
    for (const fd of descriptors) closeSync(fd);
  }
}

/** Synchronous, as the writes are: an install renames every file it writes into place. */
export async function renameStep(from: string, to: string): Promise<void> {
  beforeChange();
  renameSync(from, to);
}

export async function unlinkStep(path: string): Promise<void> {
  beforeChange();
  unlinkSync(path);
}

/** Written whole and renamed into place, so a journal on disk is always complete. */
export async function writeJournal(staging: string, journal: Journal): Promise<void> {
  const temporary = join(staging, `${JOURNAL_FILE}.tmp`);
  await writeDurably(temporary, Buffer.from(JSON.stringify(journal)), 0o600);
  await renameStep(temporary, join(staging, JOURNAL_FILE));
}

/** The staging folder's journal, or undefined when the run was killed before it wrote one (nothing changed). */
export async function readJournal(staging: string): Promise<Journal | undefined> {
  const file = await readRegularFile(join(staging, JOURNAL_FILE), { maxBytes: 64 * 1024 * 1024 });
  if (!file.success) return undefined;
  try {
    const parsed = JournalSchema.safeParse(JSON.parse(file.data.bytes.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock file on disk is the one the journal's run set out to write. */
export async function isCommitted(journal: Journal, lockPath: string): Promise<boolean> {
  if (!journal.lockChanged) return false;
  const lock = await readRegularFile(lockPath);
  if (journal.newLockSha256 === null) return !lock.success && lock.error.code === 'file_not_found';
  return lock.success && sha256(lock.data.bytes) === journal.newLockSha256;
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

/**
 * Undo the journal's steps in reverse order. A target is only touched while it still holds exactly what the
 * run put there, so a file a person changed in between is left alone (and reported).
 */
export async function rollBackJournal(root: string, staging: string, journal: Journal): Promise<string[]> {
  const realRoot = await realpath(root);
  const untouched: string[] = [];
  for (const step of [...journal.steps].reverse()) {
    const target = join(root, step.path);
    const backup = step.backup === undefined ? undefined : join(staging, step.backup);
    const current = probePath(root, realRoot, step.path);
    const holdsNew = current.kind === 'file' && current.sha256 === step.sha256;
    if (step.kind === 'delete') {
      if (backup && (await exists(backup)) && current.kind === 'missing') await renameStep(backup, target);
      continue;
    }
    if (step.kind === 'write') {
      if (holdsNew) await unlinkStep(target);
      continue;
    }
    if (!backup || !(await exists(backup))) continue;
    if (holdsNew) await unlinkStep(target);
    if (holdsNew || current.kind === 'missing') await renameStep(backup, target);
    else untouched.push(step.path);
  }
  return untouched;
}

/** Remove folders on the way to each path that are empty now, deepest first, never the root itself. */
export async function pruneEmptied(root: string, paths: readonly string[]): Promise<string[]> {
  const candidates = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/');
    for (let i = segments.length - 1; i > 0; i--) candidates.add(segments.slice(0, i).join('/'));
  }
  const deepestFirst = [...candidates].sort(
    (a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1),
  );
  const pruned: string[] = [];
  for (const dir of deepestFirst) {
    const info = await lstat(join(root, dir)).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    beforeChange();
    await rmdir(join(root, dir)).then(
      () => pruned.push(dir),
      () => undefined,
    );
  }
  return pruned;
}
