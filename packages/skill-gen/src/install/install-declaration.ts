// What install knows of a runtime: the `install` section of its declaration (runtimes/<id>/runtime.ts), with its
// id and title. The install engine reads these and nothing else of a declaration, so it depends on no runtime
// and on no other engine's part of a declaration.
import type { RuntimeId } from '@skillpack/adapters';
import type { OptionDeclaration } from '../cli/command.js';
import type { AfterInstallLoader } from './after-install-step.js';
import type { HookWiring } from './hook-wiring.js';
import type { LockRecord, RuntimeInstallStep } from './install-step.js';
import type { McpWiring } from './mcp-wiring.js';
import type { LocalPluginForm, PackFormChoice } from './pack-form.js';
import type { RuntimeOwnership } from './runtime-ownership.js';
import type { HeadlessSkillRules } from './skill-rules.js';

/** Where pack files under `from` land below a scope root (the project directory or the home). */
export interface FormMapping {
  readonly from: string;
  readonly project: string;
  readonly user: string;
}

/**
 * A plugin form the runtime's own CLI installs into the home from a local folder (Gemini CLI's extension,
 * Copilot CLI's plugin): `install --form plugin` stages the pack's plugin folder in `<stage><pack>/` below the
 * home, then (`--activate`) runs `register` there; `uninstall` runs `unregister` and removes the staged files.
 * User scope only: these CLIs keep installed plugins in the home.
 */
export interface HomePluginForm {
  /** The pack folder the plugin is built in, e.g. `gemini-cli/extension/`. */
  readonly source: string;
  /** The plugin's manifest below `source`, whose `name` the CLI registers it by. */
  readonly manifest: string;
  /** The folder below the home the pack's plugin is staged in, one folder per pack, e.g. `.gemini/skillpack-extensions/`. */
  readonly stage: string;
  /** The CLI's command on PATH, e.g. `gemini` (`--plugin-cli PATH` names another). */
  readonly command: string;
  /** The arguments that install the staged folder, `{path}` standing for its absolute path. */
  readonly register: readonly string[];
  /** The arguments that uninstall the plugin, `{name}` standing for its name. */
  readonly unregister: readonly string[];
  /** Environment the register command runs with (Gemini CLI installs an untrusted folder only after a prompt). */
  readonly registerEnv: Readonly<Record<string, string>>;
  /** Where the CLI keeps the installed copy below the home: `{name}` the plugin's name, `{folder}` the staged folder's. */
  readonly installed: string;
}

/** An option of `install` (or `uninstall`) only one runtime takes. */
export interface RuntimeInstallOption {
  /** How the command line declares it (its help text included). */
  readonly declaration: OptionDeclaration;
  /** The field of the install's options it sets (`codexForm`); the runtime's steps read it there. */
  readonly field: string;
  /** An older spelling of `--activate` for this runtime (`--trust-codex-hooks`). */
  readonly activates?: boolean;
  /** `uninstall` takes it too (`--claude PATH` unregisters a plugin). */
  readonly uninstall?: boolean;
}

/** The `install` section of a runtime's declaration. */
export interface InstallDeclaration {
  /** Pack path prefixes of the skill form and where they go. */
  readonly skillForm: readonly FormMapping[];
  /** Where a published portable package's `skills/` go. */
  readonly portablePackageForm: readonly FormMapping[];
  /** What one install of a pack may own (`ownership.ts` of its folder; lock-ownership.ts holds a lock to it). */
  readonly ownership: RuntimeOwnership;
  /** The folders (below the scope root) whose files a pack may own. */
  readonly ownedFolders: { readonly project: readonly string[]; readonly user: readonly string[] };
  /**
   * How its hook configuration file wires the pack's Stop hook program (`hook-wiring.ts` of its folder);
   * `undefined`: no hook entry to wire (a plugin is its enforcement, or its skill form carries its own hook file).
   */
  readonly hookWiring: HookWiring | undefined;
  /**
   * Where its MCP configuration names a pack's MCP server (`mcp.ts` of its folder), per scope, and the approval
   * its headless runs need; `undefined`: install wires no server for it.
   */
  readonly mcp?: McpWiring;
  /** A plugin form install stages in the scope root and the runtime's settings enable (Claude Code's). */
  readonly localPlugin?: LocalPluginForm;
  /** A plugin form registered by the runtime's own CLI in the home (`undefined`: none, or a local one). */
  readonly homePlugin?: HomePluginForm;
  /** The permission rules its skills need to run headless (`--activate` adds them); `undefined`: none. */
  readonly headlessSkillRules: HeadlessSkillRules | undefined;
  /** How an install chooses among the pack's forms besides the skill form (Codex's plugin). */
  readonly packForm?: PackFormChoice;
  /** Its own steps of install and uninstall (install/install-step.ts), loaded when it installs. */
  readonly steps?: () => Promise<readonly RuntimeInstallStep[]>;
  /** The records its steps keep in a lock entry, read when any lock is (their schemas are light). */
  readonly lockRecords: readonly LockRecord[];
  /**
   * The steps that run once the files are settled (install/after-install-step.ts): the project folder trust its
   * headless runs need, its hook trust; each reports, records with `--activate`, and releases on uninstall.
   */
  readonly afterInstall: readonly AfterInstallLoader[];
  /** The `install` (and `uninstall`) options only this runtime takes, by name without `--`. */
  readonly options: Readonly<Record<string, RuntimeInstallOption>>;
  /** The user configuration a user-scope install lives in (doctor copies it into its run's home). */
  readonly userConfig: readonly string[];
}

/** A runtime as install sees it: its id, its title for messages, and its install section. */
export interface InstalledRuntime<R extends RuntimeId = RuntimeId> {
  readonly id: R;
  /** The runtime's name in messages: `Claude Code`. */
  readonly title: string;
  readonly install: InstallDeclaration;
}

/** Every runtime by id, as install sees it: what the top floor hands the install engine. */
export type InstalledRuntimes = { readonly [R in RuntimeId]: InstalledRuntime<R> };
