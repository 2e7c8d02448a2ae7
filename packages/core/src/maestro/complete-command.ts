import type { RalphCompleteArgs } from './ralph-argv.js';
import type { ResultFields } from './result-schema.js';

/**
 * The `ralph complete` arguments for a result block (A_MARK_COMPLETE): STATUS, SUMMARY, EVIDENCE,
 * DECISIONS, CAVEATS (also `--concerns` for DONE_WITH_CONCERNS) and DEFERRED; ARTIFACTS and SIGNALS are not
 * passed. For BLOCKED the reason is SUMMARY, else CAVEATS (upstream does not say which; inferred).
 */
export function toRalphCompleteArgs(
  result: ResultFields,
  index: number,
  session?: string,
): RalphCompleteArgs {
  return {
    index,
    status: result.STATUS,
    ...(result.SUMMARY === null ? {} : { summary: result.SUMMARY }),
    evidence: result.EVIDENCE ?? [],
    decisions: result.DECISIONS,
    ...(result.CAVEATS === null ? {} : { caveats: result.CAVEATS }),
    ...(result.STATUS === 'DONE_WITH_CONCERNS' && result.CAVEATS !== null
      ? { concerns: result.CAVEATS }
      : {}),
    deferred: result.DEFERRED,
    ...(result.STATUS === 'BLOCKED' && (result.SUMMARY ?? result.CAVEATS) !== null
      ? { reason: (result.SUMMARY ?? result.CAVEATS) as string }
      : {}),
    ...(session === undefined ? {} : { session }),
  };
}

/** The argv after `maestro ralph complete` for `args`, in the order the skill writes them. */
export function toRalphCompleteArgv(args: RalphCompleteArgs, index: number | string = args.index): string[] {
  const argv = [String(index), '--status', args.status];
  const one = (flag: string, value: string | undefined) => {
    if (value !== undefined) argv.push(flag, value);
  };
  const many = (flag: string, values: readonly string[] | undefined) => {
    for (const value of values ?? []) argv.push(flag, value);
  };
  one('--summary', args.summary);
  many('--evidence', args.evidence);
  many('--decisions', args.decisions);
  one('--caveats', args.caveats);
  one('--concerns', args.concerns);
  many('--deferred', args.deferred);
  one('--reason', args.reason);
  one('--session', args.session);
  return argv;
}

/** Double-quote a value for a POSIX shell, escaping the four characters special inside double quotes. */
export function quoteShellArgument(value: string): string {
  let quoted = '"';
  for (const char of value)
    quoted += char === '\\' || char === '"' || char === '$' || char === '`' ? `\\${char}` : char;
  return `${quoted}"`;
}

/**
 * The shell command an orchestrator runs, e.g. `maestro ralph complete 0 --status DONE --summary "…"`.
 * `index` may be a placeholder such as `<active_step_index>`, written as given.
 */
export function renderRalphCompleteCommand(
  args: RalphCompleteArgs,
  index: number | string = args.index,
): string {
  const [first, , status, ...rest] = toRalphCompleteArgv(args, index);
  const words = [String(first), '--status', String(status)];
  for (let i = 0; i < rest.length; i += 2)
    words.push(rest[i] as string, quoteShellArgument(rest[i + 1] as string));
  return `maestro ralph complete ${words.join(' ')}`;
}
