import { isRuntimeId, type ReadAgentRunOptions, type RunEvent, type RuntimeId } from '@skillpack/adapters';
import { ConfigError, type Contract, describeValue, isContract } from '@skillpack/core';

/** Options of `runContract`: which CLI, which contract, what to ask, and how the processes are run. */
export interface RunContractOptions<T> {
  /** The runtime whose CLI is run: a `RuntimeId` with a declaration in `HOST_RUNTIMES`. */
  readonly runtime: RuntimeId;
  /** Any `defineContract` contract, built-in or your own; the result's value is typed by it. */
  readonly contract: Contract<T>;
  readonly prompt: string;
  /** The folder the CLI runs in; default `process.cwd()`. */
  readonly cwd?: string;
  /** The first answer plus corrections, at least 1; default 3. */
  readonly attempts?: number;
  /** Aborting kills the running CLI's process group; the result is an `aborted` error. */
  readonly signal?: AbortSignal;
  /** For the whole call, every attempt included; past it the process group is killed (`timeout`). */
  readonly timeoutMs?: number;
  /** Path or name of the CLI; default the runtime's own (`HOST_RUNTIMES[runtime].bin`) on PATH. */
  readonly bin?: string;
  /** Variables set over `process.env` for the CLI (`undefined` removes one). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** More CLI arguments, after the headless ones, on every attempt (first run and resumes). */
  readonly args?: readonly string[];
  /** Each run event as it is read, with the 1-based attempt it belongs to (for progress UIs). */
  readonly onEvent?: (event: RunEvent, attempt: number) => void;
  /**
   * Pass the runtime's structured-output option (`HOST_RUNTIMES[runtime].nativeSchema`) for a contract whose
   * answer is one JSON final message; default `true`. Ignored where there is none.
   */
  readonly nativeSchema?: boolean;
  /** Add the contract's instructions (description, rules, an example) to the prompt; default `true`. */
  readonly instructions?: boolean;
  /** Refuse a CLI whose `--version` is outside the range the adapters were proven on; default `true`. */
  readonly checkVersion?: boolean;
  /** Between SIGTERM and SIGKILL when a run is stopped; default 2000 ms. */
  readonly killGraceMs?: number;
  /** stderr kept per attempt, its last bytes; default 16 KiB. */
  readonly stderrTailBytes?: number;
  /** How each run is read and what it keeps (`readAgentRun` options; bound them for very long runs). */
  readonly read?: Omit<ReadAgentRunOptions, 'runtime' | 'onEvent'>;
}

export interface ResolvedOptions {
  readonly attempts: number;
  readonly timeoutMs: number | undefined;
  readonly killGraceMs: number;
  readonly stderrTailBytes: number;
}

function invalid(option: string, expected: string, value: unknown): ConfigError {
  return new ConfigError(
    'invalid_option',
    `Option ${option} of runContract must be ${expected}; received ${describeValue(value)}.`,
    { details: { option } },
  );
}

function count(option: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value;
  throw invalid(option, `an integer of at least ${min}`, value);
}

/** Check what a caller passed; a mistake throws a `ConfigError` before anything runs. */
export function resolveOptions(options: RunContractOptions<unknown>): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'an object', options);
  if (!isRuntimeId(options.runtime)) throw invalid('runtime', 'a RuntimeId', options.runtime);
  if (!isContract(options.contract))
    throw invalid('contract', 'a contract made by defineContract', options.contract);
  if (typeof options.prompt !== 'string' || options.prompt.trim() === '') {
    throw invalid('prompt', 'a non-empty string', options.prompt);
  }
  for (const name of ['cwd', 'bin'] as const) {
    const value = options[name];
    if (value !== undefined && (typeof value !== 'string' || value === ''))
      throw invalid(name, 'a non-empty string', value);
  }
  if (
    options.args !== undefined &&
    (!Array.isArray(options.args) || !options.args.every((arg) => typeof arg === 'string'))
  ) {
    throw invalid('args', 'an array of strings', options.args);
  }
  if (options.onEvent !== undefined && typeof options.onEvent !== 'function') {
    throw invalid('onEvent', 'a function', options.onEvent);
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw invalid('signal', 'an AbortSignal', options.signal);
  }
  const timeoutMs = options.timeoutMs === undefined ? undefined : count('timeoutMs', options.timeoutMs, 0, 1);
  return {
    attempts: count('attempts', options.attempts, 3, 1),
    timeoutMs,
    killGraceMs: count('killGraceMs', options.killGraceMs, 2_000, 0),
    stderrTailBytes: count('stderrTailBytes', options.stderrTailBytes, 16 * 1024, 0),
  };
}
