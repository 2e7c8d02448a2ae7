import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
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
