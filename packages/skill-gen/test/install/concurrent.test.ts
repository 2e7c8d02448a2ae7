import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { acquireScopeLock, BUSY_FILE_NAME, processStarted } from '../../src/install/scope-lock.js';
import { installPack } from '../../src/runtimes/runtime-install.js';
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

/** A live process unrelated to skillpack, as the OS may give a dead run's pid to. */
function liveSleep() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  return {
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: () => child.kill(),
  };
}

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe('a busy file whose pid was reused', () => {
  const options = (root: string) =>
    ({
      packDir: pack,
      runtime: 'codex',
      scope: 'project',
      projectDir: root,
      home: root,
      force: false,
      dryRun: false,
      busy: { waitMs: 3000 },
    }) as const;

  it.runIf(process.platform === 'linux')(
    'the holder records its boot id and start time, which tell two processes apart',
    async () => {
      const first = liveSleep();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = liveSleep();
      try {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [a, b] = await Promise.all([processStarted(first.pid), processStarted(second.pid)]);
        expect(a).toMatch(new RegExp(`^${bootId()}/\\d+$`));
        expect(b).toMatch(new RegExp(`^${bootId()}/\\d+$`));
        expect(a).not.toBe(b);
        const root = join(work, 'records');
        mkdirSync(root);
        const lock = await acquireScopeLock(root);
        expect(lock.success).toBe(true);
        const holder = JSON.parse(readFileSync(join(root, BUSY_FILE_NAME), 'utf8'));
        expect(holder).toEqual({
          pid: process.pid,
          host: hostname(),
          token: expect.any(String),
          started: await processStarted(process.pid),
        });
        if (lock.success) await lock.data.release();
        expect(existsSync(join(root, BUSY_FILE_NAME))).toBe(false);
      } finally {
        first.kill();
        second.kill();
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'is broken at once when its pid now belongs to a live process that started at another time',
    async () => {
      const root = join(work, 'reused');
      mkdirSync(root);
      const other = liveSleep();
      try {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const real = await processStarted(other.pid);
        expect(real).toBeDefined();
        // The killed run's record: the same pid, but the start time of the process that had it then.
        const killedRun = `${bootId()}/${Number(real!.split('/')[1]) - 1}`;
        writeFileSync(
          join(root, BUSY_FILE_NAME),
          JSON.stringify({ pid: other.pid, host: hostname(), token: 'killed-run', started: killedRun }),
        );
        const began = Date.now();
        const result = await installPack(options(root));
        expect(result.success, result.success ? '' : result.error.message).toBe(true);
        expect(Date.now() - began).toBeLessThan(2500);
        expect(existsSync(join(root, BUSY_FILE_NAME))).toBe(false);
        expect(other.alive()).toBe(true);
      } finally {
        other.kill();
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'is broken when recorded before a reboot (another boot id)',
    async () => {
      const root = join(work, 'rebooted');
      mkdirSync(root);
      const other = liveSleep();
      try {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [, start] = (await processStarted(other.pid))!.split('/');
        writeFileSync(
          join(root, BUSY_FILE_NAME),
          JSON.stringify({
            pid: other.pid,
            host: hostname(),
            token: 'before-reboot',
            started: `00000000-0000-0000-0000-000000000000/${start}`,
          }),
        );
        expect((await installPack(options(root))).success).toBe(true);
      } finally {
        other.kill();
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'is kept while its holder is the very process it names',
    async () => {
      const root = join(work, 'live-holder');
      mkdirSync(root);
      const holder = liveSleep();
      try {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = await processStarted(holder.pid);
        writeFileSync(
          join(root, BUSY_FILE_NAME),
          JSON.stringify({ pid: holder.pid, host: hostname(), token: 'live', started }),
        );
        // However old its file looks: its start time proves it is the holder.
        utimesSync(
          join(root, BUSY_FILE_NAME),
          new Date(Date.now() - 3_600_000),
          new Date(Date.now() - 3_600_000),
        );
        const result = await installPack({ ...options(root), busy: { waitMs: 300 } });
        expect(result.success).toBe(false);
        if (!result.success) expect(result.error.code).toBe('scope_busy');
      } finally {
        holder.kill();
      }
    },
  );

  it('without a start time (another OS), a live pid whose file went untouched for a minute is gone', async () => {
    const root = join(work, 'silent');
    mkdirSync(root);
    const other = liveSleep();
    try {
      writeFileSync(
        join(root, BUSY_FILE_NAME),
        JSON.stringify({ pid: other.pid, host: hostname(), token: 'silent' }),
      );
      const old = new Date(Date.now() - 2 * 60_000);
      utimesSync(join(root, BUSY_FILE_NAME), old, old);
      expect((await installPack(options(root))).success).toBe(true);
      expect(other.alive()).toBe(true);
    } finally {
      other.kill();
    }
  });

  it('a live holder touches its busy file, so it never looks silent', async () => {
    const root = join(work, 'heartbeat');
    mkdirSync(root);
    const lock = await acquireScopeLock(root);
    expect(lock.success).toBe(true);
    try {
      const file = join(root, BUSY_FILE_NAME);
      const old = new Date(Date.now() - 2 * 60_000);
      utimesSync(file, old, old);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(2_000);
    } finally {
      if (lock.success) await lock.data.release();
    }
  }, 15_000);
});
