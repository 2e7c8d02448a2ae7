import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { isRuntimeId, type RuntimeId } from '@skillpack/adapters';
import type { SkillpackError } from '@skillpack/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { type InstallScope, isInstallScope } from './layout.js';

/** Error codes that mean "understood, and refused for safety" (exit 1); every other error is exit 2. */
const REFUSALS = new Set(['pack_path_unsafe', 'pack_file_mismatch', 'not_installed', 'install_conflict']);

export function exitCodeFor(error: SkillpackError): number {
  return REFUSALS.has(error.code) ? EXIT.failed : EXIT.usage;
}

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export const SCOPE_OPTIONS = {
  scope: { type: 'string' },
  dir: { type: 'string' },
  home: { type: 'string' },
  format: { type: 'string', default: 'text' },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

/** Run `parseArgs` (strict), turning its errors (unknown option, missing value) into `UsageError`s. */
export function catchUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function requireRuntime(value: string | undefined, required: boolean): RuntimeId | undefined {
  if (value === undefined) {
    if (required) throw new UsageError('--runtime is required (claude-code, codex or opencode)');
    return undefined;
  }
  if (!isRuntimeId(value))
    throw new UsageError(`--runtime must be claude-code, codex or opencode, got ${JSON.stringify(value)}`);
  return value;
}

export function requireScope(value: string | undefined): InstallScope {
  if (value === undefined) throw new UsageError('--scope is required (project or user)');
  if (!isInstallScope(value))
    throw new UsageError(`--scope must be project or user, got ${JSON.stringify(value)}`);
  return value;
}

export function requireFormat(value: string | undefined): 'text' | 'json' {
  if (value === undefined || value === 'text' || value === 'json') return value ?? 'text';
  throw new UsageError(`--format must be text or json, got ${JSON.stringify(value)}`);
}

/** The project directory (`--dir`, else the working directory) and the home (`--home`, `SKILLPACK_HOME`, OS home). */
export function resolveRoots(
  values: { dir?: string; home?: string },
  io: CliIo,
): { projectDir: string; home: string } {
  const home = values.home ?? (io.env.SKILLPACK_HOME || undefined) ?? homedir();
  return { projectDir: resolve(io.cwd, values.dir ?? '.'), home: resolve(io.cwd, home) };
}
