import { describeValue } from '../errors.js';
import { fail, ok, type Result, unwrap } from '../result.js';
import type { MaestroErrorCode } from './error-codes.js';
import { RalphCommandError } from './ralph-command-error.js';
import { COMPLETION_STATUSES, type CompletionStatus } from './status-schema.js';

/** The options of `maestro ralph complete <index>` at v0.5.43, as a typed value. */
export interface RalphCompleteArgs {
  readonly index: number;
  readonly status: CompletionStatus;
  /** Repeatable; stored as `null` (none), a string (one) or an array (several). */
  readonly evidence?: readonly string[];
  /** Stored as `step.concerns` for DONE_WITH_CONCERNS. */
  readonly concerns?: string;
  /** Stored as `step.concerns` for BLOCKED. */
  readonly reason?: string;
  readonly summary?: string;
  readonly decisions?: readonly string[];
  readonly caveats?: string;
  readonly deferred?: readonly string[];
  /** The session id; the caller resolves and reads that session. */
  readonly session?: string;
}

interface OptionSpec {
  readonly flag: string;
  readonly valueName: string;
  readonly repeatable?: boolean;
}

const COMPLETE_OPTIONS: readonly OptionSpec[] = [
  { flag: '--status', valueName: 'status' },
  { flag: '--evidence', valueName: 'path', repeatable: true },
  { flag: '--concerns', valueName: 'text' },
  { flag: '--reason', valueName: 'text' },
  { flag: '--summary', valueName: 'text' },
  { flag: '--decisions', valueName: 'text', repeatable: true },
  { flag: '--caveats', valueName: 'text' },
  { flag: '--deferred', valueName: 'text', repeatable: true },
  { flag: '--session', valueName: 'id' },
];
const RETRY_OPTIONS: readonly OptionSpec[] = [{ flag: '--session', valueName: 'id' }];

type Command = 'complete' | 'retry';

function usageError(
  code: MaestroErrorCode,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
) {
  return new RalphCommandError(code, [`error: ${message}`], 1, details);
}

function digitsEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && (text[end] as string) >= '0' && (text[end] as string) <= '9') end++;
  return end;
}

/** Commander 14 reads a token matching `^-\d*\.?\d+(e[+-]?\d+)?$` (`-1`, `-2.5`) as an argument, not an option. */
function isNegativeNumber(token: string): boolean {
  if (token[0] !== '-') return false;
  let end = digitsEnd(token, 1);
  if (token[end] === '.') {
    const fraction = digitsEnd(token, end + 1);
    if (fraction === end + 1) return false;
    end = fraction;
  } else if (end === 1) {
    return false;
  }
  if (end === token.length) return true;
  if (token[end] !== 'e') return false;
  end++;
  if (token[end] === '+' || token[end] === '-') end++;
  const exponent = digitsEnd(token, end);
  return exponent > end && exponent === token.length;
}

interface ParsedArgv {
  readonly operands: string[];
  readonly values: Map<string, string[]>;
}

/** A commander-compatible reading of argv: option errors first, then required options, then arguments. */
function readArgv(
  command: Command,
  argv: unknown,
  specs: readonly OptionSpec[],
): Result<ParsedArgv, RalphCommandError> {
  if (!Array.isArray(argv) || !argv.every((token) => typeof token === 'string')) {
    return fail(
      usageError(
        'invalid_input',
        `expected the arguments as an array of strings; received ${describeValue(argv)}`,
      ),
    );
  }
  const operands: string[] = [];
  const values = new Map<string, string[]>();
  let unknown: string | undefined;
  let optionsEnded = false;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (optionsEnded || token === '-' || token[0] !== '-' || isNegativeNumber(token)) {
      operands.push(token);
      continue;
    }
    if (token === '--') {
      optionsEnded = true;
      continue;
    }
    const equals = token.startsWith('--') ? token.indexOf('=') : -1;
    const flag = equals === -1 ? token : token.slice(0, equals);
    const spec = specs.find((candidate) => candidate.flag === flag);
    if (spec === undefined) {
      unknown ??= flag;
      continue;
    }
    let value: string | undefined = equals === -1 ? undefined : token.slice(equals + 1);
    if (value === undefined) {
      value = argv[i + 1] as string | undefined;
      i++;
    }
    if (value === undefined) {
      return fail(
        usageError('option_argument_missing', `option '${spec.flag} <${spec.valueName}>' argument missing`, {
          option: spec.flag,
        }),
      );
    }
    const previous = values.get(spec.flag) ?? [];
    values.set(spec.flag, spec.repeatable ? [...previous, value] : [value]);
  }
  if (command === 'complete' && !values.has('--status')) {
    return fail(
      usageError('missing_option', `required option '--status <status>' not specified`, {
        option: '--status',
      }),
    );
  }
  if (unknown !== undefined)
    return fail(usageError('unknown_option', `unknown option '${unknown}'`, { option: unknown }));
  if (operands.length === 0) {
    return fail(usageError('missing_argument', `missing required argument 'index'`, { argument: 'index' }));
  }
  if (operands.length > 1) {
    return fail(
      usageError(
        'too_many_arguments',
        `too many arguments for '${command}'. Expected 1 argument but got ${operands.length}.`,
        { operands },
      ),
    );
  }
  return ok({ operands, values });
}

/** Upstream parses `<index>` with `Number.parseInt(arg, 10)`, so `"1.5"` reads as 1 and `"x"` is refused. */
function readIndex(command: Command, raw: string): Result<number, RalphCommandError> {
  const index = Number.parseInt(raw, 10);
  if (!Number.isFinite(index) || index < 0) {
    return fail(
      new RalphCommandError(
        'invalid_index',
        [`[ralph ${command}] <index> must be a non-negative integer (got "${raw}")`],
        2,
        { fieldPath: 'index', value: raw },
      ),
    );
  }
  return ok(index === 0 ? 0 : index);
}

/** `--status` is upper-cased, then must be one of the four completion statuses (exit 2 otherwise). */
export function readCompletionStatus(raw: string): Result<CompletionStatus, RalphCommandError> {
  const status = raw.toUpperCase();
  if ((COMPLETION_STATUSES as readonly string[]).includes(status)) return ok(status as CompletionStatus);
  return fail(
    new RalphCommandError(
      'invalid_status',
      [`[ralph complete] --status must be one of: ${COMPLETION_STATUSES.join(', ')} (got "${raw}")`],
      2,
      { fieldPath: 'status', value: raw, expected: COMPLETION_STATUSES },
    ),
  );
}

/** Parse the arguments after `maestro ralph complete` exactly as the v0.5.43 CLI does. */
export function safeParseRalphCompleteArgv(argv: unknown): Result<RalphCompleteArgs, RalphCommandError> {
  const parsed = readArgv('complete', argv, COMPLETE_OPTIONS);
  if (!parsed.success) return parsed;
  const { operands, values } = parsed.data;
  const one = (flag: string) => values.get(flag)?.[0];
  const status = readCompletionStatus(one('--status') as string);
  if (!status.success) return status;
  const index = readIndex('complete', operands[0] as string);
  if (!index.success) return index;
  const args: RalphCompleteArgs = {
    index: index.data,
    status: status.data,
    evidence: values.get('--evidence') ?? [],
    concerns: one('--concerns'),
    reason: one('--reason'),
    summary: one('--summary'),
    decisions: values.get('--decisions') ?? [],
    caveats: one('--caveats'),
    deferred: values.get('--deferred') ?? [],
    session: one('--session'),
  };
  return ok(args);
}

/** `maestro ralph retry <index>`: sugar for `complete <index> --status NEEDS_RETRY` with no evidence. */
export function safeParseRalphRetryArgv(argv: unknown): Result<RalphCompleteArgs, RalphCommandError> {
  const parsed = readArgv('retry', argv, RETRY_OPTIONS);
  if (!parsed.success) return parsed;
  const index = readIndex('retry', parsed.data.operands[0] as string);
  if (!index.success) return index;
  return ok({
    index: index.data,
    status: 'NEEDS_RETRY',
    evidence: [],
    session: parsed.data.values.get('--session')?.[0],
  });
}

/** The throwing twin of `safeParseRalphCompleteArgv`. */
export function parseRalphCompleteArgv(argv: unknown): RalphCompleteArgs {
  return unwrap(safeParseRalphCompleteArgv(argv));
}

/** The throwing twin of `safeParseRalphRetryArgv`. */
export function parseRalphRetryArgv(argv: unknown): RalphCompleteArgs {
  return unwrap(safeParseRalphRetryArgv(argv));
}
