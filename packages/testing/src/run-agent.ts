import type { AgentRun, RuntimeId } from '@skillpack/adapters';
import type { CodexHookListing } from '@skillpack/adapters/codex';
import { spawnRun } from '@skillpack/host';
import { makeFolders, prepareCommand, removeRunFolders, resolveCli } from './_prepare-run.js';
import type { ModelRequest } from './model-request.js';
import type { ScriptedModel } from './scripted-model.js';

/** Where a run lives: its temp root holds the home, the temp folder and (unless you pass one) the project. */
export interface RunFolders {
  readonly root: string;
  /** HOME, with the XDG folders and CODEX_HOME (`.codex`) below it. */
  readonly home: string;
  /** TMPDIR, CLAUDE_CODE_TMPDIR and XDG_RUNTIME_DIR (`xdg-runtime`). */
  readonly tmp: string;
  readonly project: string;
}

/**
 * Options of `runAgent`: the runtime, the scripted model, the prompt, and the project, plugins and CLI it
 * runs with.
 */
export interface RunAgentOptions {
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
   * `{ from: '/home/me/.claude', to: '.claude' }`). The runner's own files (Codex's config.toml) are then
   * written over them.
   */
  readonly copyIntoHome?: readonly { readonly from: string; readonly to: string }[];
  /**
   * Use this folder as HOME (with its `.config`, `.local`, `.cache` and, for Codex, `.codex` as CODEX_HOME)
   * instead of a fresh one: the home a user-scope install wrote into, run as installed. It is left in place.
   * For Codex, `$CODEX_HOME/config.toml` is not rewritten: the scripted model comes as `-c` overrides, and the
   * `plugins` feature keeps the config's value (installed plugins load), the other network features stay off.
   */
  readonly home?: string;
  /** Claude Code plugin folders (or .zip files) loaded for this run with `--plugin-dir`. */
  readonly pluginDirs?: readonly string[];
  /** Path of the CLI. Default: `claude`, `codex`, `opencode` or `qwen` found on `PATH`. */
  readonly cli?: string;
  /** Replaces the machine-output flags (`--output-format stream-json --verbose`, `--json`, `--format json`). */
  readonly outputArgs?: readonly string[];
  /** More CLI arguments, after the defaults and before the prompt (`--max-turns 1`, `-s workspace-write`). */
  readonly args?: readonly string[];
  /**
   * Text written to the CLI's stdin, which is then closed; default none (stdin is /dev/null). For Claude Code's
   * `--input-format stream-json`, put the user messages here and pass `prompt: ''` (no prompt argument).
   */
  readonly stdin?: string;
  /** More environment variables. The CLI gets no other variable of this process except `PATH` and `LANG`. */
  readonly env?: Readonly<Record<string, string>>;
  /** Retries of a failed model request; default 0, so a scripted error is one request (Claude Code, Codex). */
  readonly maxRetries?: number;
  /**
   * Codex only: trust the project and every hook it has (or those a function accepts) through Codex's own
   * app-server before the run (Codex skips untrusted hooks silently). For tests; off by default.
   */
  readonly trustCodexHooks?: boolean | ((hook: CodexHookListing) => boolean);
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
 * Run a real Claude Code, Codex, OpenCode or Qwen Code CLI headless against a scripted model, isolated in a temp root
 * (its own HOME, XDG folders, CODEX_HOME, TMPDIR, stdin from /dev/null), and read what it printed.
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
