import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from '../sha256.js';

/** A file found on disk under a pack directory. */
export interface DiskFile {
  readonly path: string;
  /** Undefined for something that is not a regular file (a symbolic link, a socket). */
  readonly sha256: string | undefined;
}

/** Every entry under `dir` that is not a directory, by POSIX path; symbolic links are listed, never followed. */
export async function readPackTree(dir: string): Promise<Map<string, DiskFile>> {
  const found = new Map<string, DiskFile>();
  const walk = async (relativeDir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(relativeDir === '' ? dir : join(dir, relativeDir), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relativeDir === '') return;
      throw error;
    }
    await Promise.all(
      entries.map(async (entry) => {
        const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
        if (entry.isDirectory()) return walk(path);
        const hash = entry.isFile() ? sha256(await readFile(join(dir, path))) : undefined;
        found.set(path, { path, sha256: hash });
      }),
    );
  };
  await walk('');
  return found;
}
