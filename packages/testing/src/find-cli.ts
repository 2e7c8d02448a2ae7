import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import { findOnPath } from './_path.js';
import { RUNTIME_SETUPS } from './_runtimes/registry.js';

export { findOnPath } from './_path.js';

/** The executable each runtime's npm package installs: each declaration's `bin`. */
export const CLI_NAMES: Readonly<Record<RuntimeId, string>> = Object.fromEntries(
  RUNTIME_IDS.map((id) => [id, RUNTIME_SETUPS[id].bin]),
) as Record<RuntimeId, string>;

/**
 * The runtime's CLI on `PATH` (the one the user installed, named by `CLI_NAMES`); `undefined` when it is
 * not installed. The CLIs are never a dependency of this package.
 */
export function findCli(runtime: RuntimeId, path: string | undefined = process.env.PATH): string | undefined {
  return findOnPath(CLI_NAMES[runtime], path);
}
