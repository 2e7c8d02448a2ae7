// Codex SDK 0.163.0 (run with @openai/codex 0.169.0): the host loop of a contract on the SDK's own `Thread`,
// with no import of it. Facts (reference/sdk-hosts.md §2): no hook or callback option exists, so a wrong
// answer is corrected by a second `runStreamed` on the same thread (`resume <thread_id>`); the events are
// `codex exec --experimental-json` lines parsed, read here by the same engine as `codex exec --json`; after
// `turn.failed` the iterator throws; `outputSchema` is sent as a strict `text.format` (the CLI does not
// validate the answer against it) and must be a plain object.
import { extractContract, type ReadAgentRunOptions, readAgentRun } from '@skillpack/adapters';
import { ConfigError, type Contract, describeValue } from '@skillpack/core';
import type { AttemptRecord } from '../../attempt.js';
import { HostError, type HostErrorCode } from '../../host-error.js';
import { firstPrompt } from '../../instructions.js';
import type { RunContractResult } from '../../run-contract.js';
import { isAbort, sdkFailure } from '../../sdk-run.js';
import { codexHost } from './runtime.js';

const SDK_COMMAND = ['@openai/codex-sdk', 'runStreamed'] as const;

/** A Codex SDK `Thread`, as far as the host loop uses it. */
export interface CodexThreadLike {
  readonly id: string | null;
  runStreamed(
    input: string,
    turnOptions?: { outputSchema?: unknown; signal?: AbortSignal },
  ): Promise<{ readonly events: AsyncIterable<object> }>;
}

/** Options of `runCodexThread`. */
export interface RunCodexThreadOptions<T> {
  readonly contract: Contract<T>;
  readonly prompt: string;
  /** The first answer plus corrections, in all; default 3. */
  readonly attempts?: number;
  /**
   * Send the contract's OpenAI-strict JSON Schema as `outputSchema` (default `true`), for a contract whose
   * answer is one JSON object (a union at the root runs without it: OpenAI strict mode refuses it).
   */
  readonly nativeSchema?: boolean;
  /** Add the contract's instructions to the prompt (default `true`), as `runContract` does. */
  readonly instructions?: boolean;
  /** Each event as it arrives, with its attempt (1-based); an exception it throws is ignored. */
  readonly onEvent?: (event: object, attempt: number) => void;
  /** Aborts the turn under way (`TurnOptions.signal`); the call then returns `aborted`. */
  readonly signal?: AbortSignal;
  /** Reader options (`keepMessages`, `keepTools`, …). */
  readonly read?: Omit<ReadAgentRunOptions, 'runtime'>;
}

/** The contract's `outputSchema` (OpenAI-strict, without `$schema`), when the contract and strict mode allow one. */
export function codexOutputSchema(contract: Contract<unknown>): Record<string, unknown> | undefined {
  const native = codexHost.nativeSchema;
  if (!native || !contract.jsonFinalMessage) return undefined;
  const { $schema: _dialect, ...schema } = contract.toJSONSchema({ io: 'input', variant: native.variant });
  return native.accepts && !native.accepts(schema) ? undefined : schema;
}

function attemptCount(value: unknown): number {
  if (value === undefined) return 3;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  throw new ConfigError(
    'invalid_option',
    `Option attempts of runCodexThread must be an integer of at least 1; received ${describeValue(value)}.`,
    { details: { option: 'attempts' } },
  );
}

/**
 * Run `prompt` on a Codex SDK thread and read `contract` from the final answer; while the answer does not
 * satisfy it, send the contract's correction on the same thread (up to `attempts` turns in all). Each turn's
 * events are read by the same engine as `codex exec --json` and kept across a throw; the result is the
 * `RunContractResult` `runContract` returns. Rejects only on a caller mistake (`ConfigError`).
 */
export async function runCodexThread<T>(
  thread: CodexThreadLike,
  options: RunCodexThreadOptions<T>,
): Promise<RunContractResult<T>> {
  const { contract, signal } = options;
  const most = attemptCount(options.attempts);
  const schema =
    options.nativeSchema === false ? undefined : codexOutputSchema(contract as Contract<unknown>);
  const attempts: AttemptRecord[] = [];
  let input = firstPrompt(options.prompt, contract, options.instructions !== false);
  let correction: string | undefined;
  let sessionId: string | undefined;
  const fail = (code: HostErrorCode, message: string, extra: { cause?: unknown } = {}) => {
    const last = attempts.at(-1);
    const details = { attempt: last?.index, finish: last?.run.finish, runError: last?.run.error };
    return {
      ok: false as const,
      error: new HostError(code, message, { attempts, details, ...extra }),
      attempts,
    };
  };
  for (let index = 1; ; index++) {
    const startedAt = Date.now();
    let thrown: unknown;
    const turnOptions = { ...(schema ? { outputSchema: schema } : {}), ...(signal ? { signal } : {}) };
    async function* events(): AsyncIterable<{ type: string }> {
      try {
        const turn = await thread.runStreamed(input, turnOptions);
        for await (const event of turn.events) {
          try {
            options.onEvent?.(event, index);
          } catch {
            // A progress callback that throws must not change what the run reads.
          }
          yield event as { type: string };
        }
      } catch (error) {
        thrown = error;
      }
    }
    const run = await readAgentRun(events(), { ...options.read, runtime: 'codex' });
    const aborted = thrown !== undefined && isAbort(thrown, signal);
    const base = {
      index,
      runtime: 'codex' as const,
      contractId: contract.id,
      command: SDK_COMMAND,
      pid: undefined,
      input,
      correction,
      sessionId: run.sessionId,
      run,
      usage: run.usage,
      costUsd: run.costUsd,
      exitCode: null,
      signal: null,
      stderrTail: thrown === undefined ? '' : String((thrown as Error)?.message ?? thrown).slice(-16_384),
      timedOut: false,
      aborted,
      nativeSchema: schema !== undefined,
      startedAt,
      endedAt: Date.now(),
    };
    const failure = sdkFailure({
      runtime: 'codex',
      command: SDK_COMMAND,
      run,
      thrown,
      aborted,
      nativeSchema: schema !== undefined,
      startedAt,
    });
    if (failure) {
      attempts.push({ ...base, outcome: 'failed', contractError: undefined });
      return fail(failure.code, failure.message, thrown === undefined ? {} : { cause: thrown });
    }
    if (sessionId !== undefined && run.sessionId !== sessionId) {
      attempts.push({ ...base, outcome: 'failed', contractError: undefined });
      return fail(
        'session_mismatch',
        `The correction ran in ${run.sessionId === undefined ? 'no thread' : `thread ${JSON.stringify(run.sessionId)}`}, not thread ${JSON.stringify(sessionId)}; its answer is not read.`,
      );
    }
    const judged = contract.judge(extractContract(run, contract));
    if (judged.satisfied) {
      attempts.push({ ...base, outcome: 'satisfied', contractError: undefined });
      return { ok: true, value: judged.value, warnings: judged.warnings, sessionId: run.sessionId, attempts };
    }
    attempts.push({ ...base, outcome: 'unsatisfied', contractError: judged.error });
    if (index >= most) {
      const candidate = {
        ...('value' in judged && judged.value !== undefined ? { value: judged.value } : {}),
        error: judged.error,
        finalText: run.finalText,
      };
      const last = attempts.at(-1);
      return {
        ok: false,
        error: new HostError(
          'attempts_exhausted',
          `No answer satisfied ${contract.id} in ${index} attempt${index === 1 ? '' : 's'}; the last failed with ${judged.error.code}: ${judged.error.message}`,
          { attempts, candidate, details: { attempt: last?.index, contract: contract.id } },
        ),
        attempts,
      };
    }
    sessionId = run.sessionId ?? thread.id ?? undefined;
    correction = contract.correct(judged.error);
    input = correction;
  }
}
