import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = join(repo, 'packages/skill-gen/dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'skillpack-init-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: readonly string[], cwd = dir) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: Readable.from([]),
    cwd,
    env: {},
  };
  return { code: await runCli(args, io), stdout, stderr };
}

/** What `npm install` would put in place: the workspace packages and zod, linked. */
function linkDependencies(project: string): void {
  mkdirSync(join(project, 'node_modules', '@skillpack'), { recursive: true });
  for (const name of ['core', 'adapters', 'skill-gen']) {
    symlinkSync(join(repo, 'packages', name), join(project, 'node_modules', '@skillpack', name), 'dir');
  }
  symlinkSync(join(repo, 'node_modules', 'zod'), join(project, 'node_modules', 'zod'), 'dir');
}

describe('skillpack init', { timeout: 120_000 }, () => {
  it('scaffolds a pack project whose build and test pass once installed', async () => {
    const created = await run(['init', 'acme-review']);
    expect(created.code, created.stderr).toBe(0);
    const project = join(dir, 'acme-review');
    const config = JSON.parse(readFileSync(join(project, 'skillpack.config.json'), 'utf8'));
    expect(config).toMatchObject({
      $schema: './node_modules/@skillpack/skill-gen/schemas/skillpack.config.schema.json',
      name: 'acme-review',
      contracts: ['./contracts/review.ts'],
      hooks: { 'acme-review.review': {} },
    });
    linkDependencies(project);
    expect(existsSync(join(project, config.$schema))).toBe(true);
    // `npx skillpack build` and `npm test`, as the scaffold's README line says, on the built CLI.
    const build = spawnSync(process.execPath, [cli, 'build'], { cwd: project, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(join(project, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.cjs'))).toBe(
      true,
    );
    const skill = readFileSync(
      join(project, 'dist/skill-packs/codex/.agents/skills/review/SKILL.md'),
      'utf8',
    );
    expect(skill).toContain('"verdict":"approve"');
    const test = spawnSync(process.execPath, ['--test', 'test/'], { cwd: project, encoding: 'utf8' });
    expect(test.status, `${test.stdout}${test.stderr}`).toBe(0);
    expect(test.stdout).toContain('# pass 1');
  });

  it('refuses a folder that is not empty, and a name that is not kebab-case', async () => {
    const busy = join(dir, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine\n');
    const refused = await run(['init', 'busy']);
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining('(init_not_empty)')]);
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('mine\n');
    const badName = await run(['init', 'fresh', '--name', 'Not Kebab']);
    expect([badName.code, badName.stderr]).toEqual([1, expect.stringContaining('(init_invalid_name)')]);
    expect(existsSync(join(dir, 'fresh'))).toBe(false);
  });

  it.each(['con', 'aux', 'nul', 'prn', 'com1', 'lpt9'])(
    'refuses --name %s, a name Windows reserves, saying so',
    async (name) => {
      const refused = await run(['init', `fresh-${name}`, '--name', name, '--format', 'json']);
      expect(refused.code).toBe(1);
      const error = JSON.parse(refused.stdout).error;
      expect(error.code).toBe('init_invalid_name');
      expect(error.message).toContain('Windows');
      expect(error.message).toContain(`"${name.toUpperCase()}"`);
      expect(existsSync(join(dir, `fresh-${name}`))).toBe(false);
    },
  );

  it.skipIf(process.platform === 'win32')(
    'refuses a folder named like a Windows device when --name is not given',
    async () => {
      const refused = await run(['init', 'aux']);
      expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining('(init_invalid_name)')]);
      expect(refused.stderr).toContain('Windows');
      expect(existsSync(join(dir, 'aux'))).toBe(false);
    },
  );
});
