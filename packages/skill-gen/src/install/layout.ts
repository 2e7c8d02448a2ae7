import { join } from 'node:path';

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

/** The lock file of a scope: `<project>/skillpack-lock.json` or `<home>/.skillpack/skillpack-lock.json`. */
export function lockFilePath(scope: InstallScope, root: string): string {
  return scope === 'project' ? join(root, LOCK_FILE_NAME) : join(root, '.skillpack', LOCK_FILE_NAME);
}
