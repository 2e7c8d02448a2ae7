import type { RuntimeId } from '@skillpack/adapters';
import { prepareRun } from './_prepare-run.js';
import type { RunAgentOptions, RunFolders } from './run-agent-options.js';

/** Options of `scriptedHostOptions`: the scripted model, and the project, home and CLI the run gets. */
export type ScriptedHostOptionsInput = Omit<
  RunAgentOptions,
  // What only a spawned run reads (`runContract` builds its own command line and runs it).
  'runtime' | 'prompt' | 'outputArgs' | 'args' | 'stdin' | 'timeoutMs' | 'keepTemp' | 'pluginDirs'
>;

/**
 * The options of `runContract` (`@skillpack/host`) that run a runtime's CLI against the scripted model: spread
 * them into the call. Also the run's folders and their removal (`dispose()`, or `using`).
 */
export interface ScriptedHostOptions<R extends RuntimeId = RuntimeId> {
  readonly runtime: R;
  /** The project the CLI runs in: a fresh `git init` folder in the temp root, or the `project` given. */
  readonly cwd: string;
  /** The CLI: `cli` as given, or the runtime's own found on PATH. */
  readonly bin: string;
  /**
   * The run's whole environment as `runContract` takes it, over `process.env`: the isolated HOME, TMPDIR and
   * XDG folders, the runtime's configuration for the scripted model and its offline switches, and every other
   * variable of this process unset (`undefined`), as `runAgent` runs a CLI.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * The arguments the runtime needs beside the headless ones (a pinned model, an auth type, `-c` overrides
   * over a home of yours); `runContract` adds them to the first run and to every correction.
   */
  readonly args: readonly string[];
  readonly folders: RunFolders;
  /** Remove the temp root (HOME, TMPDIR and the project unless it was given). */
  dispose(): void;
  [Symbol.dispose](): void;
}

/**
 * Point `runContract` at the scripted model, for any runtime: the same isolation and configuration as
 * `runAgent` (a temp HOME with the runtime's config, its environment, a `git init` project), given as the
 * `cwd`, `bin`, `env` and `args` of the call. Throws when the CLI cannot be found.
 */
export async function scriptedHostOptions<R extends RuntimeId>(
  runtime: R,
  options: ScriptedHostOptionsInput,
): Promise<ScriptedHostOptions<R>> {
  const run = await prepareRun({ ...options, runtime, prompt: '' });
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) env[key] = undefined;
  return {
    runtime,
    cwd: run.folders.project,
    bin: run.cli,
    env: { ...env, ...run.env },
    args: run.modelArgs,
    folders: run.folders,
    dispose: run.dispose,
    [Symbol.dispose]: run.dispose,
  };
}
