import { SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';

const CODES: Readonly<Record<string, { code: string; what: string }>> = {
  EACCES: { code: 'permission_denied', what: 'permission denied' },
  EPERM: { code: 'permission_denied', what: 'operation not permitted' },
  ENOSPC: { code: 'disk_full', what: 'no space left on the device' },
  EDQUOT: { code: 'disk_full', what: 'disk quota exceeded' },
  EROFS: { code: 'read_only_file_system', what: 'the file system is read-only' },
  ENAMETOOLONG: { code: 'io_error', what: 'the name is too long' },
  ELOOP: { code: 'io_error', what: 'too many symbolic links' },
};

/**
 * A file-system failure as a typed error: a stable code (`permission_denied`, `disk_full`,
 * `read_only_file_system`, else `io_error`) and a message naming the file. A `SkillpackError` passes through.
 */
export function toIoError(error: unknown, action: string, fallbackFile: string): SkillpackError {
  if (error instanceof SkillpackError) return error;
  const errno = error as NodeJS.ErrnoException;
  const file = typeof errno?.path === 'string' ? errno.path : fallbackFile;
  const known = errno?.code === undefined ? undefined : CODES[errno.code];
  const what = known?.what ?? (errno?.code ? errno.code : String((error as Error)?.message ?? error));
  return new IoError(
    known?.code ?? 'io_error',
    `Cannot ${action} ${file}: ${what}${errno?.code && known ? ` (${errno.code})` : ''}.`,
    { details: { file, ...(errno?.code ? { errno: errno.code } : {}) }, cause: error },
  );
}
