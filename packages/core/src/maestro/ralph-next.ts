import { isJsonObject, type JsonObject } from '../text/json-line.js';
import {
  checkRalphSession,
  hasRalphErrors,
  type RalphCheckFinding,
  type RalphCheckOptions,
} from './ralph-check.js';
import type { ResultStatus } from './result-schema.js';
import { RALPH_PROTOCOL_VERSION } from './status-schema.js';

interface OutcomeBase {
  /** The session after the command; write it back only when `changed`. */
  readonly session: JsonObject | null;
  readonly changed: boolean;
  /** The lines the CLI prints to stderr. */
  readonly stderr: readonly string[];
}

/**
 * The decision of `maestro ralph next`: `loaded` (exit 0, the step is now `running` and active; the
 * caller then loads its command file and prints the prompt), `paused` (exit 1, an E-level finding),
 * `refused` (exit 1 no usable session, exit 3 another step is still active), `no_pending` (exit 2).
 */
export type RalphNextOutcome =
  | (OutcomeBase & { readonly kind: 'loaded'; readonly exitCode: 0; readonly stepIndex: number })
  | (OutcomeBase & {
      readonly kind: 'paused';
      readonly exitCode: 1;
      readonly findings: readonly RalphCheckFinding[];
    })
  | (OutcomeBase & { readonly kind: 'refused'; readonly exitCode: 1 | 3 })
  | (OutcomeBase & {
      readonly kind: 'no_pending';
      readonly exitCode: 2;
      readonly pendingDecision: string | null;
    });

function errorLines(findings: readonly RalphCheckFinding[]): string[] {
  return findings
    .filter((finding) => finding.level === 'E')
    .map((finding) => {
      const where = finding.step_index === undefined ? '' : ` [step ${finding.step_index}]`;
      return `  ${finding.code}${where}: ${finding.message}`;
    });
}

/**
 * The state logic of `maestro ralph next` (`src/ralph/cmd-next.ts`) as a pure function: refuse a session
 * that is not running; pause it on any E-level check finding (invariant 8: a bare exit 1 would let a goal
 * loop retry forever); clear a stale `active_step_index` that points at a completed step, refuse (exit 3)
 * while another step is active; pick the first pending execution step, skipping decision nodes.
 */
export function ralphNext(session: unknown, options: RalphCheckOptions = {}): RalphNextOutcome {
  if (!isJsonObject(session)) {
    return {
      kind: 'refused',
      exitCode: 1,
      session: null,
      changed: false,
      stderr: ['[ralph next] no maestro-* / ralph-* session found in .workflow/.maestro/'],
    };
  }
  if (session.status !== 'running') {
    return {
      kind: 'refused',
      exitCode: 1,
      session,
      changed: false,
      stderr: [
        `[ralph next] session is "${String(session.status)}", not running — edit status.json to resume`,
      ],
    };
  }
  const findings = checkRalphSession(session, options);
  if (hasRalphErrors(findings)) {
    return {
      kind: 'paused',
      exitCode: 1,
      session: { ...session, status: 'paused', active_step_index: null },
      changed: true,
      findings,
      stderr: [
        '[ralph next] status.json has errors:',
        ...errorLines(findings),
        '  → session paused; fix status.json then set status="running" to resume',
      ],
    };
  }
  // The check passed, so steps is an array of objects whose index equals their position.
  const steps = session.steps as JsonObject[];
  const active = session.active_step_index as number | null | undefined;
  if (active !== null && active !== undefined && steps[active]?.status !== 'completed') {
    return {
      kind: 'refused',
      exitCode: 3,
      session,
      changed: false,
      stderr: [
        `[ralph next] step ${active} is still active (status=${String(steps[active]?.status)})`,
        `  → run: maestro ralph complete ${active} --status DONE|...`,
        `    or:  maestro ralph retry ${active}`,
      ],
    };
  }
  const next = steps.findIndex((step) => step.status === 'pending' && !step.decision);
  if (next === -1) {
    const decision = steps.find((step) => step.status === 'pending' && step.decision)?.decision;
    const pendingDecision = decision === undefined ? null : String(decision);
    return {
      kind: 'no_pending',
      exitCode: 2,
      session,
      changed: false,
      pendingDecision,
      stderr:
        pendingDecision === null
          ? ['[ralph next] no pending steps — all complete']
          : [
              `[ralph next] no pending execution step; next is a decision node: ${pendingDecision}`,
              '  → decision nodes are not loadable via this CLI — the calling skill must evaluate them',
            ],
    };
  }
  const loaded = { ...session } as JsonObject;
  loaded.steps = steps.map((step, position) => (position === next ? { ...step, status: 'running' } : step));
  loaded.active_step_index = next;
  loaded.ralph_protocol_version = session.ralph_protocol_version ?? RALPH_PROTOCOL_VERSION;
  return { kind: 'loaded', exitCode: 0, session: loaded, changed: true, stepIndex: next, stderr: [] };
}

/**
 * How the executor (`maestro-ralph-cli-execute`) turns the exit code of `maestro ralph next --session` into
 * its STATUS: 0 runs the printed prompt (no status yet), 1 and 3 are BLOCKED, 2 (nothing pending) is DONE.
 */
export function executorStatusForNextExit(exitCode: number): ResultStatus | null | undefined {
  switch (exitCode) {
    case 0:
      return null;
    case 1:
    case 3:
      return 'BLOCKED';
    case 2:
      return 'DONE';
    default:
      return undefined;
  }
}
