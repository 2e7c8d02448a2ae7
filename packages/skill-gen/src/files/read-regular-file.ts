import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { fail, ok, type Result, SkillpackError } from '@skillpack/core';

/** Files skillpack reads whole (manifests, lock files, skill files, pack assets) stay below this. */
export const MAX_REGULAR_FILE_BYTES = 256 * 1024 * 1024;

export type RegularFileErrorCode =
  | 'file_not_found'
  | 'file_not_regular'
  | 'file_too_large'
  | 'file_unreadable';

export interface ReadRegularFileOptions {
  readonly maxBytes?: number;
  /** Refuse a symlink at the path itself (default true). */
  readonly noFollow?: boolean;
}

export interface RegularFile {
  readonly bytes: Buffer;
  readonly mode: number;
}

/** `O_NONBLOCK` makes opening a FIFO return at once, so `fstat` can refuse it instead of the read hanging. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function kindOf(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  return 'a device';
}

function failure(code: RegularFileErrorCode, file: string, message: string, cause?: unknown) {
  return fail(new SkillpackError(code, message, { details: { file }, ...(cause ? { cause } : {}) }));
}

/**
 * Read a whole regular file without ever blocking on it: FIFOs, sockets, devices and folders are refused
 * (and symlinks unless `noFollow: false`), and a file above `maxBytes` is refused before it is read.
 * Never throws; every failure is a typed error naming the file. The calls are synchronous: a regular
 * file's read does not wait on anything but the disk, and five promise round trips per file (open, stat,
 * two reads, close) cost an install of a few thousand files more CPU than the reads themselves.
 */
export async function readRegularFile(
  file: string,
  options: ReadRegularFileOptions = {},
): Promise<Result<RegularFile, SkillpackError>> {
  return readRegularFileSync(file, options);
}

/** `readRegularFile` for a caller that is itself synchronous. */
export function readRegularFileSync(
  file: string,
  options: ReadRegularFileOptions = {},
): Result<RegularFile, SkillpackError> {
  const maxBytes = options.maxBytes ?? MAX_REGULAR_FILE_BYTES;
  const flags = OPEN_FLAGS | (options.noFollow === false ? 0 : (constants.O_NOFOLLOW ?? 0));
  let fd: number;
  try {
    fd = openSync(file, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return failure('file_not_found', file, `${file} does not exist.`, error);
    if (code === 'ELOOP' || code === 'EMLINK')
      return failure('file_not_regular', file, `${file} is a symbolic link; expected a regular file.`, error);
    return failure(
      'file_unreadable',
      file,
      `Cannot read ${file}: ${code ?? (error as Error).message}.`,
      error,
    );
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile())
      return failure('file_not_regular', file, `${file} is ${kindOf(stats)}; expected a regular file.`);
    if (stats.size > maxBytes) {
      return failure(
        'file_too_large',
        file,
        `${file} has ${stats.size} bytes; expected at most ${maxBytes}.`,
      );
    }
    const bytes = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (;;) {
      const bytesRead = readSync(fd, bytes, length, bytes.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === bytes.length) {
        return failure(
          'file_too_large',
          file,
          `${file} grew while it was read; expected ${stats.size} bytes.`,
        );
      }
    }
    return ok({ bytes: bytes.subarray(0, length), mode: stats.mode });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return failure(
      'file_unreadable',
      file,
      `Cannot read ${file}: ${code ?? (error as Error).message}.`,
      error,
    );
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Closing a file only read cannot lose anything.
    }
  }
}
