import type { ResultStatus } from './result-schema.js';

export interface MaestroErrorCode {
  readonly severity: 'error' | 'warning';
  readonly description: string;
  readonly recovery?: string;
  /** Exit code of the `maestro ralph` command that reports it. */
  readonly exitCode?: number;
  /** The STATUS the executor reports when it meets this code. */
  readonly executorStatus?: ResultStatus;
}

/**
 * The maestro-flow v0.5.43 codes skillpack knows the meaning of: executor codes (E006–E010, W001, from
 * `maestro-ralph-cli-execute`), `ralph check` warnings (W005–W008, `src/ralph/status-checker.ts`) and the
 * CLI-delegate additions E011–E013. Ralph's E001–E005 and W002–W004 are not described in any source read.
 */
export const MAESTRO_ERROR_CODES = {
  E006: {
    severity: 'error',
    description: 'command_path missing or unreachable',
    exitCode: 1,
    executorStatus: 'BLOCKED',
  },
  E007: {
    severity: 'error',
    description: 'a file listed in required_reading is missing',
    exitCode: 1,
    executorStatus: 'BLOCKED',
  },
  E008: {
    severity: 'error',
    description: 'the completed index is not active_step_index',
    recovery: 'edit status.json manually to recover',
    exitCode: 1,
    executorStatus: 'BLOCKED',
  },
  E009: {
    severity: 'error',
    description: 'step.status is not running (repeated complete or illegal jump)',
    exitCode: 1,
    executorStatus: 'BLOCKED',
  },
  E010: {
    severity: 'error',
    description: 'status.json schema is corrupt',
    exitCode: 1,
    executorStatus: 'BLOCKED',
  },
  E011: { severity: 'error', description: 'delegate execution failed', recovery: 'retry once, then BLOCKED' },
  E012: {
    severity: 'error',
    description: 'CLI tool not enabled in cli-tools.json',
    recovery: 'switch tool or enable it',
  },
  E013: {
    severity: 'error',
    description: '---RESULT--- block not found in the delegate output',
    recovery: 'fallback parse: DONE_WITH_CONCERNS, low confidence',
  },
  W001: {
    severity: 'warning',
    description: 'step completed with concerns',
    exitCode: 0,
    executorStatus: 'DONE_WITH_CONCERNS',
  },
  W005: {
    severity: 'warning',
    description: 'active_step_index points to a completed step; next auto-clears it',
  },
  W006: { severity: 'warning', description: 'step is completed but completion_confirmed is false' },
  W007: { severity: 'warning', description: "step.skill differs from the command file's front-matter name" },
  W008: { severity: 'warning', description: 'the chain does not end with maestro-milestone-complete' },
} as const satisfies Record<string, MaestroErrorCode>;

export type MaestroErrorCodeId = keyof typeof MAESTRO_ERROR_CODES;

export function isMaestroErrorCode(code: string): code is MaestroErrorCodeId {
  return Object.hasOwn(MAESTRO_ERROR_CODES, code);
}
