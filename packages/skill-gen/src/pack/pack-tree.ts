import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';

/** A file found on disk under a pack directory. */
export interface DiskFile {
  readonly path: string;
  /** Undefined for something that is not a regular file (a symbolic link, a socket). */
  readonly sha256: string | undefined;
}

/** Files hashed at once: enough to keep the disk busy, few enough that memory stays flat. */
const CONCURRENT_READS = 16;

async function listEntries(dir: string): Promise<{ path: string; entry: Dirent }[]> {
  const found: { path: string; entry: Dirent }[] = [];
  const pending = [''];
  while (pending.length > 0) {
    const relativeDir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(relativeDir === '' ? dir : join(dir, relativeDir), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relativeDir === '') return found;
      throw error;
    }
    for (const entry of entries) {
      const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) pending.push(path);
      else found.push({ path, entry });
    }
  }
  return found;
}

/** Every entry under `dir` that is not a directory, by POSIX path; symbolic links are listed, never followed. */
export async function readPackTree(dir: string): Promise<Map<string, DiskFile>> {
  const entries = await listEntries(dir);
  const found = new Map<string, DiskFile>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < entries.length) {
      const { path, entry } = entries[next++]!;
      const read = entry.isFile() ? await readRegularFile(join(dir, path)) : undefined;
      const hash = read?.success ? sha256(read.data.bytes) : undefined;
      found.set(path, { path, sha256: hash });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_READS }, worker));
  return found;
}
