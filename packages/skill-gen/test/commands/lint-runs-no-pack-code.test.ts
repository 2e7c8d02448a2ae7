import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

// A process per run: in one process an ES module imported once is never evaluated again, so a mark it left
// (or not) would say nothing about the later command.
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
});

async function cli(cwd: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 45_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A contract module that leaves a mark when it runs (in the trial import's worker too). */
const module = (mark: string) => `import { writeFileSync } from 'node:fs';
import { defineContract } from '@skillpack/core';
import { z } from 'zod';
writeFileSync(${JSON.stringify(mark)}, 'ran');
export const review = defineContract({ id: 'acme.review', version: '1.0.0', title: 'Review', description: 'A verdict.',
  delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),
  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });
`;

function project() {
  const root = tempDir('skillpack-lint-no-code-');
  const mark = join(root, 'ran.txt');
  writeTree(root, {
    'skillpack.config.json': configText({ contracts: ['./contracts/review.mjs'], out: 'dist/pack' }),
    'contracts/review.mjs': module(mark),
    'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.\ncontracts: [acme.review]'),
  });
  return { root, mark };
}

describe('lint runs a contract module only for skill sources', { timeout: 60_000 }, () => {
  it('linting the built pack from the project runs no contract module', async () => {
    const { root, mark } = project();
    expect((await cli(root, 'build')).code).toBe(0);
    rmSync(mark);
    const run = await cli(root, 'lint', 'dist/pack');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(existsSync(mark)).toBe(false);
  });

  it('linting the sources loads the modules and checks their contracts', async () => {
    const { root, mark } = project();
    const run = await cli(root, 'lint', 'skills');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(existsSync(mark)).toBe(true);
    expect(run.stdout).not.toContain('contract-unknown');
  });

  it('inside a built pack that carries a config of its own, lint runs none of its modules', async () => {
    const { root, mark } = project();
    expect((await cli(root, 'build')).code).toBe(0);
    const pack = join(root, 'dist/pack');
    writeTree(pack, {
      'skillpack.config.json': configText({ contracts: ['../../contracts/review.mjs'] }),
    });
    rmSync(mark);
    const run = await cli(pack, 'lint');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(existsSync(mark)).toBe(false);
  });
});
