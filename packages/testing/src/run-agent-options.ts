import type { RuntimeId } from '@skillpack/adapters';
import type { RuntimeRunOptions } from './_runtimes/runtime-run-options.js';
import type { ScriptedModel } from './scripted-model-types.js';

/** Where a run lives: its temp root holds the home, the temp folder and (unless you pass one) the project. */
export interface RunFolders {
  readonly root: string;
  /** HOME, with the XDG folders (and each runtime's own home folder) below it. */
  readonly home: string;
  /** TMPDIR (and any temp folder variable of the runtime's own) and XDG_RUNTIME_DIR (`xdg-runtime`). */
  readonly tmp: string;
  readonly project: string;
}

/**
 * Options of `runAgent`: the runtime, the scripted model, the prompt, and the project, plugins and CLI it
 * runs with; the options only one runtime reads are declared in its folder (`RuntimeRunOptions`).
 */
export interface RunAgentOptions extends RuntimeRunOptions {
  readonly runtime: RuntimeId;
  /** The scripted model (its requests made during the run are returned), or the URL of one. */
  readonly model: ScriptedModel | string;
  readonly prompt: string;
  /**
   * The project folder the CLI runs in. Default: a fresh `git init` folder inside the run's temp root.
   * A folder you pass is used as it is, and left in place.
   */
  readonly project?: string;
  /** Files to write into the project before the run: relative path -> content. */
  readonly files?: Readonly<Record<string, string>>;
  /** Folders whose contents are copied into the project before the run (an installed pack's layout). */
  readonly copyIntoProject?: readonly string[];
  /**
   * Folders copied into the run's HOME before the run, each to a path relative to it (a user-scope install:
   * `{ from: '/home/me/.<runtime>', to: '.<runtime>' }`). The runner's own files (a runtime's config file) are
   * then written over them.
   */
  readonly copyIntoHome?: readonly { readonly from: string; readonly to: string }[];
  /**
   * Use this folder as HOME (with its `.config`, `.local`, `.cache` and each runtime's own home folder)
   * instead of a fresh one: the home a user-scope install wrote into, run as installed. It is left in place.
   * A runtime whose config file the runner writes keeps that file as it is and gets the scripted model as
   * command-line overrides instead, so what was installed there loads (its setup in `_runtimes/` says how).
   */
  readonly home?: string;
  /** Path of the CLI. Default: the runtime's own (`CLI_NAMES`) found on `PATH`. */
  readonly cli?: string;
  /** Replaces the runtime's machine-output flags (`--json`, say). */
  readonly outputArgs?: readonly string[];
  /** More CLI arguments, after the defaults and before the prompt (`--max-turns 1`, `-s workspace-write`). */
  readonly args?: readonly string[];
  /**
   * Text written to the CLI's stdin, which is then closed; default none (stdin is /dev/null). For a CLI that
   * reads the user messages from stdin, put them here and pass `prompt: ''` where its setup takes an empty
   * prompt as no prompt argument.
   */
  readonly stdin?: string;
  /** More environment variables. The CLI gets no other variable of this process except `PATH` and `LANG`. */
  readonly env?: Readonly<Record<string, string>>;
  /** Retries of a failed model request, where the runtime has a setting for it; default 0, so a scripted error is one request. */
  readonly maxRetries?: number;
  /** Kill the CLI's process group after this long; default 120 000 ms. */
  readonly timeoutMs?: number;
  /** Keep the run's temp root (home, tmp, default project) for inspection; default `false`. */
  readonly keepTemp?: boolean;
}
