import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

// The built CLI as a process: what matters here is how the process ends, which an in-process run cannot show.
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const TURN_FAILED = fileURLToPath(
  new URL(
    '../../../adapters/test/fixtures/codex/exec-json-command-failed-turn-failed.jsonl',
    import.meta.url,
  ),
);
const SUCCESS = fileURLToPath(
  new URL('../../../adapters/test/fixtures/codex/exec-json-success-verdict.jsonl', import.meta.url),
);

/** A contract module that misbehaves at import as MODE says, then exports a contract. */
const MODULE = [
  "import { defineContract } from '@skillpack/core';",
  "import { z } from 'zod';",
  'const mode = process.env.MODE;',
  "if (mode === 'tla') await new Promise(() => {});",
  "if (mode === 'busy') while (true) {}",
  "if (mode === 'interval') setInterval(() => {}, 1000);",
  "export const review = defineContract({ id: 'acme.review', version: '1.0.0', title: 'Review',",
  "  description: 'A verdict.', delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),",
  "  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });",
].join('\n');

let root = '';

function skillpack(mode: string, args: readonly string[]) {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd: root,
    encoding: 'utf8',
    // A hang fails the test (status null) instead of stalling the suite.
    timeout: 45_000,
    env: {
      ...process.env,
      MODE: mode,
      // Bounded tightly only where the bound is what is tested: elsewhere a loaded machine must not time out.
      SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS: mode === 'busy' ? '1500' : '30000',
    },
  });
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
  root = writeTree(tempDir('skillpack-module-exits-'), {
    'skillpack.config.json': configText({ contracts: ['./contracts/review.mjs'], out: 'dist/pack' }),
    'contracts/review.mjs': MODULE,
    'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
  });
  const built = skillpack('none', ['build']);
  expect(built.status, built.stderr).toBe(0);
});

const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  build: ['build'],
  check: ['check'],
  lint: ['lint'],
  docs: ['docs', '--out', 'docs-out'],
  schemas: ['schemas', '--out', 'schemas-out'],
  parse: ['parse', '--contract', 'conflux.acceptance', SUCCESS],
  'parse of a turn.failed run': ['parse', '--contract', 'conflux.acceptance', TURN_FAILED],
};

describe('a contract module that never finishes loading fails the command, never exit 0', {
  timeout: 90_000,
}, () => {
  it.each(Object.keys(COMMANDS))('%s: a top-level await that never settles', (name) => {
    const run = skillpack('tla', COMMANDS[name]!);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout + run.stderr).toContain('contract_module_unsettled');
    expect(run.stdout + run.stderr).toMatch(/"\.\/contracts\/review\.mjs\\?" never finished loading/);
  });

  it.each(Object.keys(COMMANDS))('%s: while (true) {} at import is stopped after the bound', (name) => {
    const run = skillpack('busy', COMMANDS[name]!);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout + run.stderr).toContain('contract_module_timeout');
    expect(run.stdout + run.stderr).toMatch(
      /"\.\/contracts\/review\.mjs\\?" did not finish loading within 1500 ms/,
    );
  });
});

describe('a contract module that leaves a timer running does not keep the CLI alive', {
  timeout: 90_000,
}, () => {
  const expected: Readonly<Record<string, number>> = {
    build: 0,
    check: 0,
    lint: 0,
    docs: 0,
    schemas: 0,
    parse: 0,
    'parse of a turn.failed run': 1,
  };
  it.each(Object.keys(COMMANDS))('%s: finishes and exits with its own code', (name) => {
    const run = skillpack('interval', COMMANDS[name]!);
    expect(run.error).toBeUndefined();
    expect(run.status, run.stderr).toBe(expected[name]);
    expect(run.stderr).not.toContain('internal error');
  });

  it('parse of a turn.failed run says why it is not satisfied', () => {
    const run = skillpack('interval', COMMANDS['parse of a turn.failed run']!);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'run_not_complete' } });
  });
});

describe('SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS', () => {
  it('a value that is not a number of milliseconds is a config error naming it', () => {
    const run = spawnSync(process.execPath, [CLI, 'build'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, MODE: 'none', SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS: 'soon' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS is "soon"');
    expect(run.stderr).toContain('(contract_module_timeout_invalid)');
  });
});
