// Process running and pass/fail bookkeeping for scripts/test-pack.mjs.
import { spawn } from 'node:child_process';
import { relative, sep } from 'node:path';

/** Output kept per stream; a runaway child cannot exhaust memory. */
const MAX_OUTPUT_CHARS = 32 * 1024 * 1024;

/** Process groups still running, so an interrupted run can end them. */
const running = new Set();

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** End every child process group this run started and that is still running. */
export function killRunning() {
  for (const pid of running) killGroup(pid);
  running.clear();
}

/**
 * Run a program without a shell, in its own process group, and kill the whole group after `timeoutMs`
 * (npm and npx start grandchildren that a plain kill would orphan). Resolves with the exit status; never
 * rejects for a non-zero exit.
 */
export function run(command, args, { cwd, env, input, timeoutMs = 60_000 } = {}) {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const append = (current, chunk) =>
      current.length >= MAX_OUTPUT_CHARS ? current : current + chunk.toString('utf8');
    child.stdout.on('data', (chunk) => {
      stdout = append(stdout, chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr = append(stderr, chunk);
    });
    if (child.pid !== undefined) running.add(child.pid);
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(child.pid);
      resolvePromise({
        status: null,
        stdout,
        stderr: `${stderr}${error.message}`,
        timedOut,
        ms: Date.now() - started,
      });
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      running.delete(child.pid);
      resolvePromise({ status, stdout, stderr, timedOut, ms: Date.now() - started });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

/** The result of `run` as an Error message: command, status, and the tail of both streams. */
export function describeRun(label, result) {
  const tail = (text) => text.trim().split('\n').slice(-15).join('\n');
  const status = result.timedOut ? 'timed out' : `exited ${result.status}`;
  return [`${label} ${status} after ${result.ms} ms`, tail(result.stdout), tail(result.stderr)]
    .filter(Boolean)
    .join('\n');
}

/** Run and throw unless the exit status is one of `expect` (default 0). */
export async function runOk(label, command, args, options = {}) {
  const result = await run(command, args, options);
  const expected = options.expectStatus ?? [0];
  if (result.timedOut || !expected.includes(result.status)) throw new Error(describeRun(label, result));
  return result;
}

/** Parse the one JSON document a command printed, or throw with what it printed instead. */
export function parseJsonOutput(label, text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${label} did not print one JSON document; printed: ${text.slice(0, 500)}`);
  }
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** True when `path` is `dir` or inside it (both absolute, already real paths). */
export function isInside(dir, path) {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

/** Named checks run in order; a check whose prerequisite failed is recorded as failed, not skipped. */
export function createReport() {
  const results = [];
  return {
    results,
    async check(name, fn, { needs = [] } = {}) {
      const missing = needs.filter((need) => !results.some((result) => result.name === need && result.ok));
      if (missing.length > 0) {
        results.push({ name, ok: false, detail: `not run: needs ${missing.join(', ')}` });
        console.log(`FAIL ${name}\n     not run: needs ${missing.join(', ')}`);
        return undefined;
      }
      const started = Date.now();
      try {
        const value = await fn();
        const detail = typeof value === 'string' ? value : '';
        results.push({ name, ok: true, detail });
        console.log(
          `ok   ${name} (${Date.now() - started} ms)${detail ? `\n     ${detail.replaceAll('\n', '\n     ')}` : ''}`,
        );
        return value;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({ name, ok: false, detail: message });
        console.log(`FAIL ${name} (${Date.now() - started} ms)\n     ${message.replaceAll('\n', '\n     ')}`);
        return undefined;
      }
    },
    summary() {
      const passed = results.filter((result) => result.ok).length;
      return { passed, failed: results.length - passed };
    },
  };
}
