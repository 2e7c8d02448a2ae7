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

  it('names an unknown command and points at the help, exiting 2', () => {
    const run = skillpack('frobnicate');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'skillpack: unknown command "frobnicate".\nRun "skillpack help" for the list of commands.\n',
    );
  });

  it.each([
    ['biuld', 'build'],
    ['instal', 'install'],
    ['uninstal', 'uninstall'],
    ['chek', 'check'],
  ])('suggests the command a typo %s meant', (typo, meant) => {
    const run = skillpack(typo);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`unknown command "${typo}". Did you mean "${meant}"?`);
  });

  it('prints one command\'s help for "help <command>", the same as "<command> --help"', () => {
    const help = skillpack('help', 'build');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: skillpack build /);
    expect(help.stdout).toBe(skillpack('build', '--help').stdout);
    expect(skillpack('help', 'biuld').stderr).toContain('Did you mean "build"?');
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
