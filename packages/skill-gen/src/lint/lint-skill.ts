import type { LintFinding, LintRule } from './finding.js';
import { type LintRuntime, SEVERITIES, type Severity, sortRuntimes } from './runtimes.js';
import type { SkillDocument } from './skill-document.js';

export function lintSkillDocument(
  skill: SkillDocument,
  runtimes: readonly LintRuntime[],
  rules: readonly LintRule[],
): LintFinding[] {
  const merged = new Map<string, { finding: Omit<LintFinding, 'runtimes'>; runtimes: Set<LintRuntime> }>();
  const order = new Map(rules.map((rule, index) => [rule.id, index]));
  for (const rule of rules) {
    for (const runtime of runtimes) {
      const defaultSeverity = rule.severity[runtime];
      // A rule written before a runtime existed (plain JavaScript) may not name it: that runtime is not concerned.
      if (defaultSeverity === 'off' || defaultSeverity === undefined) continue;
      for (const violation of rule.check(skill, runtime)) {
        const severity: Severity = violation.severity ?? defaultSeverity;
        const finding = {
          rule: rule.id,
          severity,
          file: skill.file,
          line: violation.line,
          message: violation.message,
          fix: violation.fix ?? rule.fix,
        };
        const key = JSON.stringify([
          finding.rule,
          finding.line,
          finding.severity,
          finding.message,
          finding.fix,
        ]);
        const existing = merged.get(key);
        if (existing) existing.runtimes.add(runtime);
        else merged.set(key, { finding, runtimes: new Set([runtime]) });
      }
    }
  }
  const findings: LintFinding[] = [...merged.values()].map(({ finding, runtimes: concerned }) => ({
    rule: finding.rule,
    severity: finding.severity,
    runtimes: sortRuntimes(concerned),
    file: finding.file,
    line: finding.line,
    message: finding.message,
    fix: finding.fix,
  }));
  return findings.sort(
    (a, b) =>
      a.line - b.line ||
      (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0) ||
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      a.message.localeCompare(b.message),
  );
}
