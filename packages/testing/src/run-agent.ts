import type { AgentRun, RuntimeId } from '@skillpack/adapters';
import { spawnRun } from '@skillpack/host';
import { makeFolders, prepareCommand, removeRunFolders, resolveCli } from './_prepare-run.js';
import type { RuntimeRunOptions } from './_runtimes/registry.js';
import type { ModelRequest } from './model-request.js';
import type { ScriptedModel } from './scripted-model.js';

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

/** What one run of a real CLI gave. */
export interface AgentRunResult {
  readonly runtime: RuntimeId;
  /** The command as run: the CLI's path and its arguments. */
  readonly command: readonly [string, ...string[]];
  /** Raw stdout, byte for byte, as UTF-8. */
  readonly stdout: string;
  readonly stderr: string;
  /** `null` when the process ended by a signal (for example after the timeout). */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  /** stdout read by `readAgentRun` for this runtime. */
  readonly run: AgentRun;
  /**
   * The model requests made while the CLI ran (empty when `model` was a URL). Runs that share one scripted
   * model at the same time see each other's requests here; give concurrent runs a model each.
   */
  readonly requests: readonly ModelRequest[];
  /** The run's folders; removed after the run unless `keepTemp`, except a `project` you passed. */
  readonly folders: RunFolders;
}

/** stderr kept per run: all of it, up to 64 MiB (its end past that). */
const MAX_STDERR_BYTES = 64 * 1024 * 1024;

/**
 * Run a runtime's real CLI (any `RuntimeId`) headless against a scripted model, isolated in a temp root (its own
 * HOME, XDG folders, the runtime's own home folder, TMPDIR, stdin from /dev/null), and read what it printed.
 * Throws before starting anything when the CLI cannot be found.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunResult> {
  const cli = resolveCli(options);
  const folders = makeFolders(options);
  const keep = options.keepTemp ?? false;
  try {
    const model = typeof options.model === 'string' ? undefined : options.model;
    const { args, env } = await prepareCommand(cli, folders, options);
    const firstRequest = model?.requests.length ?? 0;
    // The one spawner of @skillpack/host: its own process group, killed whole on timeout (SIGTERM, then
    // SIGKILL) and when the CLI exits; stdout read as it arrives and kept byte for byte.
    const output = await spawnRun(cli, args, {
      runtime: options.runtime,
      cwd: folders.project,
      env,
      timeoutMs: options.timeoutMs ?? 120_000,
      signal: undefined,
      killGraceMs: 2_000,
      stderrTailBytes: MAX_STDERR_BYTES,
      read: {},
      keepStdout: true,
      ...(options.stdin === undefined ? {} : { input: options.stdin }),
    });
    if (output.spawnError) throw output.spawnError;
    const stdout = (output.stdout ?? Buffer.alloc(0)).toString('utf8');
    return {
      runtime: options.runtime,
      command: [cli, ...args],
      stdout,
      stderr: output.stderrTail,
      exitCode: output.exitCode,
      signal: output.signal,
      timedOut: output.timedOut,
      run: output.run,
      requests: model ? model.requests.slice(firstRequest) : [],
      folders,
    };
  } finally {
    if (!keep) removeRunFolders(folders.root);
  }
}
