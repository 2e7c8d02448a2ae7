import type { RuntimeId } from '@skillpack/adapters';
import { ACTIVATION_FILE } from '../runtimes/claude-code/activation.js';
import { marketplaceFolder, pluginName } from '../runtimes/claude-code/plugin.js';
import { codexPluginFolder } from '../runtimes/codex/layout.js';
import { skillGenRuntime } from '../runtimes/registry.js';
import { stagedFolder } from './home-plugin.js';
import { HOOK_WIRING } from './hook-config-plan.js';
import type { InstallScope } from './layout.js';

/**
 * What one install of a pack may own, per runtime. A lock travels with the repository, so a lock entry is
 * taken at its word only for a path in the pack's own namespace: the folders of the skills the install
 * records (`<skills folder><skill>/`, each skill owned by one install of the scope), and the files its pack
 * name gives it (the hook program, the plugin files, an installed plugin's folder). Its edits of runtime configuration are held to the files
 * the runtime's installs edit (`HOOK_WIRING`, `ACTIVATION_FILE`) and to its own skills. A new kind of
 * installed file or edit (a plugin folder, another configuration file) is a new entry in this table.
 */
interface RuntimeOwnership {
  /** Where skills go, below the scope root. */
  readonly skillsFolder: Readonly<Record<InstallScope, string>>;
  /** The files the pack name gives an install (its hook program, its plugin files). */
  readonly packFiles: (pack: string, scope: InstallScope) => readonly string[];
  /** The folders the pack name and version give an install (an installed plugin), if any. */
  readonly packFolders?: (pack: string, version: string, scope: InstallScope) => readonly string[];
  /** The runtime configuration file an install may add hook entries to (its `hookConfig`), if any. */
  readonly hookConfigFile?: string;
  /** Where an install may add `Skill(<name>)` allow rules for its own skills (its `activation`), if anywhere. */
  readonly activationFile?: Readonly<Record<InstallScope, string>>;
  /** Where runtime configuration a pack carries may be recorded (never deleted, only released). */
  readonly configRoots: Readonly<Record<InstallScope, readonly string[]>>;
}

/** The hook program `install` puts in the runtime's hook folder for the pack (see `HOOK_WIRING`). */
function hookProgram(runtime: RuntimeId, pack: string): string[] {
  const folder = HOOK_WIRING[runtime]?.folder(pack);
  return folder === undefined ? [] : [`${folder}skillpack-hook.cjs`];
}

/** The staged folder of a home plugin form (user scope, home-plugin.ts), from the runtime's declaration. */
function homePluginFolder(runtime: RuntimeId, pack: string, scope: InstallScope): string[] {
  const form = skillGenRuntime(runtime).install.homePlugin;
  const folder = form && scope === 'user' ? stagedFolder(form, pack) : undefined;
  return folder === undefined ? [] : [folder];
}

const OWNERSHIP: Readonly<Record<RuntimeId, RuntimeOwnership>> = {
  'claude-code': {
    skillsFolder: { project: '.claude/skills/', user: '.claude/skills/' },
    packFiles: (pack) => hookProgram('claude-code', pack),
    // The plugin form: its local marketplace, `.claude/skillpack-plugins/<pack>/` (claude-plugin.ts).
    packFolders: (pack) => {
      const name = pluginName(pack);
      return name === undefined ? [] : [marketplaceFolder(name)];
    },
    hookConfigFile: HOOK_WIRING['claude-code']?.file,
    activationFile: ACTIVATION_FILE,
    configRoots: { project: ['.claude/'], user: ['.claude/'] },
  },
  codex: {
    skillsFolder: { project: '.agents/skills/', user: '.agents/skills/' },
    packFiles: (pack) => hookProgram('codex', pack),
    // The plugin form: Codex's plugin cache, `.codex/plugins/cache/<pack>/<pack>/<version>/` (user scope).
    packFolders: (pack, version, scope) => {
      const folder = scope === 'user' ? codexPluginFolder(pack, version) : undefined;
      return folder === undefined ? [] : [folder];
    },
    hookConfigFile: HOOK_WIRING.codex?.file,
    configRoots: { project: ['.agents/skills/'], user: ['.agents/skills/'] },
  },
  opencode: {
    skillsFolder: { project: '.opencode/skills/', user: '.config/opencode/skills/' },
    packFiles: (pack, scope) => {
      const plugins = scope === 'project' ? '.opencode/plugins/' : '.config/opencode/plugins/';
      return [...hookProgram('opencode', pack), `${plugins}${pack}.js`, `${plugins}${pack}.json`];
    },
    configRoots: { project: ['.opencode/'], user: ['.config/opencode/'] },
  },
  'gemini-cli': {
    skillsFolder: { project: '.gemini/skills/', user: '.gemini/skills/' },
    packFiles: (pack) => hookProgram('gemini-cli', pack),
    packFolders: (pack, _version, scope) => homePluginFolder('gemini-cli', pack, scope),
    hookConfigFile: HOOK_WIRING['gemini-cli']?.file,
    configRoots: { project: ['.gemini/skills/'], user: ['.gemini/skills/'] },
  },
  'copilot-cli': {
    skillsFolder: { project: '.github/skills/', user: '.copilot/skills/' },
    // The skill form's hook file and its program (targets/copilot-cli.ts).
    packFiles: (pack, scope) => {
      const hooks = scope === 'project' ? '.github/hooks/' : '.copilot/hooks/';
      return [`${hooks}${pack}.json`, `${hooks}${pack}/skillpack-hook.cjs`];
    },
    packFolders: (pack, _version, scope) => homePluginFolder('copilot-cli', pack, scope),
    configRoots: { project: ['.github/skills/'], user: ['.copilot/skills/'] },
  },
  'qwen-code': {
    skillsFolder: { project: '.qwen/skills/', user: '.qwen/skills/' },
    packFiles: (pack) => hookProgram('qwen-code', pack),
    hookConfigFile: HOOK_WIRING['qwen-code']?.file,
    configRoots: { project: ['.qwen/'], user: ['.qwen/'] },
  },
};

/** The install an ownership question is about: the pack name, where, and the skills it records. */
export interface OwnerIdentity {
  readonly pack: { readonly name: string; readonly version: string };
  readonly runtime: RuntimeId;
  readonly scope: InstallScope;
  readonly skills: readonly string[];
}

/** The skill a path is in (`<skills folder><skill>/…`), or `undefined`. */
export function skillOfPath(runtime: RuntimeId, scope: InstallScope, path: string): string | undefined {
  const folder = OWNERSHIP[runtime].skillsFolder[scope];
  if (!path.startsWith(folder)) return undefined;
  const rest = path.slice(folder.length);
  const slash = rest.indexOf('/');
  return slash > 0 && slash < rest.length - 1 ? rest.slice(0, slash) : undefined;
}

/** The skills a set of install paths holds files of, sorted: what an install records as its own. */
export function skillsOfPaths(runtime: RuntimeId, scope: InstallScope, paths: Iterable<string>): string[] {
  const skills = new Set<string>();
  for (const path of paths) {
    const skill = skillOfPath(runtime, scope, path);
    if (skill !== undefined) skills.add(skill);
  }
  return [...skills].sort();
}

/** Whether `path` is in the install's own namespace: one of its skills' folders or a file its pack name gives it. */
export function ownsPath(owner: OwnerIdentity, path: string): boolean {
  const skill = skillOfPath(owner.runtime, owner.scope, path);
  if (skill !== undefined) return owner.skills.includes(skill);
  const rules = OWNERSHIP[owner.runtime];
  if (rules.packFiles(owner.pack.name, owner.scope).includes(path)) return true;
  const folders = rules.packFolders?.(owner.pack.name, owner.pack.version, owner.scope) ?? [];
  return folders.some((folder) => path.startsWith(folder) && path.length > folder.length);
}

/** The skill folder of `skill`, for messages and conflicts. */
export function skillFolder(runtime: RuntimeId, scope: InstallScope, skill: string): string {
  return `${OWNERSHIP[runtime].skillsFolder[scope]}${skill}/`;
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
  installs: readonly OwnedInstall[],
): { problem: string; path?: string } | undefined {
  const skillOwners = new Map<string, string>();
  for (const install of installs) {
    const rules = OWNERSHIP[install.runtime];
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
      const folder = skillFolder(install.runtime, install.scope, skill);
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
      } else if (!ownsPath(install, file.path)) {
        const own = [
          ...install.skills.map((skill) => skillFolder(install.runtime, install.scope, skill)),
          ...rules.packFiles(install.pack.name, install.scope),
          ...(rules.packFolders?.(install.pack.name, install.pack.version, install.scope) ?? []),
        ];
        return {
          problem: `${file.path} (${key}) is not a file of that pack's own skills, hook or plugin (${own.join(', ') || 'none'})`,
          path: file.path,
        };
      }
    }
  }
  return undefined;
}
