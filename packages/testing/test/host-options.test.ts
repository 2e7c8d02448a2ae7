import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_IDS } from '@skillpack/adapters';
import type { RunContractOptions } from '@skillpack/host';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { RUNTIME_SETUPS } from '../src/_runtimes/registry.js';
import { type ScriptedHostOptions, scriptedHostOptions } from '../src/host-options.js';

const MODEL = 'http://127.0.0.1:4567/';
const PROBE = 'SKILLPACK_HOST_OPTIONS_PROBE';
process.env[PROBE] = 'leaked';

/** A stand-in CLI (nothing runs it: the options are only prepared), with a Node 22 beside it for Qwen and Pi. */
function fakeCli(bin: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-host-options-'));
  writeFileSync(join(dir, 'node'), '#!/bin/sh\necho v22.23.5\n');
  chmodSync(join(dir, 'node'), 0o755);
  writeFileSync(join(dir, bin), '#!/bin/sh\nexit 9\n');
  chmodSync(join(dir, bin), 0o755);
  return join(dir, bin);
}

describe('scriptedHostOptions', () => {
  it('is the runContract options of its runtime', () => {
    expectTypeOf<ScriptedHostOptions<'codex'>>().toExtend<
      Pick<RunContractOptions<unknown>, 'runtime' | 'cwd' | 'bin' | 'env' | 'args'>
    >();
    expectTypeOf<ScriptedHostOptions<'codex'>['runtime']>().toEqualTypeOf<'codex'>();
  });

  it.each(RUNTIME_IDS.map((runtime) => [runtime]))(
    '%s: the runtime setup’s environment and arguments, a git project, removed by dispose',
    async (runtime) => {
      const cli = fakeCli(RUNTIME_SETUPS[runtime].bin);
      const offline = await scriptedHostOptions(runtime, { model: MODEL, cli, env: { EXTRA: '1' } });
      expect(offline.runtime).toBe(runtime);
      expect(offline.bin).toBe(cli);
      expect(offline.cwd).toBe(offline.folders.project);
      expect(existsSync(join(offline.cwd, '.git'))).toBe(true);
      expect(offline.env).toMatchObject({
        HOME: offline.folders.home,
        TMPDIR: offline.folders.tmp,
        EXTRA: '1',
      });
      // A variable of this process is unset for the CLI (runContract sets `env` over process.env).
      expect(Object.hasOwn(offline.env, PROBE)).toBe(true);
      expect(offline.env[PROBE]).toBeUndefined();
      // The scripted model's address is in the environment, in a file of HOME, or in the arguments.
      const prepared = await RUNTIME_SETUPS[runtime].prepare({
        cli,
        folders: offline.folders,
        modelUrl: 'http://127.0.0.1:4567',
        env: {},
        options: { runtime, model: MODEL, prompt: '' },
      });
      expect(offline.args).toEqual(prepared.modelArgs);
      offline.dispose();
      expect(existsSync(offline.folders.root)).toBe(false);
    },
  );

  it('uses a project given, and leaves it in place', async () => {
    const project = mkdtempSync(join(tmpdir(), 'skillpack-host-project-'));
    const cli = fakeCli(RUNTIME_SETUPS['claude-code'].bin);
    {
      using offline = await scriptedHostOptions('claude-code', { model: MODEL, cli, project });
      expect(offline.cwd).toBe(project);
      expect(offline.env.ANTHROPIC_BASE_URL).toBe('http://127.0.0.1:4567');
    }
    expect(existsSync(project)).toBe(true);
  });

  it('names the runtime when its CLI is not on PATH', async () => {
    await expect(
      scriptedHostOptions('codex', { model: MODEL, env: { PATH: '/nonexistent' } }),
    ).rejects.toThrow(/codex CLI is not on PATH/);
  });
});
