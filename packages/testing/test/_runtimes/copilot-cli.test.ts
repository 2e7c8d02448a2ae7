import { describe, expect, it } from 'vitest';
import {
  COPILOT_SCRIPTED_MODEL,
  copilotCacheHome,
  copilotCliSetup,
} from '../../src/_runtimes/copilot-cli/setup.js';
import type { RunAgentOptions } from '../../src/run-agent-options.js';

const folders = { root: '/r', home: '/r/home', tmp: '/r/tmp', project: '/r/project' };
const prepare = (options: Partial<RunAgentOptions>, env: Record<string, string> = { HOME: '/r/home' }) =>
  copilotCliSetup.prepare({
    cli: 'copilot',
    folders,
    modelUrl: 'http://127.0.0.1:4000',
    env,
    options: { runtime: 'copilot-cli', model: 'http://127.0.0.1:4000', prompt: 'Hi', ...options },
  });

describe('the Copilot CLI setup', () => {
  it('runs -p headless in BYOK mode, offline, against the scripted model with a pinned model', async () => {
    const { args, env } = await prepare({});
    expect(args).toEqual(['-p', 'Hi', '--output-format', 'json', '--allow-all-tools']);
    expect(env).toMatchObject({
      HOME: '/r/home',
      COPILOT_OFFLINE: 'true',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:4000/v1',
      COPILOT_MODEL: COPILOT_SCRIPTED_MODEL,
    });
    // Project hooks load only with trust, which a run asks for itself (`args: ['--trust-folder']`).
    expect(args).not.toContain('--trust-folder');
    expect(env.COPILOT_ALLOW_ALL).toBeUndefined();
  });

  it('shares one package cache across runs, outside the fresh HOME', async () => {
    const { env } = await prepare({});
    expect(env.XDG_CACHE_HOME).toBe(copilotCacheHome());
    expect(env.XDG_CACHE_HOME?.startsWith('/r/home')).toBe(false);
    const chosen = await prepare({ env: { XDG_CACHE_HOME: '/c' } });
    expect(chosen.env.XDG_CACHE_HOME).toBe('/c');
  });

  it('puts the output flags, extra arguments and the caller’s environment last', async () => {
    const { args, env } = await prepare({
      outputArgs: ['--output-format', 'text'],
      args: ['--trust-folder'],
      env: { COPILOT_MODEL: 'other' },
    });
    expect(args).toEqual(['-p', 'Hi', '--output-format', 'text', '--allow-all-tools', '--trust-folder']);
    expect(env.COPILOT_MODEL).toBe('other');
  });

  it('finds the shared cache from SKILLPACK_COPILOT_CACHE or the user cache, and refuses a relative one', () => {
    expect(copilotCacheHome({ SKILLPACK_COPILOT_CACHE: '/x' }, '/home/u')).toBe('/x');
    expect(copilotCacheHome({ XDG_CACHE_HOME: '/xdg' }, '/home/u')).toBe(
      '/xdg/skillpack-testing/copilot-cli',
    );
    expect(copilotCacheHome({ XDG_CACHE_HOME: 'rel' }, '/home/u')).toBe(
      '/home/u/.cache/skillpack-testing/copilot-cli',
    );
    expect(() => copilotCacheHome({ SKILLPACK_COPILOT_CACHE: 'rel' })).toThrow(/absolute path/);
  });
});
