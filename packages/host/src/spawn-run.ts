import { spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { type AgentRun, type ReadAgentRunOptions, type RuntimeId, readAgentRun } from '@skillpack/adapters';
import { ByteTail } from './byte-tail.js';
import { awaitGroupGone, killGroup } from './process-group.js';

/** How one CLI process is run: where, with what, and when to stop it. */
export interface SpawnRunOptions {
  readonly runtime: RuntimeId;
  /** The folder the CLI runs in; the child's `PWD` is always this folder, resolved. */
  readonly cwd: string;
  /** The CLI's whole environment (`PWD` excepted: it is set to `cwd`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  /** Between SIGTERM and SIGKILL. */
  readonly killGraceMs: number;
  readonly stderrTailBytes: number;
  readonly read: ReadAgentRunOptions;
  /** Text written to stdin, which is then closed; without it stdin is /dev/null. */
  readonly input?: string;
  /** Keep stdout's raw bytes in `stdout` as well as reading them (for tests and recorders); default `false`. */
  readonly keepStdout?: boolean;
  /** Called once the process started, with its pid (the group id). */
  readonly onSpawn?: (pid: number | undefined) => void;
}

/** What one process gave: its run (read as stdout arrived), how it ended, and why the runner stopped it. */
export interface SpawnedRun {
  readonly pid: number | undefined;
  readonly run: AgentRun;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderrTail: string;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** stdout byte for byte, only with `keepStdout`. */
  readonly stdout: Buffer | undefined;
  /** The error that kept the process from starting (ENOENT, EACCES). */
  readonly spawnError: NodeJS.ErrnoException | undefined;
  /** False when a process of the group was still there (dying, or an unreaped zombie) after the wait. */
  readonly groupGone: boolean;
}

/** How long a run waits, after its CLI ended, for the rest of its process group to be gone. */
const GROUP_WAIT_MS = 10_000;

/** The stream's chunks as they arrive, each also kept in `kept`. */
async function* keeping(stream: AsyncIterable<Buffer>, kept: Buffer[]): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    kept.push(chunk);
    yield chunk;
  }
}

/**
 * Run `file` in its own process group with stdin closed, feeding stdout to the adapters' reader as it
 * arrives and keeping the last `stderrTailBytes` of stderr. `timeoutMs` and `signal` stop the whole group
 * (SIGTERM, then SIGKILL after `killGraceMs`); when the CLI exits, whatever it left in its group is killed,
 * so no helper outlives the run. Never rejects: every way it ends is in the result.
 */
export function spawnRun(
  file: string,
  args: readonly string[],
  options: SpawnRunOptions,
): Promise<SpawnedRun> {
  return new Promise((resolve) => {
    const stderr = new ByteTail(options.stderrTailBytes);
    let timedOut = false;
    let aborted = false;
    let spawnError: NodeJS.ErrnoException | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let exited = false;
    // PWD always names the folder the CLI runs in: a CLI may take its project (where its tools run, which
    // configuration it reads) from PWD (runtimes/<id>/runtime.ts says which), and an inherited PWD names
    // the host's own folder.
    const cwd = resolvePath(options.cwd);
    const child = spawn(file, args, {
      cwd,
      env: { ...options.env, PWD: cwd },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    const stop = () => {
      killGroup(pid, 'SIGTERM');
      graceTimer ??= setTimeout(() => killGroup(pid, 'SIGKILL'), options.killGraceMs);
    };
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            if (aborted || exited) return;
            timedOut = true;
            stop();
          }, options.timeoutMs);
    const onAbort = () => {
      if (timedOut || exited) return;
      aborted = true;
      stop();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (pid !== undefined) options.onSpawn?.(pid);
    const kept: Buffer[] | undefined = options.keepStdout ? [] : undefined;
    const source = child.stdout && kept ? keeping(child.stdout, kept) : child.stdout;
    const reading = source ? readAgentRun(source, { ...options.read, runtime: options.runtime }) : undefined;
    if (options.input !== undefined) {
      child.stdin?.on('error', () => {
        // The CLI closed stdin early; what it read is what it got.
      });
      child.stdin?.end(options.input);
    }
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
      // A process that never started emits no 'close' on every Node version.
      if (pid === undefined) void finish(null, null);
    });
    child.once('exit', () => {
      exited = true;
      // The CLI is done; whatever it left running in its group (a backgrounded shell) ends with it, and
      // stdout then closes even if a helper held it open.
      killGroup(pid, 'SIGKILL');
    });
    let finished = false;
    const finish = async (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if (!exited) killGroup(pid, 'SIGKILL');
      const empty = () => readAgentRun('', { runtime: options.runtime });
      const run = await (reading ?? empty()).catch(empty);
      const groupGone = await awaitGroupGone(pid, GROUP_WAIT_MS);
      resolve({
        pid,
        run,
        exitCode,
        signal,
        stderrTail: stderr.text(),
        stdout: kept ? Buffer.concat(kept) : undefined,
        timedOut,
        aborted,
        spawnError,
        groupGone,
      });
    };
    child.once('close', (exitCode, signal) => void finish(exitCode, signal));
  });
}
