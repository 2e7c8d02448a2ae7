import type { EnforcementBundle } from './hook-bundles.js';

/**
 * The pack's contracts module: an ES module a build writes beside the hook or plugin of a pack that hooks
 * contracts of its own, exporting `CONTRACTS_MODULE_EXPORT`, the loader of exactly those contracts
 * (`lazyPackContractLoader`). `doctor` in a project that installed the pack derives its proving answers from it.
 * Its `.mjs` name keeps it out of what OpenCode (`plugins/*.{ts,js}`) and Pi (`extensions/*.{ts,js}`) load.
 */
export const CONTRACTS_MODULE = {
  name: 'contractsModule',
  title: 'contracts module',
} as const satisfies Pick<EnforcementBundle, 'name' | 'title'>;

/** The export of a contracts module: a `ContractLoader` (`(ids) => Promise<Result<AnyContract[]>>`). */
export const CONTRACTS_MODULE_EXPORT = 'skillpackContracts';

const BUNDLE_FILE = /\.[cm]?js$/;

/** The contracts module beside an enforcement bundle's file: `…/skillpack-hook.cjs` → `…/skillpack-hook.contracts.mjs`. */
export function contractsModuleBeside(bundlePath: string): string {
  return bundlePath.replace(BUNDLE_FILE, '.contracts.mjs');
}

/**
 * The installed contracts module among an install's files: a `<name>.contracts.mjs` beside the hook or plugin
 * `<name>.cjs` / `<name>.js` the same install wrote; `undefined` when the pack carries none.
 */
export function contractsModuleAmong(paths: readonly string[]): string | undefined {
  const installed = new Set(paths);
  return paths.find(
    (path) =>
      path.endsWith('.contracts.mjs') &&
      ['.cjs', '.js', '.mjs'].some((ext) => installed.has(path.replace(/\.contracts\.mjs$/, ext))),
  );
}
