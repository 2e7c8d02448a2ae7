import { relative, sep } from 'node:path';

/**
 * The packages every build runs: the CLI, the contracts and the adapters (whose code a pack's hook and
 * plugin are bundled from). A change of their version can change every pack.
 */
export const SKILLPACK_PACKAGES = ['@skillpack/adapters', '@skillpack/core', '@skillpack/skill-gen'] as const;

/** What a build reads: the files it renders from, and the packages whose code it runs or bundles. */
export interface PackReads {
  /**
   * Every file read: the config, each skill source and asset, each contract module and every local file it
   * imports (as esbuild resolves them), every template and partial, and the hook bundles the caller named
   * (`bundles`) for the pack to copy. Relative to `cwd`, `/`-separated, sorted, each once.
   */
  readonly files: readonly string[];
  /** {@link SKILLPACK_PACKAGES} and every package a contract module imports, sorted. */
  readonly packages: readonly string[];
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** The read list from absolute paths: relative to `cwd`, sorted by code unit so every platform agrees. */
export function packReads(cwd: string, files: Iterable<string>, packages: Iterable<string>): PackReads {
  const relativeFiles = new Set([...files].map((file) => toPosix(relative(cwd, file))));
  const names = new Set<string>([...SKILLPACK_PACKAGES, ...packages]);
  const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { files: [...relativeFiles].sort(byCodeUnit), packages: [...names].sort(byCodeUnit) };
}
