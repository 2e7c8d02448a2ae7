import type { CompletionRole, VerificationDeclaration, VerificationPhase } from './schemas.js';

/** What was observed about a declared verification's automation. */
export const AUTOMATION_STATES = [
  'missing',
  'placeholder',
  'miswired',
  /** Repository-complete and the verification passes. */
  'passes',
  /** Repository-complete but the verification fails. */
  'fails',
  /** Correctly wired; the (operational) result is not in yet. */
  'result_pending',
  /** Correctly wired, but a non-mockable external prerequisite makes it unusable. */
  'prerequisite_unavailable',
] as const;
/** What was observed about a declared verification's automation, one of `AUTOMATION_STATES`. */
export type AutomationState = (typeof AUTOMATION_STATES)[number];

/** The verdict class a declaration allows. */
export const GATE_VERDICTS = [
  'fail',
  'not_a_blocker',
  'gated_blocker',
  'pending_observation',
  'continue',
] as const;
/** The verdict class one verification declaration allows, one of `GATE_VERDICTS`. */
export type GateVerdict = (typeof GATE_VERDICTS)[number];

/**
 * One row of the seed's completion-gating table: the phase, role and automation states it matches, and the
 * verdict it allows.
 */
export interface CompletionGatingRow {
  readonly phase: VerificationPhase | 'any';
  readonly completionRole: CompletionRole;
  readonly states: readonly AutomationState[];
  readonly verdict: GateVerdict;
  /** The seed's wording of the state and verdict columns, verbatim. */
  readonly stateText: string;
  readonly verdictText: string;
}

const WIRING_DEFECTS: readonly AutomationState[] = ['missing', 'placeholder', 'miswired'];
const PENDING_TEXT = 'acknowledge as pending; never `FAIL`, never stalled';
const FAIL_TEXT = '`FAIL` (repository-fixable)';

/** The seed's completion-role gating table, row by row. */
export const COMPLETION_GATING_TABLE: readonly CompletionGatingRow[] = [
  {
    phase: 'pre-integration',
    completionRole: 'change-blocking',
    states: WIRING_DEFECTS,
    verdict: 'fail',
    stateText: 'missing, placeholder, or mis-wired in this repository',
    verdictText: FAIL_TEXT,
  },
  {
    phase: 'pre-integration',
    completionRole: 'change-blocking',
    states: ['passes'],
    verdict: 'not_a_blocker',
    stateText: 'repository-complete, local verification passes',
    verdictText: 'not a blocker; PASS on other grounds',
  },
  {
    phase: 'pre-integration',
    completionRole: 'change-blocking',
    states: ['prerequisite_unavailable'],
    verdict: 'gated_blocker',
    stateText: 'repository-complete, but a non-mockable external prerequisite makes it unusable',
    verdictText: 'stalled hold (`gated` + structured `blocker`)',
  },
  {
    phase: 'post-integration',
    completionRole: 'operational-observation',
    states: WIRING_DEFECTS,
    verdict: 'fail',
    stateText: 'missing, placeholder, or mis-wired repository automation',
    verdictText: FAIL_TEXT,
  },
  {
    phase: 'post-integration',
    completionRole: 'operational-observation',
    states: ['result_pending'],
    verdict: 'pending_observation',
    stateText: 'correctly wired, operational result pending',
    verdictText: PENDING_TEXT,
  },
  {
    phase: 'post-integration',
    completionRole: 'operational-observation',
    states: ['prerequisite_unavailable'],
    verdict: 'pending_observation',
    stateText:
      'correctly wired, prerequisite unavailable (external build, credential, physical device, undeployed target)',
    verdictText: PENDING_TEXT,
  },
  {
    phase: 'any',
    completionRole: 'operational-observation',
    states: ['passes', 'fails', 'result_pending', 'prerequisite_unavailable'],
    verdict: 'pending_observation',
    stateText: 'any state other than missing/mis-wired repository automation',
    verdictText: PENDING_TEXT,
  },
];

/** The table as the seed writes it in Markdown. */
export function renderCompletionGatingTable(): string {
  const rows = COMPLETION_GATING_TABLE.map(
    (row) =>
      `| ${row.phase === 'any' ? 'any' : `\`${row.phase}\``} | \`${row.completionRole}\` | ${row.stateText} | ${row.verdictText} |`,
  );
  return [
    '| `phase` | `completion_role` | Declared automation state | Verdict |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The fields of a declaration the gating reads. */
export type GatedDeclaration = Pick<
  VerificationDeclaration,
  'id' | 'phase' | 'execution_class' | 'completion_role'
> & {
  readonly prerequisites?: readonly string[] | undefined;
};

/**
 * How one verification declaration gates completion: its verdict class, whether it blocks PASS, and the table
 * row that decided.
 */
export interface VerificationGate {
  readonly id: string;
  readonly verdict: GateVerdict;
  /** Whether this declaration keeps the verdict from being PASS. */
  readonly blocksPass: boolean;
  /** The 1-based seed table row that decided, or `undefined` for a rule stated outside the table. */
  readonly row: number | undefined;
  readonly rule: string;
}

function gate(declaration: GatedDeclaration, verdict: GateVerdict, row: number | undefined, rule: string) {
  const blocksPass = verdict === 'fail' || verdict === 'gated_blocker' || verdict === 'continue';
  return { id: declaration.id, verdict, blocksPass, row, rule } satisfies VerificationGate;
}

/**
 * The verdict class one declaration allows in its observed state. `completion_role` outranks everything:
 * an operational observation can only fail on its own wiring, and only a `pre-integration`,
 * `change-blocking`, `repository-local` declaration may become a stalled hold. Combinations the table does
 * not list follow the seed's rules: wiring defects fail; a change-blocking verification that fails is a
 * repository-fixable FAIL; one that cannot pass yet and may not hold is `continue` (never a fabricated hold).
 */
export function gateVerification(declaration: GatedDeclaration, state: AutomationState): VerificationGate {
  for (const [index, row] of COMPLETION_GATING_TABLE.entries()) {
    if (row.completionRole !== declaration.completion_role || !row.states.includes(state)) continue;
    if (row.phase !== 'any' && row.phase !== declaration.phase) continue;
    if (row.verdict === 'gated_blocker' && declaration.execution_class !== 'repository-local') continue;
    return gate(declaration, row.verdict, index + 1, `${row.stateText}: ${row.verdictText}`);
  }
  if (WIRING_DEFECTS.includes(state)) {
    return gate(
      declaration,
      'fail',
      undefined,
      'missing, placeholder, or mis-wired repository automation is repository-fixable',
    );
  }
  if (state === 'passes')
    return gate(declaration, 'not_a_blocker', undefined, 'the change-blocking verification passes');
  if (state === 'fails') {
    return gate(
      declaration,
      'fail',
      undefined,
      'a failing change-blocking verification is repository-fixable',
    );
  }
  return gate(
    declaration,
    'continue',
    undefined,
    'only a pre-integration, change-blocking, repository-local verification may hold; this one cannot pass yet',
  );
}

/**
 * What a proposal's verification declarations allow together: the overall verdict and each declaration's
 * gate.
 */
export interface CompletionGatingSummary {
  /** The verdict the declarations allow together (a FAIL outranks a hold, a hold outranks CONTINUE). */
  readonly verdict: 'pass' | 'fail' | 'gated' | 'continue';
  readonly gates: readonly VerificationGate[];
  /** Operational observations to acknowledge as pending (never successful), with their prerequisites. */
  readonly pending: readonly { readonly id: string; readonly prerequisites: readonly string[] }[];
}

/**
 * Gate every declaration and combine them: any repository-fixable defect makes it FAIL; otherwise any
 * eligible hold makes it a stalled hold (`gated` + structured blocker); otherwise a change-blocking
 * verification that cannot pass yet makes it CONTINUE; otherwise PASS, pending observations acknowledged.
 */
export function summarizeCompletionGating(
  entries: readonly { readonly declaration: GatedDeclaration; readonly state: AutomationState }[],
): CompletionGatingSummary {
  const gates = entries.map(({ declaration, state }) => gateVerification(declaration, state));
  const has = (verdict: GateVerdict) => gates.some((entry) => entry.verdict === verdict);
  const verdict = has('fail')
    ? 'fail'
    : has('gated_blocker')
      ? 'gated'
      : has('continue')
        ? 'continue'
        : 'pass';
  const pending = entries
    .filter((_, index) => gates[index]!.verdict === 'pending_observation')
    .map(({ declaration }) => ({
      id: declaration.id,
      prerequisites: [...(declaration.prerequisites ?? [])],
    }));
  return { verdict, gates, pending };
}
