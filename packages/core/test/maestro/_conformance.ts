import { readFileSync } from 'node:fs';
import { readConformance } from '../_support/conformance.js';

export interface ResultBlockCase {
  readonly id: string;
  readonly input: string;
  readonly expected: Readonly<Record<string, unknown>>;
}

export interface RalphCompleteCase {
  readonly id: string;
  readonly args?: string[];
  readonly args_cmd?: string;
  readonly session_before: Record<string, unknown> | null;
  readonly expected: {
    readonly exit_code: number;
    readonly step?: Readonly<Record<string, unknown>>;
    readonly session?: Readonly<Record<string, unknown>>;
    readonly stderr_contains?: string;
    readonly unchanged?: boolean;
    readonly same_as?: string;
  };
}

export interface StatusCheckCase {
  readonly id: string;
  readonly session: unknown;
  readonly expected: {
    readonly findings_include: readonly Readonly<Record<string, unknown>>[];
    readonly runNext_exit_code?: number;
    readonly session_after?: Readonly<Record<string, unknown>>;
  };
}

export const resultBlockCases = readConformance<{ cases: ResultBlockCase[] }>(
  'maestro',
  'result_block_cases.json',
);
export const ralphCompleteCases = readConformance<{
  cases: RalphCompleteCase[];
  later_version_note: { cases: { input: string | null; expected: string | null }[] };
}>('maestro', 'ralph_complete_cases.json');
export const statusCheckCases = readConformance<{ cases: StatusCheckCase[] }>(
  'maestro',
  'status_check_cases.json',
);

/** The maestro conformance README: its last section lists the parsing choices the cases do not pin. */
export function readMaestroReadme(): string {
  return readFileSync(new URL('../../../../conformance/maestro/README.md', import.meta.url), 'utf8');
}
