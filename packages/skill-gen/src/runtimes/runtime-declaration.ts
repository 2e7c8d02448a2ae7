import type { RuntimeId } from '@skillpack/adapters';
import type { z } from 'zod';
import type { RuntimeProbe } from '../doctor/probe-kit.js';
import type { RuntimeProof } from '../doctor/proof-kit.js';
import type { EnforcementBundle } from '../hooks/hook-bundles.js';
import type { InstallDeclaration } from '../install/install-declaration.js';
import type { LintDeclaration } from '../lint/lint-declaration.js';
import type { RenderedRuntime } from '../render/invocation.js';
import type { RenderTarget } from '../targets/target-context.js';

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
  readonly install: InstallDeclaration;
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
    /**
     * Its CLI writes to the project it is asked from offline, so the probe asks it in a throwaway copy of it
     * (where a trust keyed by the project's path does not apply: set only for a runtime whose probe reads none).
     * Every runtime runs in a throwaway copy of its home (`homeVariables`, `restage`).
     */
    readonly probeWrites?: boolean;
    /**
     * Folders of its user configuration (`install.userConfig`) that only record its use: transcripts, logs,
     * snapshots. Doctor's throwaway home leaves them out; they grow to gigabytes and change nothing it asks.
     */
    readonly histories?: readonly string[];
    /** Variables that move one of its user configuration folders (`{ CODEX_HOME: '.codex' }`), pointed at the copy. */
    readonly homeVariables?: Readonly<Record<string, string>>;
    /** Fixes what, in doctor's copy of one of its user configuration folders, names the folder's path. */
    readonly restage?: (original: string, staged: string) => void;
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

export type { FormMapping, HomePluginForm, RuntimeInstallOption } from '../install/install-declaration.js';
