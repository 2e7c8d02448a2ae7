import { readFile } from 'node:fs/promises';

/** A file's text, or `undefined` when there is no file; any other failure (a folder, no permission) is thrown. */
export async function readTextIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
