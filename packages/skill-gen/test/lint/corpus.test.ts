import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LINT_RUNTIMES } from '../../src/lint/runtimes.js';
import { LINT_RULES, runLint } from '../../src/runtimes/runtime-lint.js';

const corpusDir = fileURLToPath(new URL('../fixtures/lint/', import.meta.url));
const casesDir = join(corpusDir, 'cases');

interface ExpectedFinding {
  rule: string;
  severity: string;
  runtimes: string[];
  line: number;
}

interface CaseFile {
  summary: string;
  skill: string;
  createAtTestTime?: string[];
  findings: ExpectedFinding[];
}

const cases = readdirSync(casesDir)
  .sort()
  .map((id) => ({
    id,
    expected: JSON.parse(readFileSync(join(casesDir, id, 'expected.json'), 'utf8')) as CaseFile,
  }));

const scratch = mkdtempSync(join(tmpdir(), 'skillpack-lint-corpus-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the case, plus the files that cannot live in the repository (Windows-unsafe names). */
function materialise(id: string, expected: CaseFile): string {
  if (!expected.createAtTestTime) return join(casesDir, id);
  const target = join(scratch, id);
  cpSync(join(casesDir, id), target, { recursive: true });
  const skillFolder = join(target, dirname(expected.skill));
  for (const path of expected.createAtTestTime) {
    mkdirSync(dirname(join(skillFolder, path)), { recursive: true });
    writeFileSync(join(skillFolder, path), 'placeholder\n');
  }
  return target;
}

const key = (finding: ExpectedFinding) =>
  `${String(finding.line).padStart(4, '0')} ${finding.rule} ${finding.severity} [${finding.runtimes.join(',')}]`;

describe('lint corpus (test/fixtures/lint/cases)', () => {
  it('has at least 40 SKILL.md variants', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it('covers every lint rule with at least one expected finding', () => {
    const covered = new Set(
      cases.flatMap(({ expected }) => expected.findings.map((finding) => finding.rule)),
    );
    expect(LINT_RULES.map((rule) => rule.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('cites the runtime behaviour of every rule in the corpus README', () => {
    const readme = readFileSync(join(corpusDir, 'README.md'), 'utf8');
    expect(LINT_RULES.map((rule) => rule.id).filter((id) => !readme.includes(`\`${id}\``))).toEqual([]);
  });

  it.each(cases)('$id', async ({ id, expected }) => {
    const folder = materialise(id, expected);
    const result = await runLint({ paths: [folder], runtimes: LINT_RUNTIMES, cwd: folder });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.files.map((file) => file.file)).toEqual([expected.skill]);
    const actual = result.data.findings.map((finding) => key(finding as unknown as ExpectedFinding)).sort();
    expect(actual).toEqual(expected.findings.map(key).sort());
    for (const finding of result.data.findings) {
      expect(finding.file).toBe(expected.skill);
      expect(finding.message.length).toBeGreaterThan(20);
      expect(finding.fix.length).toBeGreaterThan(10);
    }
  });

  it('never evaluates ---js front matter', async () => {
    const folder = join(casesDir, cases.find(({ id }) => id.endsWith('front-matter-js'))!.id);
    await runLint({ paths: [folder], runtimes: LINT_RUNTIMES, cwd: folder });
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });
});
