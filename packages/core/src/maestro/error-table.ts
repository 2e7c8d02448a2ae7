import type { ResultStatus } from './result-schema.js';

/**
 * One entry of a maestro-flow error table: severity, description, recovery, and the exit code and status it
 * leads to.
 */
export interface MaestroErrorTableEntry {
  readonly severity: 'error' | 'warning';
  readonly description: string;
  readonly recovery?: string;
  /** Exit code of the `maestro ralph` command that reports it. */
  readonly exitCode?: number;
  /** The STATUS the executor reports when it meets this code. */
  readonly executorStatus?: ResultStatus;
}

/**
 * Where a maestro-flow code is defined. Upstream reuses codes with other meanings per skill (the executor's
 * `E001` is "No running session found", ralph's is "No intent and no running session"; `E006` and `W001`
 * differ too), so a code means something only within its scope.
 */
export const MAESTRO_ERROR_SCOPES = ['ralph', 'ralph-execute', 'ralph-cli', 'ralph-check'] as const;
/**
 * Where a maestro-flow error code is defined, one of `MAESTRO_ERROR_SCOPES`; a code means something only
 * within its scope.
 */
export type MaestroErrorScope = (typeof MAESTRO_ERROR_SCOPES)[number];

/**
 * maestro-flow v0.5.43's error tables, one per scope: `ralph` from `.codex/skills/maestro-ralph/SKILL.md`,
 * `ralph-execute` from `.codex/skills/maestro-ralph-execute/SKILL.md` (with the exit codes and STATUS of
 * `src/ralph/cmd-next.ts` / `cmd-complete.ts`), `ralph-cli` the CLI-delegate additions of
 * `.codex/skills/maestro-ralph-cli/SKILL.md`, and `ralph-check` the `ralph check` warnings of
 * `src/ralph/status-checker.ts`. Descriptions are upstream's, translated where upstream is Chinese.
 */
export const MAESTRO_ERROR_CODES = {
  ralph: {
    E001: {
      severity: 'error',
      description: 'No intent and no running session',
      recovery: 'Prompt for intent',
    },
    E002: {
      severity: 'error',
      description: 'Cannot infer lifecycle position',
      recovery: 'Show raw state, ask',
    },
    E003: {
      severity: 'error',
      description: 'Artifact dir not found for decision',
      recovery: 'Show glob, ask',
    },
    E004: { severity: 'error', description: 'Delegate verdict parse failed', recovery: 'Fallback: "fix"' },
    E005: { severity: 'error', description: 'Delegate execution failed', recovery: 'Fallback: "fix"' },
    E006: {
      severity: 'error',
      description: 'command_scope == "missing" for one or more steps',
      recovery: 'List missing skills, abort build',
    },
    W001: { severity: 'warning', description: 'Decision expanded chain', recovery: 'Auto-handled' },
    W002: { severity: 'warning', description: 'Max retries, escalating', recovery: 'Auto-handled' },
    W003: { severity: 'warning', description: 'Multiple running sessions', recovery: 'Use latest, warn' },
    W004: { severity: 'warning', description: 'Low delegate confidence', recovery: 'Show warning' },
  },
  'ralph-execute': {
    E001: {
      severity: 'error',
      description: 'No running session found',
      recovery: 'Suggest Skill(maestro) or Skill(maestro-ralph)',
    },
    E006: {
      severity: 'error',
      description: 'command_path missing or unreachable for the execution step',
      recovery: '`ralph next` refuses; edit status.json or rebuild',
      exitCode: 1,
      executorStatus: 'BLOCKED',
    },
    E007: {
      severity: 'error',
      description: 'a file listed in required_reading is missing',
      recovery: '`ralph next` refuses; the CLI lists the missing paths on stderr',
      exitCode: 1,
      executorStatus: 'BLOCKED',
    },
    E008: {
      severity: 'error',
      description: '`ralph complete` index is not active_step_index',
      recovery: 'edit status.json to restore consistency',
      exitCode: 1,
      executorStatus: 'BLOCKED',
    },
    E009: {
      severity: 'error',
      description: '`ralph complete` step.status is not running (repeated complete or illegal jump)',
      recovery: 'edit status.json',
      exitCode: 1,
      executorStatus: 'BLOCKED',
    },
    E010: {
      severity: 'error',
      description: 'status.json schema is corrupt',
      recovery: '`ralph check` shows the corrupt fields',
      exitCode: 1,
      executorStatus: 'BLOCKED',
    },
    W001: {
      severity: 'warning',
      description: 'Step completed with concerns',
      recovery: 'Log and continue',
      exitCode: 0,
      executorStatus: 'DONE_WITH_CONCERNS',
    },
    W005: {
      severity: 'warning',
      description: 'active_step_index points to a completed step',
      recovery: '`ralph next` clears it and continues',
    },
    W007: {
      severity: 'warning',
      description: 'step.skill differs from the SKILL.md front-matter name',
      recovery: 'Warn, do not block',
    },
  },
  'ralph-cli': {
    E011: {
      severity: 'error',
      description: 'Delegate execution failed',
      recovery: 'Retry once, then BLOCKED',
    },
    E012: { severity: 'error', description: 'CLI tool not enabled', recovery: 'Switch tool or enable' },
    E013: {
      severity: 'error',
      description: '---RESULT--- block not found',
      recovery: 'Fallback parse, LOW CONFIDENCE (STATUS=DONE_WITH_CONCERNS)',
    },
  },
  'ralph-check': {
    W005: {
      severity: 'warning',
      description: 'active_step_index points to a completed step; next auto-clears it',
    },
    W006: { severity: 'warning', description: 'step is completed but completion_confirmed is false' },
    W007: {
      severity: 'warning',
      description: "step.skill differs from the command file's front-matter name",
    },
    W008: { severity: 'warning', description: 'the chain does not end with maestro-milestone-complete' },
  },
} as const satisfies Record<MaestroErrorScope, Record<string, MaestroErrorTableEntry>>;

/** A maestro-flow error code defined in the given scope's error table. */
export type MaestroErrorCodeId<S extends MaestroErrorScope = MaestroErrorScope> =
  keyof (typeof MAESTRO_ERROR_CODES)[S];

/** Whether `code` is a code of `scope` (`isMaestroErrorCode('ralph', 'E001')`). */
export function isMaestroErrorCode<S extends MaestroErrorScope>(
  scope: S,
  code: string,
): code is MaestroErrorCodeId<S> & string {
  return maestroErrorCode(scope, code) !== undefined;
}

/** The meaning of `code` within `scope`, or `undefined`. */
export function maestroErrorCode(scope: MaestroErrorScope, code: string): MaestroErrorTableEntry | undefined {
  if (!Object.hasOwn(MAESTRO_ERROR_CODES, scope)) return undefined;
  const table: Readonly<Record<string, MaestroErrorTableEntry>> = MAESTRO_ERROR_CODES[scope];
  return Object.hasOwn(table, code) ? table[code] : undefined;
}

/**
 * The codes in effect for `maestro-ralph-cli`: seed 002, "Ralph E001–E006, W001–W004 all apply. CLI
 * additions: E011–E013".
 */
export function ralphCliErrorCodes(): Readonly<Record<string, MaestroErrorTableEntry>> {
  return { ...MAESTRO_ERROR_CODES.ralph, ...MAESTRO_ERROR_CODES['ralph-cli'] };
}
