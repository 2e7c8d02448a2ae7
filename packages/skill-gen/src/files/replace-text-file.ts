// Rewriting a file a person owns (a runtime's settings, its trusted-folders list) by staging the new bytes
// beside it and renaming them over it: the reader never sees half a file, and the file keeps its permission
// bits, so a settings file of mode 0600 (it may hold tokens) stays 0600. A file skillpack creates is 0600 when
// `private`, else 0644.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The permission bits of `path` (`0o600`), or `undefined` when there is no such file. */
export async function fileMode(path: string): Promise<number | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? info.mode & 0o7777 : undefined;
}

/**
 * Put `bytes` at `path` by a rename, keeping the mode of the file it replaces. `before`, when given, runs just
 * before the rename (a check that the file did not change meanwhile; a throw leaves the file as it was).
 */
export async function replaceTextFile(
  path: string,
  bytes: string | Uint8Array,
  options: { readonly private?: boolean; readonly before?: () => Promise<void> } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const mode = (await fileMode(path)) ?? (options.private ? 0o600 : 0o644);
  const staged = `${path}.skillpack-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(staged, bytes, { flag: 'wx', mode });
    await chmod(staged, mode);
    await options.before?.();
    await rename(staged, path);
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
}
