// A runtime's own part of install and uninstall, beyond what every runtime shares (its skill form, its hook
// entry, a home plugin form, permission rules): Claude Code's local plugin enabled in its settings, Codex's
// plugin table in config.toml. Each is a step its runtime declares (`install.steps` in runtimes/<id>/runtime.ts);
// the engine runs every declared step the same way and names none.
import type { Result, SkillpackError } from '@skillpack/core';
import type { z } from 'zod';
import type { InstallForm, InstallScope } from './layout.js';
import type { LockedInstall } from './lock-file.js';
import type { PlanAction } from './plan.js';
import type { PluginFormReport } from './plugin-form-report.js';

/** What a step's plan knows of the install. */
export interface InstallStepContext {
  readonly scope: InstallScope;
  /** The scope root: the project directory or the home. */
  readonly root: string;
  readonly home: string;
  readonly pack: { readonly name: string; readonly version: string };
  /** This pack's install for this runtime that the lock records, if any. */
  readonly previous: LockedInstall | undefined;
  readonly form: InstallForm;
  /** `--activate`: the person consented to changes of the runtime's own configuration. */
  readonly activate: boolean;
  readonly dryRun: boolean;
  readonly env: NodeJS.ProcessEnv;
  /** The install's options as given, the runtime's own among them (each step reads the ones it declares). */
  readonly options: Readonly<Record<string, unknown>>;
  /** What the runtime's pack form chose (`install.packForm`), e.g. the plugin the install puts in place. */
  readonly packForm: unknown;
  /** Where the install puts each of the pack's files, below the scope root. */
  readonly packFiles: readonly string[];
  /** The edit an earlier step of this install planned for `path`, which a step editing that file chains onto. */
  readonly plannedAction: (path: string) => PlanAction | undefined;
  /** The planned edit of the runtime's hook configuration file, which a step editing that file chains onto. */
  readonly settingsAction: PlanAction | undefined;
}

/** What a step plans for one install: recorded in the lock, applied with the plan, finished after it. */
export interface InstallStepPlan {
  /** Its record in the lock entry (`undefined`: none, or the earlier one goes). */
  readonly locked?: unknown;
  /** A file edit of its own, applied (and journaled) with the plan. */
  readonly action?: PlanAction;
  /** The hook configuration file's edit with this step's chained on: it takes the place of that action. */
  readonly settingsAction?: PlanAction;
  /** How permission rules name an installed skill when this step changes it (a plugin's `<plugin>:<skill>`). */
  readonly skillName?: (skill: string) => string;
  /** Checked before anything changes (a CLI the step runs later must run). */
  readonly ready?: () => Promise<Result<void, SkillpackError>>;
  /**
   * After the plan settled (`applied`, `unchanged`; or `planned`, `refused`: nothing was done): run what comes
   * after the files (a CLI registers the plugin) and say what the step did.
   */
  readonly finish: (
    status: 'applied' | 'unchanged' | 'planned' | 'refused',
  ) => Promise<Result<InstallStepReport, SkillpackError>>;
}

/** What a step reports: the plugin form it installed, or a report of its own under its `report` key. */
export interface InstallStepReport {
  readonly pluginForm?: PluginFormReport;
  readonly report?: unknown;
}

/** What a step's uninstall part knows. */
export interface RemovalContext {
  readonly scope: InstallScope;
  readonly root: string;
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  /** The uninstall's options as given, the runtime's own among them. */
  readonly options: Readonly<Record<string, unknown>>;
}

/** A step's record in a lock entry: the key, its schema, the scopes whose installs make it, and what it is. */
export interface LockRecord<Locked = unknown> {
  readonly key: string;
  readonly schema: z.ZodType<Locked>;
  readonly scopes: readonly InstallScope[];
  /** For a lock that records it where it is never made: `a Codex plugin table`. */
  readonly what: string;
}

/** One runtime's install step (see the top of this file). */
export interface RuntimeInstallStep {
  readonly record: LockRecord;
  /** The key its own report has in the outcome (`--format json`), when it reports one. */
  readonly report?: string;
  /** Plan its part of an install; `undefined`: it has nothing to do with this one. */
  plan(context: InstallStepContext): Promise<Result<InstallStepPlan | undefined, SkillpackError>>;
  /** Finish or undo what a killed run left half-done in the scope root, before anything is planned. */
  recover?(root: string): Promise<unknown>;
  /** Chain taking out what `installs` recorded onto the planned edits of the same files. */
  planRemoval(
    root: string,
    installs: readonly LockedInstall[],
    actions: readonly PlanAction[],
  ): Promise<PlanAction[]>;
  /** Before the files go (not on a dry run, nor when the plan is refused): undo what a CLI did. */
  beforeRemoval?(
    installs: readonly LockedInstall[],
    context: RemovalContext,
  ): Promise<Result<void, SkillpackError>>;
  /** What the person reads about its report; `rerun` is the install command to run again with another flag. */
  format?(report: unknown, rerun: string): string;
  /** The report of what its removal did. */
  removalReport?(
    root: string,
    installs: readonly LockedInstall[],
    actions: readonly PlanAction[],
    applied: boolean,
  ): unknown;
}

/** A step's record in a lock entry, as its schema typed it (the lock was checked against it when read). */
export function lockedRecord<Locked>(
  install: LockedInstall | undefined,
  record: LockRecord<Locked>,
): Locked | undefined {
  return install?.[record.key] as Locked | undefined;
}
