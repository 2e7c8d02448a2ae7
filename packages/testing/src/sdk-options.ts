import { baseEnv, makeFolders, removeRunFolders } from './_prepare-run.js';
import type { SdkSetup } from './_runtimes/_sdk.js';
import { SDK_SETUPS, type SdkOfflineOptions } from './_runtimes/registry.js';
import type { RunFolders } from './run-agent-options.js';
import type { ScriptedModel } from './scripted-model-types.js';

/** A vendor SDK that embeds an agent runtime, by its npm name without the scope. */
export type SdkName = keyof SdkOfflineOptions;

/** The SDKs `scriptedSdkOptions` knows. */
export const SDK_NAMES = Object.keys(SDK_SETUPS) as readonly SdkName[];

/** Options of `scriptedSdkOptions`. */
export interface ScriptedSdkOptionsInput {
  /** The scripted model (or its URL) the SDK's runtime talks to. */
  readonly model: ScriptedModel | string;
  /** An existing project folder; default a fresh `git init` folder in the temp root. */
  readonly project?: string;
  /** Variables added to the runtime's environment (it inherits nothing else but PATH and LANG). */
  readonly env?: Readonly<Record<string, string>>;
  /** Retries of a failed model request; default 0, so a scripted error costs one request. */
  readonly maxRetries?: number;
}

/** What `scriptedSdkOptions` gives: the SDK's offline options, the run's folders, and their removal. */
export type ScriptedSdkOptions<S extends SdkName> = SdkOfflineOptions[S] & {
  readonly folders: RunFolders;
  /** Remove the temp root (HOME, TMPDIR and the project unless it was given). */
  dispose(): void;
  [Symbol.dispose](): void;
};

/**
 * The options that point a vendor SDK's runtime at the scripted model, offline, in a fresh temp HOME and
 * project (the same isolation as `runAgent`):
 *
 * - `claude-agent-sdk`: `query()` options (`cwd`, `env`, `settingSources: []`, `persistSession: false`);
 * - `codex-sdk`: `codex` for `new Codex(…)` (`config` as an object, `env`) and `thread` for `startThread(…)`;
 * - `copilot-sdk`: `client` for `new CopilotClient(…)` and `session` for `createSession(…)` (a BYOK
 *   `provider`, `model`, `streaming: true`).
 *
 * Each SDK replaces its child's environment with `env`, which therefore carries PATH and HOME.
 */
export function scriptedSdkOptions<S extends SdkName>(
  sdk: S,
  options: ScriptedSdkOptionsInput,
): ScriptedSdkOptions<S> {
  const folderOptions = {
    runtime: sdk,
    ...(options.project ? { project: options.project } : {}),
    ...(options.env ? { env: options.env } : {}),
  };
  const folders = makeFolders(folderOptions);
  const modelUrl = (typeof options.model === 'string' ? options.model : options.model.url).replace(
    /\/+$/,
    '',
  );
  const setup: SdkSetup<SdkOfflineOptions[S]> = SDK_SETUPS[sdk];
  const prepared = setup.prepare({
    folders,
    env: baseEnv(folders, folderOptions),
    modelUrl,
    maxRetries: options.maxRetries ?? 0,
  });
  const dispose = () => removeRunFolders(folders.root);
  return { ...prepared, folders, dispose, [Symbol.dispose]: dispose };
}
