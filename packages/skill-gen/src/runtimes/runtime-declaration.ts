import type { RuntimeId } from '@skillpack/adapters';
import type { z } from 'zod';
import type { OptionDeclaration } from '../cli/command.js';
import type { RuntimeProbe } from '../doctor/probe-kit.js';
import type { RuntimeProof } from '../doctor/proof-kit.js';
import type { EnforcementBundle } from '../hooks/hook-bundles.js';
import type { AfterInstallLoader } from '../install/after-install-step.js';
import type { HookWiring } from '../install/hook-wiring.js';
import type { LockRecord, RuntimeInstallStep } from '../install/install-step.js';
import type { LocalPluginForm, PackFormChoice } from '../install/pack-form.js';
import type { RuntimeOwnership } from '../install/runtime-ownership.js';
import type { HeadlessSkillRules } from '../install/skill-rules.js';
import type { LintDeclaration } from '../lint/lint-declaration.js';
import type { RenderedRuntime } from '../render/invocation.js';
import type { RenderTarget } from '../targets/target-context.js';

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

/** The facts the supported-runtimes table of the skill-gen README shows, one row per runtime. */
export interface RuntimeDocs {
  /** The npm package of the CLI; its pinned version is read from `e2e/runtimes/package.json`. */
  readonly npmPackage: string;
  /** The skill folders a pack installs into, project scope then user scope. */
  readonly skillFolders: string;
  /** The hook event (or plugin event) that checks a final answer. */
  readonly hookEvent: string;
  /** What the user (or `skillpack install`) must do before the runtime runs the check. */
  readonly trustStep: string;
  /** What enforcement needs to be in place. */
  readonly enforcement: string;
  /** Its paragraphs of `skillpack install --help`: what install does for it beyond copying skills. */
  readonly installHelp?: string;
}

/**
 * What `@skillpack/skill-gen` knows about one runtime: one declaration in `src/runtimes/<runtime>/runtime.ts`,
 * listed in `SKILL_GEN_RUNTIMES` (`src/runtimes/registry.ts`). It carries its renderer, front-matter section,
 * hook wiring, ownership and lint severities; its trust step, doctor probe and proof it loads lazily, so the
 * CLI's option tables read it without loading them.
 */
export interface SkillGenRuntime<R extends RuntimeId = RuntimeId> {
  readonly id: R;
  /** The runtime's name in messages and docs: `Claude Code`. */
  readonly title: string;
  /** How a skill is invoked: `/name` or `$name`; `pluginNamespaced` when a plugin's skills are `pack:name`. */
  readonly invocation: RenderedRuntime['invocation'];
  /** Whether its skills carry a contract's OpenAI-strict schema (`codex exec --output-schema`). */
  readonly strictSchema: boolean;
  /** Its section of a skill source's front matter (`<id>:`, `front-matter.ts` of its folder). */
  readonly frontMatter: z.ZodObject;
  /**
   * Its section of `skillpack.config.json` (`<id>:`, `config.ts` of its folder), registered in `sections.ts`
   * like `frontMatter`; `undefined`: it has none.
   */
  readonly config?: z.ZodType;
  /** Renders the runtime's files of a pack (`target.ts` of its folder). */
  readonly render: RenderTarget;
  /**
   * The pack's enforcement artifact, bundled when the runtime is a target and the pack hooks a contract: the
   * Stop hook program (`HOOK_BUNDLE` of `src/hooks/hook-bundle.ts`) or a module of its own.
   */
  readonly enforcement: EnforcementBundle;
  readonly install: {
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
  };
  /** Where it loads skills from and which front-matter keys it reads; how much each lint rule matters to it. */
  readonly lint: LintDeclaration;
  readonly doctor: {
    /** Loads its probe (`probe.ts` of its folder): what its own CLI says, offline, of the pack's skills and hook. */
    readonly probe: () => Promise<RuntimeProbe>;
    /** Loads its proof (`proof.ts` of its folder): what differs per runtime in doctor's proving run. */
    readonly proof: () => Promise<RuntimeProof>;
    /** Its configuration files a Stop hook may be registered in besides the pack's own files. */
    readonly hookConfigFiles: readonly string[];
    /** Its project folders whose `node_modules` doctor's throwaway copy keeps (its plugins' dependencies). */
    readonly keptModules?: readonly string[];
  };
  /** The version doctor's proof is tested with; asserted equal to `e2e/runtimes/package.json` by a test. */
  readonly testedVersion: string;
  readonly docs: RuntimeDocs;
}

/**
 * Every runtime's declaration by id: what the top floor (`runtimes/registry.ts`) hands the engines, which
 * never import the registry themselves.
 */
export type SkillGenRuntimes = { readonly [R in RuntimeId]: SkillGenRuntime<R> };
