import { spawn } from 'node:child_process';

export interface SpawnedOutput {
  readonly stdout: Buffer;
  readonly stderr: Buffer;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
}

export interface SpawnBoundedOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Text written to stdin, then closed; without it stdin is /dev/null. */
  readonly input?: string;
}

const KILL_GRACE_MS = 2_000;

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has already exited.
  }
}

/**
 * Run a program in its own process group and collect its output. On timeout the whole group gets SIGTERM,
 * then SIGKILL after a grace period, so helpers the CLI started (shells, MCP servers) end with it.
 */
export function spawnBounded(
  file: string,
  args: readonly string[],
  options: SpawnBoundedOptions,
): Promise<SpawnedOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    let killer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGTERM');
      killer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    }, options.timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    if (options.input !== undefined) child.stdin?.end(options.input);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (exitCode, signal) => {
      clearTimeout(timer);
      if (killer) clearTimeout(killer);
      // Whatever the CLI left running in its group (a backgrounded shell) ends with the run.
      killGroup(child.pid, 'SIGKILL');
      resolve({ stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), exitCode, signal, timedOut });
    });
  });
}
