import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { toSchemaIssues } from '../issues.js';
import { fail, ok, type Result } from '../result.js';
import {
  type RalphCompleteArgs,
  readCompletionStatus,
  safeParseRalphCompleteArgv,
  safeParseRalphRetryArgv,
} from './ralph-argv.js';
import { RalphCommandError } from './ralph-command-error.js';
import { type RalphSession, RalphSessionSchema, type RalphStep } from './status-schema.js';

/** The time a transition happens at, passed in so the transition stays pure. */
export interface RalphClock {
  readonly now: Date | string;
}

/** What completing a ralph step produces: the session to write back, the step, and the line to print. */
export interface RalphCompleteOutcome {
  /** The session to write back (atomically: `status.json.tmp`, then rename). */
  readonly session: RalphSession;
  readonly step: RalphStep;
  readonly exitCode: 0;
  /** The line the CLI prints to stderr on success. */
  readonly message: string;
}

const NO_SESSION = '[ralph complete] no maestro-* / ralph-* session found in .workflow/.maestro/';

function isoTime(clock: RalphClock): string {
  const { now } = clock;
  if (typeof now === 'string') return now;
  if (now instanceof Date && !Number.isNaN(now.getTime())) return now.toISOString();
  throw new ConfigError(
    'invalid_clock',
    'The clock passed to the ralph transition is not a valid Date or string.',
  );
}

const RalphCompleteArgsInputSchema = z.object({
  index: z.number(),
  status: z.string(),
  evidence: z.array(z.string()).optional(),
  concerns: z.string().optional(),
  reason: z.string().optional(),
  summary: z.string().optional(),
  decisions: z.array(z.string()).optional(),
  caveats: z.string().optional(),
  deferred: z.array(z.string()).optional(),
  session: z.string().optional(),
});

/** Check typed arguments the way the CLI checks argv: the status is upper-cased, the index non-negative. */
function normalizeArgs(args: unknown): Result<RalphCompleteArgs, RalphCommandError> {
  const input = RalphCompleteArgsInputSchema.safeParse(args);
  if (!input.success) {
    const first = toSchemaIssues(input.error, args)[0];
    return fail(
      new RalphCommandError(
        'invalid_arguments',
        [`[ralph complete] invalid arguments: ${first?.path}: ${first?.message}`],
        2,
        {
          fieldPath: first?.path,
        },
      ),
    );
  }
  const status = readCompletionStatus(input.data.status);
  if (!status.success) return status;
  const { index } = input.data;
  if (!Number.isInteger(index) || index < 0) {
    return fail(
      new RalphCommandError(
        'invalid_index',
        [`[ralph complete] <index> must be a non-negative integer (got "${index}")`],
        2,
        {
          fieldPath: 'index',
          value: index,
        },
      ),
    );
  }
  return ok({ ...input.data, status: status.data });
}

function evidenceValue(evidence: readonly string[] | undefined): string | string[] | null {
  if (evidence === undefined || evidence.length === 0) return null;
  return evidence.length === 1 ? (evidence[0] as string) : [...evidence];
}

function listOrNull(items: readonly string[] | undefined): string[] | null {
  return items !== undefined && items.length > 0 ? [...items] : null;
}

/** The step after `ralph complete`, per status, exactly as `applyStatus` in `src/ralph/cmd-complete.ts`. */
function completedStep(step: RalphStep, args: RalphCompleteArgs, now: string): RalphStep {
  const evidence = evidenceValue(args.evidence);
  const completion = {
    completion_evidence: evidence,
    completion_summary: args.summary ?? null,
    completion_decisions: listOrNull(args.decisions),
    completion_caveats: args.caveats ?? null,
    completion_deferred: listOrNull(args.deferred),
    completed_at: now,
  };
  switch (args.status) {
    case 'DONE':
      return {
        ...step,
        ...completion,
        status: 'completed',
        completion_confirmed: true,
        completion_status: 'DONE',
        concerns: null,
      };
    case 'DONE_WITH_CONCERNS':
      return {
        ...step,
        ...completion,
        status: 'completed',
        completion_confirmed: true,
        completion_status: 'DONE_WITH_CONCERNS',
        concerns: args.concerns ?? null,
      };
    case 'NEEDS_RETRY':
      return {
        ...step,
        status: 'pending',
        retried: true,
        completion_confirmed: false,
        completion_status: 'NEEDS_RETRY',
        completion_evidence: evidence,
        completed_at: null,
      };
    case 'BLOCKED':
      return {
        ...step,
        status: 'failed',
        completion_confirmed: false,
        completion_status: 'BLOCKED',
        completion_evidence: evidence,
        concerns: args.reason ?? null,
        completed_at: now,
      };
  }
}

/**
 * `maestro ralph complete <index> --status <S>` as a pure transition on a session read from status.json:
 * index range, `E008` (index is not `active_step_index`), `E009` (step not `running`), then the effects of
 * the status on the step and session. Every outcome clears `active_step_index`; BLOCKED pauses the session.
 * An input that is not a valid session is refused with `E010` (status.json corrupt) instead of being written.
 */
export function ralphComplete(
  session: unknown,
  rawArgs: RalphCompleteArgs,
  clock: RalphClock,
): Result<RalphCompleteOutcome, RalphCommandError> {
  const normalized = normalizeArgs(rawArgs);
  if (!normalized.success) return normalized;
  const args = normalized.data;
  if (session === null || session === undefined)
    return fail(new RalphCommandError('no_session', [NO_SESSION], 1));
  const parsed = RalphSessionSchema.safeParse(session);
  if (!parsed.success) {
    const issues = toSchemaIssues(parsed.error, session);
    const first = issues[0];
    return fail(
      new RalphCommandError(
        'E010',
        [`[ralph complete] E010: status.json is corrupt: ${first?.path}: ${first?.message}`],
        1,
        { issues, fieldPath: first?.path },
      ),
    );
  }
  const data = parsed.data;
  if (args.session !== undefined && data.session_id !== args.session) {
    return fail(
      new RalphCommandError('no_session', [NO_SESSION], 1, {
        requested: args.session,
        found: data.session_id,
      }),
    );
  }
  const { index } = args;
  const step = data.steps[index];
  if (step === undefined) {
    return fail(
      new RalphCommandError(
        'index_out_of_range',
        [`[ralph complete] step index ${index} out of range (0..${data.steps.length - 1})`],
        1,
        { fieldPath: 'index', index, steps: data.steps.length },
      ),
    );
  }
  const active = data.active_step_index;
  if (active !== index) {
    return fail(
      new RalphCommandError(
        'E008',
        [
          `[ralph complete] E008: index ${index} != active_step_index ${active === null || active === undefined ? '(none)' : active}`,
          '  → edit status.json manually to recover',
        ],
        1,
        { fieldPath: 'active_step_index', index, active: active ?? null },
      ),
    );
  }
  if (step.status !== 'running') {
    return fail(
      new RalphCommandError(
        'E009',
        [`[ralph complete] E009: step ${index}.status is "${step.status}", expected "running"`],
        1,
        {
          fieldPath: `steps[${index}].status`,
          status: step.status,
        },
      ),
    );
  }
  const next = completedStep(step, args, isoTime(clock));
  const nextSession: RalphSession = {
    ...data,
    status: args.status === 'BLOCKED' ? 'paused' : data.status,
    active_step_index: null,
    steps: data.steps.map((candidate, position) => (position === index ? next : candidate)),
  };
  return ok({
    session: nextSession,
    step: next,
    exitCode: 0,
    message: `[ralph complete] session=${data.session_id} step=${index} status=${args.status}`,
  });
}

/** `maestro ralph complete …` from its argv: argument errors (exit 1 or 2) first, then the transition. */
export function ralphCompleteFromArgv(
  session: unknown,
  argv: unknown,
  clock: RalphClock,
): Result<RalphCompleteOutcome, RalphCommandError> {
  const args = safeParseRalphCompleteArgv(argv);
  return args.success ? ralphComplete(session, args.data, clock) : args;
}

/** `maestro ralph retry <index> [--session <id>]`: the NEEDS_RETRY transition. */
export function ralphRetryFromArgv(
  session: unknown,
  argv: unknown,
  clock: RalphClock,
): Result<RalphCompleteOutcome, RalphCommandError> {
  const args = safeParseRalphRetryArgv(argv);
  return args.success ? ralphComplete(session, args.data, clock) : args;
}
