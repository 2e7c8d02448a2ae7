import type { LintReport } from './run-lint.js';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Findings for people: `file:line  severity  rule  [runtimes]`, the message, and the fix. */
export function formatLintText(report: LintReport): string {
  const out: string[] = [];
  for (const finding of report.findings) {
    out.push(
      `${finding.file}:${finding.line}  ${finding.severity}  ${finding.rule}  [${finding.runtimes.join(', ')}]`,
      `  ${finding.message}`,
      `  fix: ${finding.fix}`,
      '',
    );
  }
  const skipped = report.files.filter((file) => file.runtimes.length === 0);
  for (const file of skipped)
    out.push(`${file.file}: skipped (no requested runtime loads a skill from here)`);
  if (skipped.length > 0) out.push('');
  const { summary } = report;
  out.push(
    `${plural(summary.files, 'skill file')} checked for ${report.runtimes.join(', ')}: ${plural(summary.error, 'error')}, ${plural(summary.warning, 'warning')}, ${summary.info} info.`,
  );
  return `${out.join('\n')}\n`;
}

/** One JSON document for CI. */
export function formatLintJson(report: LintReport): string {
  return `${JSON.stringify({ schemaVersion: 1, ...report }, null, 2)}\n`;
}
