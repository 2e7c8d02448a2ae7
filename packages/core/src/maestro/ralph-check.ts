import { describeValue } from '../errors.js';
import { isJsonObject, type JsonObject } from '../text/json-line.js';
import { checkRalphCliSessionInvariants } from './session-invariants.js';

/** One finding of `maestro ralph check`: `E` refuses to proceed, `W` is reported only. */
export interface RalphCheckFinding {
  readonly level: 'E' | 'W';
  readonly code: string;
  readonly message: string;
  readonly step_index?: number;
}

/** What the caller learned about a step's `command_path` on disk (the check itself does no I/O). */
export type CommandInspection =
  | { readonly exists: false }
  | { readonly exists: true; readonly missingRequired?: readonly string[]; readonly frontmatterName?: string }
  | { readonly error: string };

/** Options of `checkRalphSession`: how a step's command file is inspected. */
export interface RalphCheckOptions {
  /** Inspect a step's command file; without it the on-disk checks (E006 missing, E007, W007) are skipped. */
  readonly inspectCommand?: (commandPath: string) => CommandInspection;
}

const REQUIRED_SESSION_FIELDS = ['session_id', 'status', 'steps'] as const;
const REQUIRED_STEP_FIELDS = ['index', 'stage', 'status'] as const;
const LAST_SKILL = 'maestro-milestone-complete';

function has(object: JsonObject, key: string): boolean {
  return Object.hasOwn(object, key);
}

function checkCommand(
  step: JsonObject,
  index: number,
  inspect: RalphCheckOptions['inspectCommand'],
): RalphCheckFinding[] {
  const path = step.command_path;
  if (typeof path !== 'string' || path === '') {
    return [
      {
        level: 'E',
        code: 'E006',
        message: `execution step has no command_path (skill="${String(step.skill)}")`,
        step_index: index,
      },
    ];
  }
  if (inspect === undefined) return [];
  let inspection: CommandInspection;
  try {
    inspection = inspect(path);
  } catch (error) {
    inspection = { error: error instanceof Error ? error.message : String(error) };
  }
  if ('error' in inspection) {
    return [
      {
        level: 'E',
        code: 'E010',
        message: `failed to parse command_path manifest: ${inspection.error}`,
        step_index: index,
      },
    ];
  }
  if (!inspection.exists) {
    return [
      { level: 'E', code: 'E006', message: `command_path missing on disk: ${path}`, step_index: index },
    ];
  }
  const findings: RalphCheckFinding[] = (inspection.missingRequired ?? []).map((missing) => ({
    level: 'E',
    code: 'E007',
    message: `required_reading missing: ${missing}`,
    step_index: index,
  }));
  const name = inspection.frontmatterName ?? '';
  if (typeof step.skill === 'string' && step.skill !== '' && name !== '' && name !== step.skill) {
    findings.push({
      level: 'W',
      code: 'W007',
      message: `step.skill "${step.skill}" != frontmatter.name "${name}"`,
      step_index: index,
    });
  }
  return findings;
}

/**
 * `maestro ralph check` (`src/ralph/status-checker.ts`) over an untrusted status.json value: structure
 * (E010, with the cli-delegate session invariants: a `ralph-cli-{YYYYMMDD-HHmmss}` id and `platform: "codex"`), `active_step_index` consistency (E008, W005), unconfirmed completions (W006), command paths
 * (E006, E007, W007 through `inspectCommand`) and the chain terminus (W008). Never throws.
 */
export function checkRalphSession(session: unknown, options: RalphCheckOptions = {}): RalphCheckFinding[] {
  if (!isJsonObject(session)) {
    return [
      {
        level: 'E',
        code: 'E010',
        message: `status.json is not an object (got ${describeValue(session, 40)})`,
      },
    ];
  }
  const findings: RalphCheckFinding[] = [];
  for (const field of REQUIRED_SESSION_FIELDS) {
    if (!has(session, field)) {
      findings.push({ level: 'E', code: 'E010', message: `session is missing required field: ${field}` });
    }
  }
  for (const violation of checkRalphCliSessionInvariants(session)) {
    findings.push({ level: 'E', code: 'E010', message: violation.message });
  }
  const rawSteps = session.steps;
  if (!Array.isArray(rawSteps)) {
    findings.push({ level: 'E', code: 'E010', message: 'session.steps is not an array' });
    return findings;
  }
  const steps: JsonObject[] = [];
  rawSteps.forEach((step: unknown, position) => {
    if (!isJsonObject(step)) {
      findings.push({ level: 'E', code: 'E010', message: 'step is not an object', step_index: position });
      steps.push({});
      return;
    }
    steps.push(step);
    for (const field of REQUIRED_STEP_FIELDS) {
      if (!has(step, field)) {
        findings.push({
          level: 'E',
          code: 'E010',
          message: `step is missing required field: ${field}`,
          step_index: position,
        });
      }
    }
    if (step.index !== position) {
      findings.push({
        level: 'E',
        code: 'E010',
        message: `step.index ${String(step.index)} != position ${position}`,
        step_index: position,
      });
    }
  });

  const active = session.active_step_index;
  if (active !== null && active !== undefined) {
    if (typeof active !== 'number' || !Number.isInteger(active) || active < 0 || active >= steps.length) {
      findings.push({
        level: 'E',
        code: 'E008',
        message: `active_step_index ${describeValue(active, 40)} out of range`,
      });
    } else {
      const status = steps[active]?.status;
      if (status === 'completed') {
        findings.push({
          level: 'W',
          code: 'W005',
          message: 'active_step_index points to a completed step; next will auto-clear',
          step_index: active,
        });
      } else if (status !== 'running' && status !== 'pending') {
        findings.push({
          level: 'E',
          code: 'E008',
          message: `active_step_index step.status is "${String(status)}"; expected running|pending`,
          step_index: active,
        });
      }
    }
  }

  steps.forEach((step, position) => {
    if (step.status === 'completed' && step.completion_confirmed !== true) {
      findings.push({
        level: 'W',
        code: 'W006',
        message: 'step.status=completed but completion_confirmed=false',
        step_index: position,
      });
    }
  });

  steps.forEach((step, position) => {
    if (step.decision || step.status === 'skipped') return;
    findings.push(...checkCommand(step, position, options.inspectCommand));
  });

  const last = steps[steps.length - 1];
  if (
    last &&
    !last.decision &&
    typeof last.skill === 'string' &&
    last.skill !== '' &&
    last.skill !== LAST_SKILL
  ) {
    findings.push({
      level: 'W',
      code: 'W008',
      message: `chain does not terminate with milestone-complete (last skill: ${last.skill})`,
      step_index: steps.length - 1,
    });
  }
  return findings;
}

export function hasRalphErrors(findings: readonly RalphCheckFinding[]): boolean {
  return findings.some((finding) => finding.level === 'E');
}
