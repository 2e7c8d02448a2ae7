import type { RuntimeId } from '@skillpack/adapters';
import type { ProtocolError, Result, SkillpackError } from '@skillpack/core';
import type { InstallScope } from '../install/layout.js';
import * as lockFile from '../install/lock-file.js';
import * as operations from '../install/operations.js';
import { SKILL_GEN_RUNTIMES } from './registry.js';

// The install engine bound to every registered runtime: what the commands and the package's API call. The
// engine itself (`src/install/`) takes the declarations as a value and never imports the registry.

/**
 * Plan, then (unless refused or a dry run) apply the install of a built pack for one runtime and scope: staged,
 * renamed into place, recorded in the scope's `skillpack-lock.json`, rolled back whole on failure.
 */
export function installPack(
  options: operations.InstallOptions,
): Promise<Result<operations.OperationOutcome, SkillpackError>> {
  return operations.installPack(SKILL_GEN_RUNTIMES, options);
}

/** Remove what an install wrote and is unchanged; keep (release) the files a person changed. */
export function uninstallPack(
  options: operations.UninstallOptions,
): Promise<Result<operations.OperationOutcome, SkillpackError>> {
  return operations.uninstallPack(SKILL_GEN_RUNTIMES, options);
}

/** The packs a scope's lock file records, with how many of their files are still as installed. */
export function listScope(
  options: operations.ScopeOptions,
  runtime?: RuntimeId,
): Promise<Result<operations.ScopeListing, SkillpackError>> {
  return operations.listScope(SKILL_GEN_RUNTIMES, options, runtime);
}

/**
 * Parse a lock file read from disk: damage, or an entry that is not a file of that pack's own skills, hook or
 * plugin, is a `lock_file_corrupt` ProtocolError naming `file`. Never throws.
 */
export function safeParseLockFile(
  text: unknown,
  file: string,
  scope?: InstallScope,
): Result<lockFile.LockFile, ProtocolError> {
  return lockFile.safeParseLockFile(SKILL_GEN_RUNTIMES, text, file, scope);
}
