import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const bin = new URL('../dist/cli.js', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function skillpack(...args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('skillpack bin', () => {
  it('prints help on stdout and exits 0', () => {
    const run = skillpack('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: skillpack <command> \[options\]/);
    expect(run.stderr).toBe('');
  });

  it.each(['--version', '-v'])('prints the package version for %s', (flag) => {
    const run = skillpack(flag);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${version}\n`);
  });

  it('prints usage on stderr and exits 2 for an unknown command', () => {
    const run = skillpack('frobnicate');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown command "frobnicate"');
    expect(run.stderr).toContain('Usage: skillpack');
  });

  it('treats a prototype key as an unknown command, not a crash', () => {
    expect(skillpack('constructor').status).toBe(2);
  });

  it('prints usage on stderr and exits 2 without a command', () => {
    const run = skillpack();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: skillpack');
  });
});
