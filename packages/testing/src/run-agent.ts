import type { AgentRun, RuntimeId } from '@skillpack/adapters';
import { spawnRun } from '@skillpack/host';
import { makeFolders, prepareCommand, removeRunFolders, resolveCli } from './_prepare-run.js';
import type { ModelRequest } from './model-request.js';
import type { RunAgentOptions, RunFolders } from './run-agent-options.js';

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
