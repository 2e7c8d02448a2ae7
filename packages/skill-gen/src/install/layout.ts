import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';

export const INSTALL_SCOPES = ['project', 'user'] as const;
export type InstallScope = (typeof INSTALL_SCOPES)[number];

export function isInstallScope(value: unknown): value is InstallScope {
  return typeof value === 'string' && (INSTALL_SCOPES as readonly string[]).includes(value);
}

export const LOCK_FILE_NAME = 'skillpack-lock.json';

/**
 * Pack path prefixes of each runtime's skill form and where they go, relative to the scope root (the project
 * directory or the home directory). Plugin and marketplace files are never installed this way: they go through
 * the runtime's own plugin commands. See /work/notes/layout.md and runtimes.md §0, §4.1.
 */
const SKILL_FORM: Readonly<Record<RuntimeId, readonly { from: string; project: string; user: string }[]>> = {
  'claude-code': [{ from: 'claude-code/.claude/', project: '.claude/', user: '.claude/' }],
  codex: [{ from: 'codex/.agents/skills/', project: '.agents/skills/', user: '.agents/skills/' }],
  opencode: [{ from: 'opencode/.opencode/', project: '.opencode/', user: '.config/opencode/' }],
};

/** Where a pack file lands in the scope root, or `undefined` when it is not part of the runtime's skill form. */
export function targetPathFor(runtime: RuntimeId, scope: InstallScope, packPath: string): string | undefined {
  for (const mapping of SKILL_FORM[runtime]) {
    if (packPath.startsWith(mapping.from) && packPath.length > mapping.from.length) {
      return mapping[scope] + packPath.slice(mapping.from.length);
    }
  }
  return undefined;
}

/** The lock file of a scope: `<project>/skillpack-lock.json` or `<home>/.skillpack/skillpack-lock.json`. */
export function lockFilePath(scope: InstallScope, root: string): string {
  return scope === 'project' ? join(root, LOCK_FILE_NAME) : join(root, '.skillpack', LOCK_FILE_NAME);
}
