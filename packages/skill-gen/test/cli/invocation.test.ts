import { afterEach, describe, expect, it } from 'vitest';
import { cliCommand, detectInvocation, setInvocation } from '../../src/cli/invocation.js';
import { skillpack, tempDir } from '../install/_support/packs.js';

const execPath = '/usr/local/bin/node';

describe('the command hints name', () => {
  afterEach(() => setInvocation('skillpack'));

  it.each([
    ['a project install', '/work/app/node_modules/.bin/skillpack', {}, 'npx skillpack'],
    [
      'a project install, resolved',
      '/work/app/node_modules/@skillpack/skill-gen/dist/cli.js',
      {},
      'npx skillpack',
    ],
    [
      "npx's cache",
      '/home/u/.npm/_npx/1a2b/node_modules/@skillpack/skill-gen/dist/cli.js',
      { npm_command: 'exec' },
      'npx -p @skillpack/skill-gen skillpack',
    ],
    [
      'a checkout, under a parent started by npx',
      '/src/skillpack/packages/skill-gen/dist/cli.js',
      { npm_command: 'exec' },
      'skillpack',
    ],
    ['a global install', '/usr/local/lib/node_modules/@skillpack/skill-gen/dist/cli.js', {}, 'skillpack'],
    ['a global bin link', '/usr/local/bin/skillpack', {}, 'skillpack'],
    [
      'a global install under a prefix',
      '/opt/npm/lib/node_modules/@skillpack/skill-gen/dist/cli.js',
      { npm_config_prefix: '/opt/npm' },
      'skillpack',
    ],
    ['a checkout', '/src/skillpack/packages/skill-gen/dist/cli.js', {}, 'skillpack'],
  ] as const)('%s: %s runs as %j', (_case, script, env, expected) => {
    expect(detectInvocation({ script, env, execPath })).toBe(expected);
  });

  it('is what a hint tells a person inside a project to run', async () => {
    setInvocation('npx skillpack');
    expect(cliCommand('build')).toBe('npx skillpack build');
    const run = await skillpack(['install', 'no-such-pack', '--runtime', 'codex', '--scope', 'project'], {
      cwd: tempDir('skillpack-hint-'),
    });
    expect(run.stderr).toContain('Build one with `npx skillpack build`.');
    expect(run.stderr).not.toMatch(/`skillpack build`/);
  });
});
