// Where a runtime's declaration puts a pack in a scope root: the forms it takes, where each pack file lands and the
// folders an install may own there. What every runtime shares (scopes, forms, the lock file) is in layout.ts.
import type { InstalledRuntime } from './install-declaration.js';
import { installRecordFolder } from './install-record.js';
import type { InstallScope } from './layout.js';

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
