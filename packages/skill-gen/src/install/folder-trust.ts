// A runtime whose headless runs need the project folder trusted declares how (`install.folderTrust` in its
// runtimes/<id>/runtime.ts): a step install runs after the files are in place and uninstall runs after they are gone.
// The step is loaded only for that runtime, so no other install pays for its code.
import type { InstallScope } from './layout.js';
import type { OperationOutcome } from './operations.js';

/** What install knows when it asks a runtime's folder-trust step to report or record the trust. */
export interface FolderTrustRequest {
  readonly scope: InstallScope;
  readonly projectDir: string;
  /** The home the runtime runs with (`--home`, `SKILLPACK_HOME`, or the user's). */
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  /** `--activate`: the person consented to the trust being recorded. */
  readonly consent: boolean;
}

/** One runtime's folder-trust step; `Report` is what `install --format json` prints as `folderTrust`. */
export interface FolderTrustStep<Report extends object = object> {
  /**
   * After install: report the trust, and record it with consent. `undefined`: nothing to say. Never throws: a
   * trust it cannot read or record is reported with the step to take (install's files are in place by then).
   */
  afterInstall(outcome: OperationOutcome, request: FolderTrustRequest): Promise<Report | undefined>;
  /** What the person reads about the report; `rerun` is the install command to run again with `--activate`. */
  format(report: Report, rerun: string): string;
  /**
   * After uninstall: release a trust install recorded once nothing installed needs it; the sentence saying so,
   * or `undefined` when it left the trust (none recorded, still needed, or the folder's own).
   */
  afterUninstall(outcome: OperationOutcome, env: NodeJS.ProcessEnv): Promise<string | undefined>;
}

/** How a runtime declaration names its step without loading it. */
export type FolderTrustLoader = () => Promise<FolderTrustStep>;
