import type { RuntimeId } from '@skillpack/adapters';
import type { ProtocolError, Result, SkillpackError } from '@skillpack/core';
import type { InstallScope } from '../install/layout.js';
import type { LockFile } from '../install/lock-file.js';
import {
  type InstallOptions as BaseInstallOptions,
  type UninstallOptions as BaseUninstallOptions,
  installPack as installPackOf,
  listScope as listScopeOf,
  type OperationOutcome,
  type ScopeListing,
  type ScopeOptions,
  uninstallPack as uninstallPackOf,
} from '../install/operations.js';
import { safeParseLockFile as parseLockFileOf } from '../install/parse-lock-file.js';
import type { ClaudePluginOptions } from './claude-code/plugin-form-step.js';
import type { CodexFormOptions } from './codex/form.js';
import type { CodexPluginOptions } from './codex/plugin-table-step.js';
import type { CodexTrustOptions } from './codex/trust-step.js';
import { SKILL_GEN_RUNTIMES } from './registry.js';

// The install engine bound to every registered runtime: what the commands and the package's API call. The
// engine itself (`src/install/`) takes the declarations as a value and never imports the registry; the options
// only some runtimes take are declared in their folders and gathered here.

/** The install options only some runtimes take, each read by its runtime's own steps. */
export interface RuntimeInstallOptions
  extends ClaudePluginOptions,
    CodexFormOptions,
    CodexPluginOptions,
    CodexTrustOptions {}

/** Options of `installPack`: the built pack, the runtime, the scope, whether to overwrite or only plan. */
export interface InstallOptions extends BaseInstallOptions, RuntimeInstallOptions {}

/** Options of `uninstallPack`: the pack, the runtime (or every runtime), whether to only plan. */
export interface UninstallOptions extends BaseUninstallOptions, ClaudePluginOptions {}

/**
 * Plan, then (unless refused or a dry run) apply the install of a built pack for one runtime and scope: staged,
 * renamed into place, recorded in the scope's `skillpack-lock.json`, rolled back whole on failure.
 */
export function installPack(options: InstallOptions): Promise<Result<OperationOutcome, SkillpackError>> {
  return installPackOf(SKILL_GEN_RUNTIMES, options);
}

/** Remove what an install wrote and is unchanged; keep (release) the files a person changed. */
export function uninstallPack(options: UninstallOptions): Promise<Result<OperationOutcome, SkillpackError>> {
  return uninstallPackOf(SKILL_GEN_RUNTIMES, options);
}

/** The packs a scope's lock file records, with how many of their files are still as installed. */
export function listScope(
  options: ScopeOptions,
  runtime?: RuntimeId,
): Promise<Result<ScopeListing, SkillpackError>> {
  return listScopeOf(SKILL_GEN_RUNTIMES, options, runtime);
}

/**
 * Parse a lock file read from disk: damage, or an entry that is not a file of that pack's own skills, hook or
 * plugin, is a `lock_file_corrupt` ProtocolError naming `file`. Never throws.
 */
export function safeParseLockFile(
  text: unknown,
  file: string,
  scope?: InstallScope,
): Result<LockFile, ProtocolError> {
  return parseLockFileOf(SKILL_GEN_RUNTIMES, text, file, scope);
}
