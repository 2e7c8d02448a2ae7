import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { LintFinding } from '../../src/lint/finding.js';
import { LINT_RUNTIMES } from '../../src/lint/runtimes.js';
import { runLint } from '../../src/runtimes/runtime-lint.js';

/**
 * The corpus README's claims, checked against what the real loaders did with every corpus case
 * (`observed-runtimes.json`, recorded offline by `observe-runtimes.mjs`; see the README for versions).
 */
const corpusDir = fileURLToPath(new URL('../fixtures/lint/', import.meta.url));
const observed = JSON.parse(readFileSync(join(corpusDir, 'observed-runtimes.json'), 'utf8')) as {
  versions: Record<string, string>;
  cases: Record<string, Record<string, Record<string, unknown>>>;
};

/**
 * Errors lint reports although the runtime loaded the skill: deliberate calls, each with its reason.
 * Anything else reported as an error for a runtime that loads the skill fails this test.
 */
const WINDOWS =
  'the loader on Linux loads it, but Windows cannot check the file out or install it, and every runtime runs on Windows';
const CONTRACT_EXAMPLE =
  'the loader lists the skill; its example teaches an answer the contract the skill speaks refuses (issue #41)';
const POLICY_ERRORS: Record<string, Record<string, string>> = {
  codex: {
    'file-name-windows-unsafe': WINDOWS,
    'contract-example-invalid': CONTRACT_EXAMPLE,
    'description-too-long':
      'Codex 0.169.0 cuts the listing to 1024 characters; earlier loaders skip the skill',
  },
  opencode: {
    'file-name-windows-unsafe': WINDOWS,
    'contract-example-invalid': CONTRACT_EXAMPLE,
    'name-missing': 'an empty name is listed as "" and cannot be invoked',
    'description-missing':
      'OpenCode never surfaces a skill without a description to the model (its own docs)',
    'front-matter-js': 'OpenCode loads it by running the block as JavaScript',
  },
  'gemini-cli': {
    'file-name-windows-unsafe': WINDOWS,
    'contract-example-invalid': CONTRACT_EXAMPLE,
    'description-missing':
      'Gemini CLI 0.61.0 lists a skill with an empty description, which tells the model nothing about when to use it (a missing one is skipped)',
    'description-not-string':
      'Gemini CLI 0.61.0 falls back to its line parser and lists a YAML list as the joined lines, not text the author wrote',
  },
  'claude-code': {
    'file-name-windows-unsafe': WINDOWS,
    'contract-example-invalid': CONTRACT_EXAMPLE,
    'yaml-tab-indent': 'Claude Code drops every field when the tab precedes a top-level key (case 17)',
  },
};

const scratch = mkdtempSync(join(tmpdir(), 'skillpack-observations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function lintCase(id: string): Promise<LintFinding[]> {
  const expected = JSON.parse(readFileSync(join(corpusDir, 'cases', id, 'expected.json'), 'utf8'));
  let folder = join(corpusDir, 'cases', id);
  if (expected.createAtTestTime) {
    const copy = join(scratch, id);
    cpSync(folder, copy, { recursive: true });
    for (const path of expected.createAtTestTime as string[]) {
      const target = join(copy, dirname(expected.skill), path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, 'placeholder\n');
    }
    folder = copy;
  }
  const result = await runLint({ paths: [folder], runtimes: LINT_RUNTIMES, cwd: folder });
  if (!result.success) throw result.error;
  return [...result.data.findings];
}

const severitiesFor = (findings: readonly LintFinding[], runtime: string) =>
  findings.filter((finding) => finding.runtimes.includes(runtime as never));

const observedCases = Object.entries(observed.cases).filter(([, runtimes]) => !('note' in runtimes));

describe(`lint agrees with the real loaders (${Object.values(observed.versions).join(', ')})`, () => {
  it('has an observation for every corpus case that runtimes load directly', () => {
    expect(observedCases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(observedCases)('%s', async (id, runtimes) => {
    const findings = await lintCase(id);
    for (const runtime of ['codex', 'opencode', 'gemini-cli'] as const) {
      const seen = runtimes[runtime]!;
      const errors = severitiesFor(findings, runtime).filter((finding) => finding.severity === 'error');
      if (seen.loaded === false) {
        expect(
          errors.map((finding) => finding.rule),
          `${runtime} skipped the skill; lint must say why`,
        ).not.toEqual([]);
      } else {
        const unexplained = errors.filter((finding) => !POLICY_ERRORS[runtime]?.[finding.rule]);
        expect(
          unexplained.map((finding) => finding.rule),
          `${runtime} loaded the skill`,
        ).toEqual([]);
      }
    }
    const claude = runtimes['claude-code'] as { listed: boolean; errors: string[]; warnings: string[] };
    const forClaude = severitiesFor(findings, 'claude-code');
    if (!claude.listed || claude.errors.length > 0) {
      expect(
        forClaude.some((finding) => finding.severity === 'error'),
        'Claude Code rejected it',
      ).toBe(true);
    } else if (claude.warnings.length > 0) {
      expect(
        forClaude.some((finding) => finding.severity !== 'info'),
        'Claude Code warned',
      ).toBe(true);
    } else {
      const unexplained = forClaude.filter(
        (finding) => finding.severity === 'error' && !POLICY_ERRORS['claude-code']?.[finding.rule],
      );
      expect(
        unexplained.map((finding) => finding.rule),
        'Claude Code accepted it',
      ).toEqual([]);
    }
  });
});

/**
 * Opt-in: re-run the real loaders and compare with the recorded observations. Needs the pinned CLIs
 * (`e2e/runtimes`, about 1 GB) and about four minutes: SKILLPACK_RUNTIME_BIN=<dir with claude, codex, opencode>.
 */
const bin = process.env.SKILLPACK_RUNTIME_BIN;
describe.skipIf(!bin || !existsSync(join(bin, 'opencode')))(
  'recorded observations match the live loaders',
  () => {
    it('re-observes every case', { timeout: 900_000 }, () => {
      const output = execFileSync(process.execPath, [join(corpusDir, 'observe-runtimes.mjs'), bin!], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(JSON.parse(output)).toEqual(observed);
    });
  },
);
