import { join } from 'node:path';
import type { InstalledRuntime } from './install-declaration.js';
import { installRecordFolder } from './install-record.js';

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

/** Whether `install --form plugin` installs the runtime's plugin: a local one, or one its own CLI installs. */
export function hasPluginForm(runtime: InstalledRuntime): boolean {
  return runtime.install.localPlugin !== undefined || runtime.install.homePlugin !== undefined;
}

/** A whole pack (`skillpack build`'s output folder) or a published portable package. */
export type PackLayout = 'pack' | 'portable-package';

/**
 * Where a pack file lands in the scope root, or `undefined` when it is not part of the runtime's skill form
 * (`install.skillForm`; a published portable package's `skills/`: `install.portablePackageForm`). Plugin and
 * marketplace files are never installed this way: they go through the runtime's own plugin commands. See
 * runtimes.md §0, §4.1.
 */
export function targetPathFor(
  runtime: InstalledRuntime,
  scope: InstallScope,
  packPath: string,
  layout: PackLayout = 'pack',
): string | undefined {
  const form = layout === 'pack' ? runtime.install.skillForm : runtime.install.portablePackageForm;
  for (const mapping of form) {
    if (packPath.startsWith(mapping.from) && packPath.length > mapping.from.length) {
      return mapping[scope] + packPath.slice(mapping.from.length);
    }
  }
  return undefined;
}

/**
 * Whether a target path lies in a folder a pack of `runtime` may own in `scope` (`install.ownedFolders`: skills,
 * the hook bundle and the plugin files skillpack generates). Anything else under a runtime's folder is runtime
 * configuration (settings, config, MCP servers, agents) that `install` writes only when asked to, and never
 * deletes.
 */
export function isOwnablePath(runtime: InstalledRuntime, scope: InstallScope, path: string): boolean {
  return ownableFolders(runtime, scope).some(
    (folder) => path.startsWith(folder) && path.length > folder.length,
  );
}

/**
 * The ownable folders of a runtime: its declaration's, where every install keeps its pack's manifest, and where its
 * MCP server programs go.
 */
export function ownableFolders(runtime: InstalledRuntime, scope: InstallScope): readonly string[] {
  const mcp = runtime.install.mcp?.programs[scope];
  return [...runtime.install.ownedFolders[scope], installRecordFolder(runtime.id), ...(mcp ? [mcp] : [])];
}

/** The lock file of a scope: `<project>/skillpack-lock.json` or `<home>/.skillpack/skillpack-lock.json`. */
export function lockFilePath(scope: InstallScope, root: string): string {
  return scope === 'project' ? join(root, LOCK_FILE_NAME) : join(root, '.skillpack', LOCK_FILE_NAME);
}
