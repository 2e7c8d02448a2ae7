import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SpawnRunOptions, spawnRun } from '../src/spawn-run.js';
import { codexRun, groupMembers, nodeBin, scratchDir } from './_fake-bin.js';

const base: SpawnRunOptions = {
  runtime: 'codex',
  cwd: process.cwd(),
  env: { PATH: process.env.PATH },
  timeoutMs: undefined,
  signal: undefined,
  killGraceMs: 200,
  stderrTailBytes: 64,
  read: {},
};

/** A bin that starts a detached-from-nothing grandchild (same group) and then waits forever. */
function hangingBin(dir: string): string {
  return nodeBin(
    dir,
    'hang',
    `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
fs.writeFileSync(${JSON.stringify(join(dir, 'grandchild'))}, String(child.pid));
process.stdout.write(${JSON.stringify(codexRun('t-1', 'working').split('\n')[0])} + '\\n');
setInterval(() => {}, 1000);`,
  );
}

describe('spawnRun', () => {
  it('reads stdout as the runtime run and keeps a bounded stderr tail', async () => {
    const dir = scratchDir();
    const bin = nodeBin(
      dir,
      'ok',
      `process.stderr.write('x'.repeat(1000) + 'END'); process.stdout.write(${JSON.stringify(codexRun('t-1', 'done'))});`,
    );
    const spawned = await spawnRun(bin, [], base);
    expect(spawned.exitCode).toBe(0);
    expect(spawned.run.finish).toBe('complete');
    expect(spawned.run.finalText).toBe('done');
    expect(spawned.run.sessionId).toBe('t-1');
    expect(spawned.stderrTail).toHaveLength(64);
    expect(spawned.stderrTail.endsWith('END')).toBe(true);
  });

  it.each([
    ['absolute', (dir: string) => dir],
    ['relative', (dir: string) => relative(process.cwd(), dir)],
  ] as const)("gives the CLI a PWD equal to its %s cwd, never the host's own", async (_kind, cwdOf) => {
    const dir = scratchDir();
    const bin = nodeBin(
      dir,
      'pwd',
      `fs.writeFileSync(${JSON.stringify(join(dir, 'seen.json'))}, JSON.stringify({ pwd: process.env.PWD, cwd: process.cwd() }));`,
    );
    const spawned = await spawnRun(bin, [], {
      ...base,
      cwd: cwdOf(dir),
      env: { PATH: process.env.PATH, PWD: process.cwd() },
    });
    expect(spawned.exitCode).toBe(0);
    expect(dir).not.toBe(process.cwd());
    expect(JSON.parse(readFileSync(join(dir, 'seen.json'), 'utf8'))).toEqual({ pwd: dir, cwd: dir });
  });

  it('kills the whole group on timeout: the CLI and its grandchild, no process left', async () => {
    const dir = scratchDir();
    const spawned = await spawnRun(hangingBin(dir), [], { ...base, timeoutMs: 1_000 });
    expect(spawned.timedOut).toBe(true);
    expect(spawned.aborted).toBe(false);
    expect(spawned.signal).toBe('SIGTERM');
    expect(spawned.run.finish).toBe('truncated');
    expect(spawned.run.sessionId).toBe('t-1');
    expect(groupMembers(spawned.pid as number)).toEqual([]);
    const grandchild = Number(readFileSync(join(dir, 'grandchild'), 'utf8'));
    expect(() => process.kill(grandchild, 0)).toThrow();
  });

  it('kills the whole group on abort, with SIGKILL after the grace when SIGTERM is ignored', async () => {
    const dir = scratchDir();
    const bin = nodeBin(
      dir,
      'stubborn',
      `process.on('SIGTERM', () => {});
process.stdout.write('{"type":"thread.started","thread_id":"t-2"}\\n');
setInterval(() => {}, 1000);`,
    );
    const controller = new AbortController();
    // Abort when the CLI's first event is read (printed after its SIGTERM handler is in place): no sleep.
    const pending = spawnRun(bin, [], {
      ...base,
      signal: controller.signal,
      read: { onEvent: () => controller.abort() },
    });
    const spawned = await pending;
    expect(spawned.aborted).toBe(true);
    expect(spawned.timedOut).toBe(false);
    expect(spawned.signal).toBe('SIGKILL');
    expect(spawned.groupGone).toBe(true);
    expect(groupMembers(spawned.pid as number)).toEqual([]);
  });

  it('kills what the CLI left running in its group once it exits', async () => {
    const dir = scratchDir();
    const bin = nodeBin(
      dir,
      'leaves',
      `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
child.unref();
fs.writeFileSync(${JSON.stringify(join(dir, 'left'))}, String(child.pid));
process.stdout.write(${JSON.stringify(codexRun('t-3', 'done'))});`,
    );
    const spawned = await spawnRun(bin, [], base);
    expect(spawned.exitCode).toBe(0);
    expect(groupMembers(spawned.pid as number)).toEqual([]);
  });

  it('reports a bin that cannot start instead of throwing', async () => {
    const spawned = await spawnRun(join(scratchDir(), 'missing'), [], base);
    expect(spawned.spawnError?.code).toBe('ENOENT');
    expect(spawned.run.finish).not.toBe('complete');
  });

  it('reports a signal the runner did not send', async () => {
    const bin = nodeBin(scratchDir(), 'segv', `process.kill(process.pid, 'SIGKILL');`);
    const spawned = await spawnRun(bin, [], base);
    expect(spawned.signal).toBe('SIGKILL');
    expect(spawned.timedOut).toBe(false);
    expect(spawned.aborted).toBe(false);
  });
});

describe('spawnRun for recorders', () => {
  it('writes input to stdin and keeps stdout byte for byte when asked', async () => {
    const bin = nodeBin(
      scratchDir(),
      'echo',
      `let text = ''; process.stdin.on('data', (d) => { text += d; });
process.stdin.on('end', () => process.stdout.write(${JSON.stringify(codexRun('t-4', '__X__'))}.replace('__X__', text)));`,
    );
    const spawned = await spawnRun(bin, [], { ...base, input: 'from stdin', keepStdout: true });
    expect(spawned.run.finalText).toBe('from stdin');
    expect(spawned.stdout?.toString('utf8')).toBe(codexRun('t-4', 'from stdin'));
  });
});
