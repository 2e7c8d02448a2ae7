import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { authorError } from '../errors/author-error.js';

/**
 * How a build makes a bundle with the pack's contracts inside: the Stop hook program (a CommonJS program run
 * by `node`), or an ES module the runtime loads whose export is the pack-runtime factory's call,
 * `fastFactory(import.meta.url, validators, whole)`: its default export, or a named one.
 */
export type BundleBuild =
  | { readonly kind: 'hook' }
  | {
      readonly kind: 'module';
      /** The factory `@skillpack/adapters/pack-runtime` exports for this module (it loads zod). */
      readonly factory: string;
      /** Its zod-free twin `@skillpack/adapters/pack-hook` exports, which loads `factory` only when needed. */
      readonly fastFactory: string;
      readonly exported: 'default' | { readonly named: string };
    };

/**
 * The enforcement artifact a runtime's pack carries (its declaration's `enforcement`): one bundle, which
 * runtimes may share (every Stop-hook runtime carries the hook program).
 */
export interface EnforcementBundle {
  /** Its key in `PackRequest.bundles` and in a target's bundles (`hook`). */
  readonly name: string;
  /** Its name in messages (`Stop hook`). */
  readonly title: string;
  /**
   * The adapters' prebuilt, self-contained file of it (every built-in contract): what a build copies for a
   * bundle the caller's `bundles` does not name when it names another; otherwise a build bundles the pack's own.
   */
  readonly prebuilt: string;
  readonly build: BundleBuild;
}

/** The bundles a build made or read, by name. */
export type HookBundles = Readonly<Record<string, Uint8Array>>;
/** Files of the bundles the caller names itself, by name (`PackRequest.bundles`). */
export type BundlePaths = Readonly<Record<string, string>>;

/** Through the adapters' exports map, else the file inside its `dist/bundles/` (the package ships `dist`). */
export function resolveBundle(specifier: string): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    return require.resolve(specifier);
  } catch {
    try {
      const packageDir = dirname(require.resolve('@skillpack/adapters/package.json'));
      const path = join(packageDir, 'dist', 'bundles', specifier.split('/').at(-1)!);
      return existsSync(path) ? path : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * Read the bundles a build needs. A bundle that cannot be resolved or read is a ConfigError: the pack would
 * wire a hook that does not exist, so nothing is faked.
 */
export async function loadHookBundles(
  needed: readonly EnforcementBundle[],
  configFile: string,
  paths: BundlePaths = {},
): Promise<HookBundles> {
  const bundles: Record<string, Uint8Array> = {};
  for (const { name, prebuilt } of needed) {
    const path = paths[name] ?? resolveBundle(prebuilt);
    try {
      if (path === undefined) throw new Error(`cannot resolve ${prebuilt}`);
      bundles[name] = await readFile(path);
    } catch (cause) {
      throw authorError('hook_bundle_missing', {
        file: configFile,
        message: `The config wires hooks, but ${prebuilt} is not available (${cause instanceof Error ? cause.message : String(cause)}).`,
        fix: 'Build @skillpack/adapters first (npm run build -w @skillpack/adapters), or remove "hooks" from the config.',
        cause,
      });
    }
  }
  return bundles;
}
