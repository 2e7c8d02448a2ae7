import type { RuntimeId } from '@skillpack/adapters';
import type { LintDeclarations } from './lint-declaration.js';
import { type LintFacts, lintFacts } from './lint-facts.js';
import type { LintRuleId } from './rules/rule-ids.js';

export type { LintSeverities } from './lint-declaration.js';

import type { LintRuntime, Severity } from './runtimes.js';
import type { SkillDocument } from './skill-document.js';

/** One problem in one file, as `skillpack lint` reports it. */
export interface LintFinding {
  readonly rule: string;
  readonly severity: Severity;
  /** The runtimes this finding concerns at this severity. */
  readonly runtimes: readonly LintRuntime[];
  readonly file: string;
  /** 1-based line in the file. */
  readonly line: number;
  readonly message: string;
  readonly fix: string;
}

/** What a rule reports for one runtime; the engine merges equal violations across runtimes. */
export interface RuleViolation {
  readonly line: number;
  readonly message: string;
  /** Overrides the rule's severity for this runtime. */
  readonly severity?: Severity;
  /** Overrides the rule's fix text. */
  readonly fix?: string;
}

/** A pure check over a parsed skill, evaluated once per runtime it concerns. */
export interface LintRule {
  readonly id: string;
  /** One line: what the rule checks. */
  readonly summary: string;
  /**
   * The default severity for every runtime, `off` where the rule does not concern the runtime. Exhaustive, so
   * a new runtime must decide each rule.
   */
  readonly severity: Readonly<Record<LintRuntime, Severity | 'off'>>;
  readonly fix: string;
  check(skill: SkillDocument, runtime: LintRuntime): readonly RuleViolation[];
}

/**
 * A lint rule as `lint/rules/` defines it: the check, and its severity under the Agent Skills spec
 * (`portable`). Each runtime declares its own severity of every rule (`lint.severity` of its declaration);
 * `toLintRule` joins them into a `LintRule`.
 */
export interface LintCheck extends Omit<LintRule, 'id' | 'severity' | 'check'> {
  readonly id: LintRuleId;
  readonly portable: Severity | 'off';
  /** `facts`: what the runtimes' declarations say of their keys and skill folders. */
  check(skill: SkillDocument, runtime: LintRuntime, facts: LintFacts): readonly RuleViolation[];
}

export function defineRule(check: LintCheck): LintCheck {
  return check;
}

/** The rule `check` is, with the severity and the facts each runtime's declaration gives it. */
export function toLintRule(
  check: LintCheck,
  declarations: LintDeclarations,
  facts: LintFacts = lintFacts(declarations),
): LintRule {
  const { portable, check: run, ...rule } = check;
  const severity = Object.fromEntries(
    Object.entries(declarations).map(([runtime, declared]) => [runtime, declared.severity[check.id]]),
  ) as Record<RuntimeId, Severity | 'off'>;
  return {
    ...rule,
    severity: { ...severity, portable },
    check: (skill, runtime) => run(skill, runtime, facts),
  };
}
