import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPack } from '../../src/install/operations.js';
import { BUSY_FILE_NAME } from '../../src/install/scope-lock.js';
import { demoPackFiles, tempDir, writePack } from './_support/packs.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
});

function run(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, SKILLPACK_HOME: '/nonexistent/skillpack-test-home' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const work = tempDir('skillpack-concurrent-');
const pack = writePack(join(work, 'pack'), { name: 'demo-pack', version: '1.0.0' }, demoPackFiles('1.0.0'));
const installArgs = (root: string, runtime: string) => [
  'install',
  pack,
  '--runtime',
  runtime,
  '--scope',
  'project',
  '--dir',
  root,
];

describe('concurrent runs in one scope', () => {
  it('take turns: three installs at once all succeed and all are recorded', async () => {
    for (let round = 0; round < 4; round++) {
      const root = join(work, `project-${round}`);
      mkdirSync(root);
      const runtimes = ['claude-code', 'codex', 'opencode'];
      const results = await Promise.all(runtimes.map((runtime) => run(installArgs(root, runtime))));
      for (const result of results) expect(result.code, result.stderr).toBe(0);
      const lock = JSON.parse(readFileSync(join(root, 'skillpack-lock.json'), 'utf8'));
      expect(lock.installs.map((install: { runtime: string }) => install.runtime).sort()).toEqual(runtimes);
      expect(existsSync(join(root, BUSY_FILE_NAME))).toBe(false);
    }
  }, 120_000);

  const options = (root: string) =>
    ({
      packDir: pack,
      runtime: 'codex',
      scope: 'project',
      projectDir: root,
      home: root,
      force: false,
      dryRun: false,
      busy: { waitMs: 200 },
    }) as const;

  it('fails fast with scope_busy, naming the holder, while a live run holds the scope', async () => {
    const root = join(work, 'busy');
    mkdirSync(root);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(
        join(root, BUSY_FILE_NAME),
        JSON.stringify({ pid: holder.pid, host: hostname(), token: 'held' }),
      );
      const result = await installPack(options(root));
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.error.code).toBe('scope_busy');
      expect(result.error.message).toContain(`pid ${holder.pid}`);
      expect(result.error.details.file).toBe(join(root, BUSY_FILE_NAME));
      expect(existsSync(join(root, 'skillpack-lock.json'))).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it('breaks the busy file of a run that died', async () => {
    const root = join(work, 'stale');
    mkdirSync(root);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(
      join(root, BUSY_FILE_NAME),
      JSON.stringify({ pid: Number(dead.stdout), host: hostname(), token: 'dead' }),
    );
    const result = await installPack(options(root));
    expect(result.success).toBe(true);
    expect(existsSync(join(root, BUSY_FILE_NAME))).toBe(false);
  });
});
