// What failed in one `.ci/run` step, read back from its log: vitest's "Failed Tests" sections, node:test's
// "failing tests" list, nx's failed tasks, and for anything else the last lines. `.ci/run` prints it after a
// step fails, so the end of CI's output (all a CI record may keep) names the failing tests, not only the
// last package to finish. `node scripts/ci-failures.mjs LOG [STEP]`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** At most this many lines in all: the summary must itself fit in the tail a CI record keeps. */
export const SUMMARY_LINES = 160;
const TAIL_LINES = 40;

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** The sections of `log` that say what failed, each a list of lines, in the order they appear. */
export function failureSections(log) {
  const lines = log.replace(ANSI, '').split(/\r?\n/);
  const sections = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/⎯+ Failed (Tests|Suites) \d+ ⎯+/.test(line)) {
      const end = lines.findIndex((next, j) => j > i && /^\s*Test Files\s/.test(next));
      sections.push(withoutTrailingBlanks(lines.slice(i, end < 0 ? lines.length : end)));
      if (end > 0) i = end;
    } else if (/^✖ failing tests:/.test(line)) {
      const end = lines.findIndex((next, j) => j > i && /^(ℹ |> |\s*wall time per step:)/.test(next));
      sections.push(withoutTrailingBlanks(lines.slice(i, end < 0 ? lines.length : end)));
      if (end > 0) i = end;
    } else if (/^\s*Failed tasks:\s*$/.test(line)) {
      const end = lines.findIndex((next, j) => j > i + 1 && !/^\s*(- .*)?$/.test(next));
      sections.push(withoutTrailingBlanks(lines.slice(i, end < 0 ? lines.length : end)));
    }
  }
  return sections;
}

/** The summary `.ci/run` prints for a failed step: its failure sections, or its last lines when none is found. */
export function failureSummary(log, step = 'the step') {
  const sections = failureSections(log);
  const body = sections.length > 0 ? sections.flatMap((section) => [...section, '']) : lastLines(log);
  const shown =
    body.length > SUMMARY_LINES
      ? [...body.slice(0, SUMMARY_LINES), `… ${body.length - SUMMARY_LINES} more lines in the log above`]
      : body;
  const heading =
    sections.length > 0
      ? `what failed in ${step}:`
      : `the last lines of ${step} (no test failure found in its log):`;
  return [heading, ...shown.map((line) => `  ${line}`)].join('\n');
}

function withoutTrailingBlanks(lines) {
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === '') end--;
  return lines.slice(0, end);
}

function lastLines(log) {
  const lines = log.replace(ANSI, '').trimEnd().split(/\r?\n/);
  return lines.slice(-TAIL_LINES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, step] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/ci-failures.mjs LOG [STEP]');
    process.exit(2);
  }
  console.log(`\n${failureSummary(readFileSync(file, 'utf8'), step)}`);
}
