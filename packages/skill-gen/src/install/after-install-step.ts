// A runtime's step that runs once install (or uninstall) has settled the files, declared in its
// runtimes/<id>/runtime.ts (`install.afterInstall`): the project folder trust a runtime's headless runs need, or
// the hook trust Codex asks of its own app server. Each is loaded only for its runtime, so no other install pays
// for its code.
import type { InstallScope } from './layout.js';
import type { Plan } from './plan.js';

/** What an after-install step reads of the install or uninstall that settled the files (its `OperationOutcome`). */
export interface SettledOperation {
  /** `refused`: conflicts, nothing changed; `unchanged`: already as planned; `planned`: dry run. */
  readonly status: 'applied' | 'unchanged' | 'planned' | 'refused';
  readonly plan: Plan;
  /** The scope root. */
  readonly root: string;
}

/** What install knows when it asks an after-install step to report or record what it does. */
export interface AfterInstallRequest {
  readonly scope: InstallScope;
  readonly projectDir: string;
  /** The home the runtime runs with (`--home`, `SKILLPACK_HOME`, or the user's). */
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  /** The working directory the command runs in. */
  readonly cwd: string;
  /** `--activate` (or the runtime's older spelling of it): the person consented to the change being recorded. */
  readonly consent: boolean;
  /** The command's options as given, the runtime's own among them (`--codex PATH`). */
  readonly options: Readonly<Record<string, unknown>>;
}

/** One runtime's after-install step; `Report` is what `install --format json` prints under `key`. */
export interface AfterInstallStep<Report extends object = object> {
  /** Its report's key in `install --format json`: `folderTrust`, `codexHook`. */
  readonly key: string;
  /**
   * After install: report, and record with consent. `undefined`: nothing to say. Never throws: what it cannot
   * read or record is reported with the step to take (install's files are in place by then).
   */
  afterInstall(outcome: SettledOperation, request: AfterInstallRequest): Promise<Report | undefined>;
  /** What the person reads about the report; `rerun` is the install command to run again with `--activate`. */
  format(report: Report, rerun: string): string;
  /**
   * After uninstall: release what install recorded once nothing installed needs it, and say what it did (it may
   * also name a grant it left, one the person changed); `undefined` when there is nothing to say (none recorded,
   * still needed, or the folder's own). `context.home` is the home the runtime runs with (`--home`,
   * `SKILLPACK_HOME`, or the user's).
   */
  afterUninstall?(
    outcome: SettledOperation,
    env: NodeJS.ProcessEnv,
    context: { readonly home: string },
  ): Promise<UninstallNote | undefined>;
}

/** What an after-install step did on uninstall: whether it released what install recorded, and the sentence. */
export interface UninstallNote {
  readonly released: boolean;
  readonly sentence: string;
}

/** How a runtime declaration names its step without loading it. */
export type AfterInstallLoader = () => Promise<AfterInstallStep>;
