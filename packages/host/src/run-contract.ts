import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractContract, type RunEvent } from '@skillpack/adapters';
import { ConfigError, type Contract, describeValue, type Warning } from '@skillpack/core';
import type { AttemptRecord, ContractCandidate } from './attempt.js';
import { classifyProcess } from './classify.js';
import { cliVersion } from './cli-version.js';
import { HostError, type HostErrorCode } from './host-error.js';
import { firstPrompt } from './instructions.js';
import { type RunContractOptions, resolveOptions } from './options.js';
import type { HostRuntime } from './runtimes/host-runtime.js';
import { HOST_RUNTIMES } from './runtimes/index.js';
import { inRange } from './semver.js';
import { type SpawnedRun, spawnRun } from './spawn-run.js';

export type { RunContractOptions } from './options.js';

/** What `runContract` gave: the typed value and every attempt, or a typed error and every attempt. */
export type RunContractResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      /** The contract's warnings on the accepted answer. */
      readonly warnings: readonly Warning[];
      /** The session the answer came from (resume it for a follow-up). */
      readonly sessionId: string | undefined;
      readonly attempts: readonly AttemptRecord[];
    }
  | { readonly ok: false; readonly error: HostError; readonly attempts: readonly AttemptRecord[] };

/** A missing `cwd` would fail the spawn with ENOENT, which reads as a missing CLI: refuse it up front. */
function requireFolder(cwd: string): void {
  let folder = false;
  try {
    folder = statSync(cwd).isDirectory();
  } catch {
    folder = false;
  }
  if (!folder) {
    throw new ConfigError(
      'invalid_option',
      `Option cwd of runContract must be an existing folder; received ${describeValue(cwd)}.`,
      {
        details: { option: 'cwd' },
      },
    );
  }
}

interface Scratch {
  dir: string | undefined;
}

function writeScratch(scratch: Scratch, name: string, content: string): string {
  scratch.dir ??= mkdtempSync(join(tmpdir(), 'skillpack-host-'));
  const file = join(scratch.dir, name);
  writeFileSync(file, content);
  return file;
}

function nativeArgs(
  runtime: HostRuntime,
  contract: Contract<unknown>,
  wanted: boolean,
  scratch: Scratch,
): string[] {
  const native = runtime.nativeSchema;
  if (!wanted || !native || !contract.jsonFinalMessage) return [];
  const schema = contract.toJSONSchema({ io: 'input', variant: native.variant });
  if (native.accepts && !native.accepts(schema)) return [];
  return native.args(schema, (name, content) => writeScratch(scratch, name, content));
}

function guardEvents(onEvent: RunContractOptions<unknown>['onEvent'], attempt: number) {
  if (!onEvent) return undefined;
  return (event: RunEvent) => {
    try {
      onEvent(event, attempt);
    } catch {
      // A progress callback that throws must not change what the run reads.
    }
  };
}

function failure<T>(
  code: HostErrorCode,
  message: string,
  attempts: AttemptRecord[],
  extra: { candidate?: ContractCandidate; details?: Record<string, unknown>; cause?: unknown } = {},
): RunContractResult<T> {
  const last = attempts.at(-1);
  const details = {
    ...(last
      ? {
          attempt: last.index,
          finish: last.run.finish,
          runError: last.run.error,
          sessionId: last.sessionId,
          exitCode: last.exitCode,
          signal: last.signal,
        }
      : {}),
    ...extra.details,
  };
  return {
    ok: false,
    error: new HostError(code, message, {
      attempts,
      candidate: extra.candidate,
      details,
      cause: extra.cause,
    }),
    attempts,
  };
}

/**
 * Run a runtime's CLI headless on `prompt`, read `contract` from the run's final answer, and, while the
 * answer does not satisfy it, resume the same session with the contract's own correction, up to
 * `attempts`. Only a run that exited 0 and completed is read (the one-answer rule), and a resumed run only
 * when it reports the session it resumed (`session_mismatch` otherwise, a run that names no session
 * included); every other ending is a typed `HostError` carrying the attempts so far. Rejects only on a
 * caller mistake (`ConfigError`).
 */
export async function runContract<T>(options: RunContractOptions<T>): Promise<RunContractResult<T>> {
  const settings = resolveOptions(options as RunContractOptions<unknown>);
  const runtime = HOST_RUNTIMES[options.runtime];
  const contract = options.contract;
  const bin = options.bin ?? runtime.bin;
  const cwd = options.cwd ?? process.cwd();
  requireFolder(cwd);
  const env = { ...process.env, ...options.env };
  const attempts: AttemptRecord[] = [];
  const deadline = settings.timeoutMs === undefined ? undefined : Date.now() + settings.timeoutMs;
  if (options.signal?.aborted)
    return failure('aborted', 'The signal was aborted before the CLI started.', attempts);

  if (options.checkVersion !== false) {
    const probed = await cliVersion(options.runtime, runtime, bin, env, cwd);
    if (probed.kind === 'not_found') {
      return failure(
        'cli_not_found',
        `Could not start ${JSON.stringify(bin)} (${probed.error.code}); install the ${options.runtime} CLI or pass its path as \`bin\`.`,
        attempts,
        { details: { bin }, cause: probed.error },
      );
    }
    if (probed.version === undefined || !inRange(probed.version, runtime.versions)) {
      return failure(
        'unsupported_version',
        `${bin} --version gave ${JSON.stringify(probed.output.slice(0, 120))}; expected a ${options.runtime} CLI of at least ${runtime.versions.min} and below ${runtime.versions.below}, the versions its reader was proven on (checkVersion: false skips this check).`,
        attempts,
        { details: { bin, version: probed.version ?? null, range: runtime.versions } },
      );
    }
  }

  const scratch: Scratch = { dir: undefined };
  try {
    const native = nativeArgs(
      runtime,
      contract as Contract<unknown>,
      options.nativeSchema !== false,
      scratch,
    );
    let input = firstPrompt(options.prompt, contract, options.instructions !== false);
    let correction: string | undefined;
    let sessionId: string | undefined;
    for (let index = 1; ; index++) {
      const attempt = { prompt: input, native, extra: options.args ?? [] };
      const args = sessionId === undefined ? runtime.start(attempt) : runtime.resume(sessionId, attempt);
      const remaining = deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
      const startedAt = Date.now();
      const onEvent = guardEvents(options.onEvent as RunContractOptions<unknown>['onEvent'], index);
      const spawned: SpawnedRun = await spawnRun(bin, args, {
        runtime: options.runtime,
        cwd,
        env,
        timeoutMs: remaining,
        signal: options.signal,
        killGraceMs: settings.killGraceMs,
        stderrTailBytes: settings.stderrTailBytes,
        read: { ...options.read, ...(onEvent ? { onEvent } : {}) },
      });
      const verdict = classifyProcess(spawned, bin, runtime.exitCodes);
      const base = {
        index,
        runtime: options.runtime,
        contractId: contract.id,
        command: [bin, ...args] as [string, ...string[]],
        pid: spawned.pid,
        input,
        correction,
        sessionId: spawned.run.sessionId,
        run: spawned.run,
        usage: spawned.run.usage,
        costUsd: spawned.run.costUsd,
        exitCode: spawned.exitCode,
        signal: spawned.signal,
        stderrTail: spawned.stderrTail,
        timedOut: spawned.timedOut,
        aborted: spawned.aborted,
        nativeSchema: native.length > 0,
        startedAt,
        endedAt: Date.now(),
      };
      // An answer counts only from the session the host started or resumed: a resumed run that reports
      // another session (or none) is not read, and that session is never resumed. A run that ended but did
      // not complete says so first only when it is this session's.
      const ranToItsEnd = verdict.kind === 'complete' || verdict.code === 'run_incomplete';
      if (ranToItsEnd && sessionId !== undefined && spawned.run.sessionId !== sessionId) {
        attempts.push({ ...base, outcome: 'failed', contractError: undefined });
        const received = spawned.run.sessionId;
        return failure(
          'session_mismatch',
          `The ${options.runtime} run resumed session ${JSON.stringify(sessionId)} but reported ${received === undefined ? 'no session' : `session ${JSON.stringify(received)}`}; its answer is not read.`,
          attempts,
          { details: { expectedSessionId: sessionId, receivedSessionId: received ?? null } },
        );
      }
      if (verdict.kind === 'failed') {
        attempts.push({ ...base, outcome: 'failed', contractError: undefined });
        return failure(verdict.code, verdict.message, attempts, { cause: spawned.spawnError });
      }
      const judged = contract.judge(extractContract(spawned.run, contract));
      if (judged.satisfied) {
        attempts.push({ ...base, outcome: 'satisfied', contractError: undefined });
        return {
          ok: true,
          value: judged.value,
          warnings: judged.warnings,
          sessionId: base.sessionId,
          attempts,
        };
      }
      attempts.push({ ...base, outcome: 'unsatisfied', contractError: judged.error });
      const candidate: ContractCandidate = {
        ...('value' in judged && judged.value !== undefined ? { value: judged.value } : {}),
        error: judged.error,
        finalText: spawned.run.finalText,
      };
      if (index >= settings.attempts) {
        return failure(
          'attempts_exhausted',
          `No answer satisfied ${contract.id} in ${index} attempt${index === 1 ? '' : 's'}; the last failed with ${judged.error.code}: ${judged.error.message}`,
          attempts,
          { candidate, details: { contract: contract.id, contractError: judged.error.code } },
        );
      }
      sessionId = base.sessionId;
      if (sessionId === undefined) {
        return failure(
          'session_missing',
          `The ${options.runtime} run named no session, so the correction cannot be sent in it.`,
          attempts,
          { candidate },
        );
      }
      correction = contract.correct(judged.error);
      input = correction;
    }
  } finally {
    if (scratch.dir) rmSync(scratch.dir, { recursive: true, force: true });
  }
}
