import { extractContract, type RuntimeId } from '@skillpack/adapters';
import {
  applyResultSignals,
  CLI_TOOLS,
  type CliTool,
  delegationForStage,
  type MaestroResult,
  maestroResultContract,
  nextStateAfterResult,
  type RalphClock,
  type RalphSession,
  ralphComplete,
  ralphNext,
  ralphRetryFromArgv,
  renderInvocationLine,
  renderRalphCompleteCommand,
  schemas,
  toRalphCompleteArgs,
} from '@skillpack/core/maestro';
import type { DecisionLog, ScenarioReport } from './decision.js';
import { readJson, readRecordedRun } from './recorded-run.js';
import type { MaestroScenario } from './scenarios.js';

function cliToolOf(session: RalphSession): CliTool {
  return CLI_TOOLS.find((tool) => tool === session.cli_tool) ?? 'claude';
}

function describeResult(result: MaestroResult): string {
  return result.fallback
    ? `no result block (${result.error_code}, ${result.confidence} confidence)`
    : `result ${result.STATUS}`;
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** A_RESOLVE_ARGS, placeholders only: `{plan_dir}` becomes `session.context.plan_dir` once a step set it. */
function resolveStepArgs(session: RalphSession, index: number): RalphSession {
  const context: Readonly<Record<string, unknown>> = session.context ?? {};
  const steps = session.steps.map((step, position) =>
    position === index
      ? {
          ...step,
          args: step.args.replace(PLACEHOLDER, (whole, key: string) => {
            const value = context[key];
            return typeof value === 'string' ? value : whole;
          }),
        }
      : step,
  );
  return { ...session, steps };
}

/** S_STEP_LOCATE + A_DISPATCH_DELEGATE: mark the next pending step running and compose its first line. */
function dispatch(
  session: RalphSession,
  log: DecisionLog,
  source: string,
): { session: RalphSession; index: number } | undefined {
  const next = ralphNext(session);
  if (next.kind !== 'loaded') {
    log.add({
      source,
      runtime: null,
      observed: `ralph next exit ${next.exitCode}`,
      decision: next.kind === 'no_pending' ? 'session_done' : 'pause_session',
      reason: next.kind,
      message: next.stderr.join(' ') || 'No step to delegate.',
      details: {},
    });
    return undefined;
  }
  const resolved = schemas.RalphSessionSchema.parse(next.session);
  const loaded = resolveStepArgs(resolved, next.stepIndex);
  const step = loaded.steps[next.stepIndex]!;
  const invocation = renderInvocationLine({
    cliTool: cliToolOf(loaded),
    skill: step.skill ?? '',
    args: step.args,
    sessionId: loaded.session_id,
  });
  log.add({
    source,
    runtime: null,
    observed: `step ${next.stepIndex} ${step.stage} pending`,
    decision: 'delegate',
    reason: null,
    message: `Delegate with maestro delegate --to ${cliToolOf(loaded)}; the prompt starts with: ${invocation}`,
    details: { index: next.stepIndex, invocation, delegation: delegationForStage(step.stage) ?? null },
  });
  return { session: loaded, index: next.stepIndex };
}

/** S_HANDLE_FAIL: the first failure of a step retries it once; a second one pauses the session. */
function handleFailure(
  session: RalphSession,
  index: number,
  clock: RalphClock,
  base: { source: string; runtime: RuntimeId | 'unknown'; observed: string },
  why: string,
  log: DecisionLog,
): RalphSession {
  if (session.steps[index]?.retried === true) {
    log.add({
      ...base,
      decision: 'pause_session',
      reason: 'retried_step_failed',
      message: `Step ${index} failed again after its retry: pause the session for a person (${why}).`,
      details: { index },
    });
    return { ...session, status: 'paused', active_step_index: null };
  }
  const retried = ralphRetryFromArgv(session, [String(index), '--session', session.session_id], clock);
  if (!retried.success) throw new Error(retried.error.message);
  log.add({
    ...base,
    decision: 'retry_step',
    reason: null,
    message: `maestro ralph retry ${index}: the step is pending again, marked retried (${why}).`,
    details: { index, stepStatus: retried.data.step.status },
  });
  return retried.data.session;
}

/** A_PARSE_RESULT, then A_MARK_COMPLETE (DONE, DONE_WITH_CONCERNS, a BLOCKED retry) or S_HANDLE_FAIL. */
async function analyze(
  runsDir: string,
  file: string,
  session: RalphSession,
  index: number,
  clock: RalphClock,
  log: DecisionLog,
): Promise<RalphSession> {
  const recorded = await readRecordedRun(runsDir, file);
  // The typed form: `extracted.data` is a MaestroResult (or the fallback), no cast or re-parse needed.
  const extracted = extractContract(recorded.run, maestroResultContract);
  if (!extracted.success) {
    const base = {
      source: file,
      runtime: recorded.run.runtime,
      observed: `unreadable result (${extracted.error.code})`,
    };
    return handleFailure(session, index, clock, base, extracted.error.message, log);
  }
  const result = extracted.data;
  const withSignals = applyResultSignals(session, result.SIGNALS).session;
  const base = { source: file, runtime: recorded.run.runtime, observed: describeResult(result) };
  const retriedBlocked = result.STATUS === 'BLOCKED' && withSignals.steps[index]?.retried === true;
  if (nextStateAfterResult(result.STATUS) === 'S_HANDLE_FAIL' && !retriedBlocked) {
    return handleFailure(
      withSignals,
      index,
      clock,
      base,
      result.CAVEATS ?? result.SUMMARY ?? result.STATUS,
      log,
    );
  }
  const args = toRalphCompleteArgs(result, index, withSignals.session_id);
  const outcome = ralphComplete(withSignals, args, clock);
  if (!outcome.success) throw new Error(`${file}: ${outcome.error.message}`);
  const paused = outcome.data.session.status === 'paused';
  log.add({
    ...base,
    decision: paused ? 'pause_session' : 'complete_step',
    reason: result.fallback ? result.error_code : paused ? result.STATUS : null,
    message: `${renderRalphCompleteCommand(args)}; ${outcome.data.message}`,
    details: {
      index,
      stepStatus: outcome.data.step.status,
      sessionStatus: outcome.data.session.status,
      context: outcome.data.session.context ?? {},
    },
  });
  return outcome.data.session;
}

/** Replay a ralph-cli session: dispatch each pending step, read its delegate's output, apply the result. */
export async function replayMaestro(
  runsDir: string,
  scenario: MaestroScenario,
  log: DecisionLog,
): Promise<ScenarioReport> {
  let session = schemas.RalphSessionSchema.parse(await readJson(runsDir, scenario.session));
  const clock = { now: scenario.clock };
  for (const file of scenario.delegates) {
    const dispatched = dispatch(session, log, scenario.session);
    if (!dispatched) break;
    session = await analyze(runsDir, file, dispatched.session, dispatched.index, clock, log);
  }
  if (session.status === 'running') dispatch(session, log, scenario.session);
  return { id: scenario.id, title: scenario.title, decisions: log.decisions };
}
