import type { RuntimeId } from '@skillpack/adapters';
import { contractsModuleBeside } from '../hooks/contracts-module.js';
import { stagedFolder } from './home-plugin.js';
import { HOOK_PROGRAM_FILE } from './hook-wiring.js';
import type { InstalledRuntime, InstalledRuntimes } from './install-declaration.js';
import { installRecordPath } from './install-record.js';
import type { InstallScope } from './layout.js';
import { mcpProgramFolder } from './mcp-wiring.js';

/**
 * The hook program `install` puts in the runtime's hook folder for the pack (its declaration's `hookWiring`),
 * and the pack's contracts module beside it.
 */
function hookProgram(runtime: InstalledRuntime, pack: string): string[] {
  const folder = runtime.install.hookWiring?.folder(pack);
  return folder === undefined
    ? []
    : [`${folder}${HOOK_PROGRAM_FILE}`, `${folder}${contractsModuleBeside(HOOK_PROGRAM_FILE)}`];
}

/** The MCP server program `install` puts in the runtime's folder for the pack (its declaration's `mcp`). */
function mcpProgram(runtime: InstalledRuntime, pack: string, scope: InstallScope): string[] {
  const mcp = runtime.install.mcp;
  const folder = mcp && mcpProgramFolder(mcp, scope, pack);
  return folder === undefined ? [] : [`${folder}skillpack-mcp.cjs`];
}

/** The staged folder of a home plugin form (user scope, home-plugin.ts), from the runtime's declaration. */
function homePluginFolder(runtime: InstalledRuntime, pack: string, scope: InstallScope): string[] {
  const form = runtime.install.homePlugin;
  const folder = form && scope === 'user' ? stagedFolder(form, pack) : undefined;
  return folder === undefined ? [] : [folder];
}

/**
 * What one install of a pack may own: what its runtime's declaration's `ownership` says, plus the hook program
 * and hook configuration file of its `hookWiring`, the MCP server program of its `mcp` and the staged folder of
 * its `homePlugin`.
 */
function ownership(runtime: InstalledRuntime) {
  const own = runtime.install.ownership;
  return {
    ...own,
    packFiles: (pack: string, scope: InstallScope) => [
      ...hookProgram(runtime, pack),
      ...mcpProgram(runtime, pack, scope),
      ...[installRecordPath(runtime.id, pack) ?? []].flat(),
      ...(own.packFiles?.(pack, scope) ?? []),
    ],
    packFolders: (pack: string, version: string, scope: InstallScope) => [
      ...(own.packFolders?.(pack, version, scope) ?? []),
      ...homePluginFolder(runtime, pack, scope),
    ],
    hookConfigFile: runtime.install.hookWiring?.file,
  };
}

/** The install an ownership question is about: the pack name, where, and the skills it records. */
export interface OwnerIdentity {
  readonly pack: { readonly name: string; readonly version: string };
  readonly runtime: RuntimeId;
  readonly scope: InstallScope;
  readonly skills: readonly string[];
}

/** The skill a path is in (`<skills folder><skill>/…`), or `undefined`. */
export function skillOfPath(
  runtime: InstalledRuntime,
  scope: InstallScope,
  path: string,
): string | undefined {
  const folder = runtime.install.ownership.skillsFolder[scope];
  if (!path.startsWith(folder)) return undefined;
  const rest = path.slice(folder.length);
  const slash = rest.indexOf('/');
  return slash > 0 && slash < rest.length - 1 ? rest.slice(0, slash) : undefined;
}

/** The skills a set of install paths holds files of, sorted: what an install records as its own. */
export function skillsOfPaths(
  runtime: InstalledRuntime,
  scope: InstallScope,
  paths: Iterable<string>,
): string[] {
  const skills = new Set<string>();
  for (const path of paths) {
    const skill = skillOfPath(runtime, scope, path);
    if (skill !== undefined) skills.add(skill);
  }
  return [...skills].sort();
}

/**
 * Whether `path` is in the install's own namespace: one of its skills' folders or a file its pack name gives it
 * (`runtime`: the declaration of `owner.runtime`).
 */
export function ownsPath(runtime: InstalledRuntime, owner: OwnerIdentity, path: string): boolean {
  const skill = skillOfPath(runtime, owner.scope, path);
  if (skill !== undefined) return owner.skills.includes(skill);
  const rules = ownership(runtime);
  if (rules.packFiles(owner.pack.name, owner.scope).includes(path)) return true;
  const folders = rules.packFolders(owner.pack.name, owner.pack.version, owner.scope);
  return folders.some((folder) => path.startsWith(folder) && path.length > folder.length);
}

/** The skill folder of `skill`, for messages and conflicts. */
export function skillFolder(runtime: InstalledRuntime, scope: InstallScope, skill: string): string {
  return `${runtime.install.ownership.skillsFolder[scope]}${skill}/`;
}

/** One lock entry as validated: the pack, where, its skills, its files and its hook-configuration edit. */
export interface OwnedInstall extends OwnerIdentity {
  readonly files: readonly { readonly path: string; readonly runtimeConfig?: true }[];
  readonly hookConfig?: { readonly file: string };
  readonly activation?: { readonly file: string; readonly allow: readonly string[] };
}

/**
 * Why a lock's installs claim what is not theirs, or `undefined`: a file outside the install's own namespace
 * (see `ownsPath`; runtime configuration, which is never deleted, only inside the runtime's folders), an edit
 * of a configuration file the runtime's installs never edit, an allow rule for a skill not its own, or a
 * skill two installs both record.
 */
export function lockOwnershipProblem(
  runtimes: InstalledRuntimes,
  installs: readonly OwnedInstall[],
): { problem: string; path?: string } | undefined {
  const skillOwners = new Map<string, string>();
  for (const install of installs) {
    const runtime = runtimes[install.runtime];
    const rules = ownership(runtime);
    const key = `${install.runtime} ${install.pack.name}`;
    if (install.hookConfig && install.hookConfig.file !== rules.hookConfigFile)
      return {
        problem: `${key} records a ${install.hookConfig.file} edit, which ${install.runtime} installs never make`,
      };
    if (install.activation) {
      if (install.activation.file !== rules.activationFile?.[install.scope])
        return {
          problem: `${key} records rules in ${install.activation.file}, which install never writes there`,
        };
      const foreign = install.activation.allow.find(
        // A skill-form rule names one of its skills; a plugin-form rule is namespaced by its own pack.
        (rule) =>
          !install.skills.some((skill) => rule === `Skill(${skill})`) &&
          !rule.startsWith(`Skill(${install.pack.name}:`),
      );
      if (foreign !== undefined)
        return {
          problem: `${key} records the rule ${foreign} in ${install.activation.file}, which is not for one of its own skills (${install.skills.join(', ') || 'none'})`,
        };
    }
    for (const skill of install.skills) {
      const folder = skillFolder(runtime, install.scope, skill);
      const owner = skillOwners.get(folder);
      if (owner !== undefined)
        return { problem: `the skill ${folder} is recorded by both ${owner} and ${key}`, path: folder };
      skillOwners.set(folder, key);
    }
    for (const file of install.files) {
      if (file.runtimeConfig) {
        const roots = rules.configRoots[install.scope];
        if (!roots.some((root) => file.path.startsWith(root)))
          return {
            problem: `${file.path} (${key}) is outside the ${install.runtime} folders (${roots.join(', ')})`,
            path: file.path,
          };
      } else if (!ownsPath(runtime, install, file.path)) {
        const own = [
          ...install.skills.map((skill) => skillFolder(runtime, install.scope, skill)),
          ...rules.packFiles(install.pack.name, install.scope),
          ...rules.packFolders(install.pack.name, install.pack.version, install.scope),
        ];
        return {
          problem: `${file.path} (${key}) is not a file of that pack's own skills, hook or plugin (expected only: ${own.join(', ') || 'none'})`,
          path: file.path,
        };
      }
    }
  }
  return undefined;
}
