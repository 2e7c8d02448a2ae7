import { SkillpackError } from '@skillpack/core';
import { EXIT, type ExitCode } from './exit-status.js';

// The codes live in a module of their own, with no import, so that `--help` and `--version` load no schema.
export { EXIT, type ExitCode };

/** A command line that does not fit the command's declaration: an unknown option, a missing value. */
export class UsageError extends SkillpackError {
  override name = 'UsageError';
}

/** Reading or writing a file failed for a reason outside the input itself (permissions, a full disk). */
export class IoError extends SkillpackError {
  override name = 'IoError';
}

/** A Node system error (`ENOENT`, `EACCES`, …): the file system said no. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^E[A-Z0-9]+$/.test(code);
}

/**
 * The one mapping from a failure to an exit code, for every command: a usage mistake (`UsageError`) or an
 * I/O failure (`IoError`, or a bare Node system error) is 2; any other typed error (`ConfigError`,
 * `ProtocolError`: the config, a source, a pack, a lock file or an agent's output is wrong) is 1.
 * `undefined` for anything else: a bug, which the bin reports with its stack.
 */
export function exitCodeFor(error: unknown): ExitCode | undefined {
  if (error instanceof UsageError || error instanceof IoError || isSystemError(error)) return EXIT.usage;
  if (error instanceof SkillpackError) return EXIT.failed;
  return undefined;
}
