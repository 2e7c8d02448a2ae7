import type { RunFolders } from '../run-agent-options.js';

/** What an SDK's offline options are built from: the run's folders, its environment and the model's URL. */
export interface SdkSetupContext {
  readonly folders: RunFolders;
  /** The environment every run gets (PATH, HOME, XDG_*, TMPDIR), to extend: the SDKs replace the child's. */
  readonly env: Readonly<Record<string, string>>;
  /** `http://127.0.0.1:<port>` of the scripted model. */
  readonly modelUrl: string;
  /** Retries of a failed model request (default 0: a scripted error costs one request). */
  readonly maxRetries: number;
}

/** How one SDK is pointed at the scripted model: `_runtimes/<runtime>/sdk.ts`, listed in `SDK_SETUPS`. */
export interface SdkSetup<Options> {
  prepare(context: SdkSetupContext): Options;
}
