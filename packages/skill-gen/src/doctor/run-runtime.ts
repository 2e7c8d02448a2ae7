import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** What a runtime CLI printed; `missing` when it is not installed where doctor looked. */
export type RuntimeOutput =
  | { readonly kind: 'ran'; readonly status: number | null; readonly stdout: string; readonly stderr: string }
  | { readonly kind: 'missing'; readonly message: string };

export interface RunRuntimeOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Folder holding the CLIs; default: found on PATH. */
  readonly binDir?: string | undefined;
  /** Written to stdin, which is then closed. */
  readonly input?: string;
  /** Stop the CLI once its stdout satisfies this (for commands that would go on to call a model). */
  readonly until?: (stdout: string) => boolean;
  readonly timeoutMs?: number;
}

const MAX_OUTPUT = 16 * 1024 * 1024;

/** Run a runtime CLI offline with bounded time and output; never throws. */
export function runRuntime(name: string, args: readonly string[], options: RunRuntimeOptions) {
  return new Promise<RuntimeOutput>((resolve) => {
    const file = options.binDir ? join(options.binDir, name) : name;
    const child = spawn(file, [...args], {
      cwd: options.cwd,
      // OpenCode takes its project from PWD rather than the working directory.
      env: { ...options.env, PWD: options.cwd },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (output: RuntimeOutput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(output);
    };
    const timeoutMs = options.timeoutMs ?? 120_000;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        error.code === 'ENOENT'
          ? { kind: 'missing', message: `${file} was not found` }
          : { kind: 'ran', status: null, stdout, stderr: `${stderr}${error.message}` },
      );
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk.toString('utf8');
      if (options.until?.(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk.toString('utf8');
    });
    child.on('close', (status) => {
      const note = timedOut
        ? `${stderr === '' ? '' : '\n'}no answer within ${timeoutMs / 1000} s: stopped`
        : '';
      finish({ kind: 'ran', status, stdout, stderr: `${stderr}${note}` });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
