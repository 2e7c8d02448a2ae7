import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { authorError } from '../errors/author-error.js';
import type { EnforcementArtifact } from '../runtimes/runtime-declaration.js';

/** A pack's enforcement artifact, by the name `PackRequest.bundles` gives its file. */
export type BundleName = EnforcementArtifact;

/**
 * The adapters' prebuilt, self-contained files (every built-in contract), one per artifact (its runtimes'
 * `enforcement.bundle`): what a build copies for a bundle the caller's `bundles` does not name when it names
 * the other; otherwise a build bundles the pack's own.
 */
export type BundleSpecifiers = Readonly<Record<BundleName, string>>;

/** Each bundle's name in messages. */
export const BUNDLE_TITLES: Readonly<Record<BundleName, string>> = {
  hook: 'Stop hook',
  opencodePlugin: 'OpenCode plugin',
  piExtension: 'Pi extension',
};

/**
 * The last line of an ES-module bundle's entry, given the pack-runtime factory's call: OpenCode calls every
 * export of a plugin module (so its plugin is the only one), Pi loads an extension module's default export.
 */
export const MODULE_BUNDLE_EXPORTS: Readonly<
  Record<
    Exclude<BundleName, 'hook'>,
    { readonly factory: string; readonly exportAs: (call: string) => string }
  >
> = {
  opencodePlugin: {
    factory: 'createPackPlugin',
    exportAs: (call) => `export const SkillpackContractsPlugin = ${call};`,
  },
  piExtension: { factory: 'createPiPackExtension', exportAs: (call) => `export default ${call};` },
};

export type HookBundles = { readonly [name in BundleName]?: Uint8Array };
export type BundlePaths = { readonly [name in BundleName]?: string };

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
  needed: readonly BundleName[],
  specifiers: BundleSpecifiers,
  configFile: string,
  paths: BundlePaths = {},
): Promise<HookBundles> {
  const bundles: { [name in BundleName]?: Uint8Array } = {};
  for (const name of needed) {
    const path = paths[name] ?? resolveBundle(specifiers[name]);
    try {
      if (path === undefined) throw new Error(`cannot resolve ${specifiers[name]}`);
      bundles[name] = await readFile(path);
    } catch (cause) {
      throw authorError('hook_bundle_missing', {
        file: configFile,
        message: `The config wires hooks, but ${specifiers[name]} is not available (${cause instanceof Error ? cause.message : String(cause)}).`,
        fix: 'Build @skillpack/adapters first (npm run build -w @skillpack/adapters), or remove "hooks" from the config.',
        cause,
      });
    }
  }
  return bundles;
}
