import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { CODEX_PLUGIN_CACHE } from '../runtimes/codex/runtime.js';
import { perRuntime } from '../runtimes/registry.js';

export const INSTALL_SCOPES = ['project', 'user'] as const;
/** Where a pack is installed, one of `INSTALL_SCOPES`: the project or the user's home. */
export type InstallScope = (typeof INSTALL_SCOPES)[number];

export function isInstallScope(value: unknown): value is InstallScope {
  return typeof value === 'string' && (INSTALL_SCOPES as readonly string[]).includes(value);
}

export const INSTALL_FORMS = ['skill', 'plugin'] as const;
/** How a pack is installed, one of `INSTALL_FORMS`: its skills (and hook) or its plugin (`install.pluginForm`). */
export type InstallForm = (typeof INSTALL_FORMS)[number];

/** The file name of the lock file skillpack writes in each scope root. */
export const LOCK_FILE_NAME = 'skillpack-lock.json';

/** The pack folder of the Codex plugin (`skillpack build` writes its marketplace next to it). */
export const CODEX_PLUGIN_SOURCE = 'codex/plugin/';

/**
 * Pack path prefixes of each runtime's skill form and where they go, relative to the scope root (the project
 * directory or the home directory), from each runtime's declaration (`install.skillForm`). Plugin and
 * marketplace files are never installed this way: they go through the runtime's own plugin commands. See
 * runtimes.md §0, §4.1.
 */
const SKILL_FORM = perRuntime((runtime) => runtime.install.skillForm);

/**
 * The folders (below the scope root) whose files a pack may own (`install.ownedFolders`): skills, the hook
 * bundle and the plugin files skillpack generates. Anything else under a runtime's folder is runtime
 * configuration (settings, config, MCP servers, agents) that `install` writes only when asked to, and never
 * deletes.
 */
const OWNED_FOLDERS = perRuntime((runtime) => runtime.install.ownedFolders);

/**
 * A published portable package (the `portable/` folder of a build, with its own manifest): its spec-only
 * `skills/` go into each runtime's skill folder (`install.portablePackageForm`).
 */
const PORTABLE_PACKAGE_FORM = perRuntime((runtime) => runtime.install.portablePackageForm);

/** A whole pack (`skillpack build`'s output folder) or a published portable package. */
export type PackLayout = 'pack' | 'portable-package';

/** Where a pack file lands in the scope root, or `undefined` when it is not part of the runtime's skill form. */
export function targetPathFor(
  runtime: RuntimeId,
  scope: InstallScope,
  packPath: string,
  layout: PackLayout = 'pack',
): string | undefined {
  for (const mapping of (layout === 'pack' ? SKILL_FORM : PORTABLE_PACKAGE_FORM)[runtime]) {
    if (packPath.startsWith(mapping.from) && packPath.length > mapping.from.length) {
      return mapping[scope] + packPath.slice(mapping.from.length);
    }
  }
  return undefined;
}

/** Whether a target path lies in a folder a pack of `runtime` may own in `scope` (see `OWNED_FOLDERS`). */
export function isOwnablePath(runtime: RuntimeId, scope: InstallScope, path: string): boolean {
  return OWNED_FOLDERS[runtime][scope].some(
    (folder) => path.startsWith(folder) && path.length > folder.length,
  );
}

/** The ownable folders of a runtime, for messages. */
export function ownableFolders(runtime: RuntimeId, scope: InstallScope): readonly string[] {
  return OWNED_FOLDERS[runtime][scope];
}

/** The lock file of a scope: `<project>/skillpack-lock.json` or `<home>/.skillpack/skillpack-lock.json`. */
export function lockFilePath(scope: InstallScope, root: string): string {
  return scope === 'project' ? join(root, LOCK_FILE_NAME) : join(root, '.skillpack', LOCK_FILE_NAME);
}

/**
 * The folder (below the scope root) a pack's Codex hook program is installed in: `.codex/hooks/<pack>/`, in
 * both scopes (user scope: `~/.codex`, Codex's default `CODEX_HOME`). `undefined` for a pack name that is not
 * a plain file name once a leading `@` is dropped and `/` becomes `+` (`@acme/pack` → `acme+pack`).
 */
export function codexHookFolder(packName: string): string | undefined {
  const name = packName.replace(/^@/, '').replaceAll('/', '+');
  if (!/^[A-Za-z0-9._+-]+$/.test(name) || name === '.' || name === '..') return undefined;
  return `.codex/hooks/${name}/`;
}

/**
 * The folder (below the home) Codex 0.169 loads an installed plugin from: `.codex/plugins/cache/<marketplace>/
 * <plugin>/<version>/`, as `codex plugin add` writes it. skillpack's marketplace and plugin are both named after
 * the pack. `undefined` for a name or version that is not a plain file name (`@acme/pack` is refused: Codex
 * plugin names are plain).
 */
export function codexPluginFolder(packName: string, version: string): string | undefined {
  const plain = (value: string) => /^[A-Za-z0-9._-]+$/.test(value) && value !== '.' && value !== '..';
  if (!plain(packName) || !plain(version)) return undefined;
  return `${CODEX_PLUGIN_CACHE}${packName}/${packName}/${version}/`;
}
