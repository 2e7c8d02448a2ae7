/**
 * What a generated pack's hook, OpenCode plugin, Pi extension and contracts module are bundled from (by
 * `skillpack build`, when the pack carries contracts of its own): the hook program, its code-cache loader, the
 * plugin and extension factories, and the lazy contract loader.
 *
 * @internal Plumbing for skill-gen's pack bundles, not public API: it may change in any release.
 */

// First: the hook program's zod is set up before any module builds a schema (see bin/zod-jitless.ts).
import './bin/zod-jitless.js';

export type { CodeCacheUse } from './bin/code-cache.js';
export { PROGRAM_END, PROGRAM_START, runWithCodeCache } from './bin/code-cache.js';
export type { HookProgram } from './bin/hook-program.js';
export { startHookProgram } from './bin/hook-program.js';
export { packContractsOf } from './bin/pack-contracts.js';
export type { LazyContractModule } from './hooks/lazy-contract-modules.js';
export { lazyPackContractLoader, loadLazyContracts } from './hooks/lazy-contract-modules.js';
export type { ContractLoader } from './hooks/load-contracts.js';
export { packContractLoader } from './hooks/load-contracts.js';
export { createPackPlugin } from './opencode/plugin-entry.js';
export { createPiPackExtension } from './pi/extension-entry.js';
