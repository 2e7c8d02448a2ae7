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

export function defineRule(rule: LintRule): LintRule {
  return rule;
}
