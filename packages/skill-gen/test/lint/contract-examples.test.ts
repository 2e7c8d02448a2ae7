import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reviewContractSource, writeReviewProject } from '../_support/review-contract.js';
import { skillpack, tempDir } from '../install/_support/packs.js';

/** A pack project with a user's contract module and one skill that speaks it, built for two targets. */
function project(contract = reviewContractSource()) {
  return writeReviewProject(tempDir('skillpack-lint-examples-'), {
    contract,
    config: { targets: ['claude-code', 'portable'], out: 'dist' },
  });
}

type Finding = {
  rule: string;
  severity: string;
  runtimes: string[];
  file: string;
  line: number;
  message: string;
};

const exampleFindings = (stdout: string): Finding[] =>
  JSON.parse(stdout).findings.filter((finding: Finding) => finding.rule === 'contract-example-invalid');

describe('contract-example-invalid', { timeout: 60_000 }, () => {
  it("checks a built pack's rendered examples against the schema it ships", async () => {
    const dir = project();
    expect((await skillpack(['build'], { cwd: dir })).code).toBe(0);
    const clean = await skillpack(['lint', 'dist', '--format', 'json'], { cwd: dir });
    expect(exampleFindings(clean.stdout)).toEqual([]);
    expect(clean.code).toBe(0);

    // A pack built by an older generator, or edited by hand, that teaches a verdict the schema does not allow.
    const skillFile = join(dir, 'dist/portable/skills/review/SKILL.md');
    const text = readFileSync(skillFile, 'utf8');
    expect(text).toContain('{"verdict":"approve","reason":"Tests pass."}');
    writeFileSync(skillFile, text.replace('{"verdict":"approve"', '{"verdict":"maybe"'));
    const line = text.split('\n').indexOf('{"verdict":"approve","reason":"Tests pass."}') + 1;

    const run = await skillpack(['lint', 'dist', '--format', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(exampleFindings(run.stdout)).toEqual([
      {
        rule: 'contract-example-invalid',
        severity: 'error',
        // The portable target's skills are for every runtime.
        runtimes: [
          'claude-code',
          'codex',
          'opencode',
          'gemini-cli',
          'copilot-cli',
          'qwen-code',
          'pi',
          'portable',
        ],
        file: 'dist/portable/skills/review/SKILL.md',
        line,
        message: expect.stringContaining(
          'Example "approve" of contract "acme.review" does not satisfy the schema the skill ships (references/acme.review.schema.json): verdict: ',
        ),
        fix: expect.stringContaining('rebuild the pack'),
      },
    ]);
  });

  it('build refuses a contract module whose example its own schema rejects, naming the contract and the example', async () => {
    const dir = project(
      reviewContractSource().replace("verdict: 'approve', reason", "verdict: 'maybe', reason"),
    );
    const run = await skillpack(['build'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Contract "acme.review" example "approve" does not satisfy the contract');
    expect(run.stderr).toContain('verdict');
  });
});
