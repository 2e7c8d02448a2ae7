import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyContract, isContract } from '@skillpack/core';
import { cliCommand } from '../cli/invocation.js';
import { sha256 } from '../files/sha256.js';
import { CONTRACTS_MODULE_EXPORT, contractsModuleAmong } from '../hooks/contracts-module.js';
import type { LockedInstall } from '../install/lock-file.js';

/** An installed pack, as doctor finds its files: the lock's record and the scope root they are below. */
export interface InstalledPack {
  readonly install: LockedInstall;
  readonly root: string;
}

function messageOf(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** How long loading the module and its contract may take before doctor gives up on it. */
const LOAD_TIMEOUT_MS = 30_000;

/** `promise`, or a rejection once `ms` have passed (a module that never settles must not hang doctor). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The contract with `id` from the contracts module the installed pack carries beside its hook or plugin
 * (found through the lock, its bytes as the lock records them), loaded in this process. `undefined`: the pack
 * carries none. A module that is missing, changed, throws, does not settle within `timeoutMs`, is not a skillpack
 * contracts module or does not know `id` is a sentence saying so. Never throws.
 */
export async function installedContract(
  { install, root }: InstalledPack,
  id: string,
  timeoutMs = LOAD_TIMEOUT_MS,
): Promise<AnyContract | string | undefined> {
  const path = contractsModuleAmong(install.files.map((file) => file.path));
  if (path === undefined) return undefined;
  const reinstall = `reinstall the pack (\`${cliCommand('install')}\`)`;
  const rebuild = `rebuild the pack and reinstall it (\`${cliCommand('install')}\`)`;
  const file = join(root, path);
  const bytes = await readFile(file).catch(() => undefined);
  if (bytes === undefined) return `its contracts module ${path} is missing; ${reinstall}`;
  if (sha256(bytes) !== install.files.find((entry) => entry.path === path)?.sha256)
    return `its contracts module ${path} was changed since it was installed; ${reinstall}`;
  let namespace: Record<string, unknown>;
  try {
    namespace = await within(import(pathToFileURL(file).href), timeoutMs);
  } catch (error) {
    return `its contracts module ${path} failed to load (${messageOf(error)}); ${rebuild}`;
  }
  const loader = namespace[CONTRACTS_MODULE_EXPORT];
  const notModule = `${path} is not a skillpack contracts module (expected an export "${CONTRACTS_MODULE_EXPORT}" that loads contracts); ${rebuild}`;
  if (typeof loader !== 'function') return notModule;
  let loaded: unknown;
  try {
    loaded = await within(Promise.resolve(loader([id])), timeoutMs);
  } catch (error) {
    return `its contracts module ${path} failed to load ${id} (${messageOf(error)})`;
  }
  const result = loaded as { success?: unknown; data?: unknown; error?: { message?: unknown } };
  if (result?.success === false)
    return `its contracts module ${path} does not give ${id}: ${messageOf(result.error?.message)}`;
  const contract = Array.isArray(result?.data) ? result.data[0] : undefined;
  return result?.success === true && isContract(contract) && contract.id === id ? contract : notModule;
}
