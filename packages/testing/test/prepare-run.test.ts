import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareRun } from '../src/_prepare-run.js';
import { RUNTIME_SETUPS } from '../src/_runtimes/registry.js';

const roots: string[] = [];
afterEach(() => {
  delete process.env.SKILLPACK_PREPARE_RUN_SENTINEL;
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A folder holding a CLI that is never run and a `node` that says it is 22 (Qwen Code's check). */
function fakeCli(bin: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-prepare-'));
  roots.push(dir);
  writeFileSync(join(dir, 'node'), '#!/bin/sh\necho v22.23.5\n');
  chmodSync(join(dir, 'node'), 0o755);
  writeFileSync(join(dir, bin), '#!/bin/sh\nexit 9\n');
  chmodSync(join(dir, bin), 0o755);
  return join(dir, bin);
}

/** Whether `part` appears in `args` in order (not necessarily side by side). */
function inOrder(args: readonly string[], part: readonly string[]): boolean {
  let at = 0;
  for (const arg of args) if (arg === part[at]) at++;
  return at === part.length;
}

describe('prepareRun: what runAgent sets up before it spawns, for a caller that spawns the CLI itself', () => {
  it.each(RUNTIME_IDS)('%s: folders, an environment of its own, and the model arguments', async (runtime) => {
    const cli = fakeCli(RUNTIME_SETUPS[runtime].bin);
    process.env.SKILLPACK_PREPARE_RUN_SENTINEL = 'inherited';
    const run = await prepareRun({
      runtime,
      model: 'http://127.0.0.1:4000/',
      prompt: 'Hi',
      cli,
      files: { 'notes.md': '# notes\n' },
    });
    try {
      expect(run.cli).toBe(cli);
      expect(run.env.HOME).toBe(run.folders.home);
      expect(run.env.TMPDIR).toBe(run.folders.tmp);
      expect(existsSync(join(run.folders.project, '.git'))).toBe(true);
      expect(existsSync(join(run.folders.project, 'notes.md'))).toBe(true);
      expect(run.args).toContain('Hi');
      expect(inOrder(run.args, run.modelArgs), `${run.modelArgs} in ${run.args}`).toBe(true);
      // Nothing of this process's environment but PATH and LANG.
      expect(run.env.SKILLPACK_PREPARE_RUN_SENTINEL).toBeUndefined();
      expect(run.env.PATH?.endsWith(process.env.PATH ?? '')).toBe(true);
    } finally {
      run.dispose();
    }
    expect(existsSync(run.folders.root)).toBe(false);
  });

  it('gives the arguments a runtime needs beside the headless ones: Gemini its model, Qwen its auth type', async () => {
    const gemini = await prepareRun({
      runtime: 'gemini-cli',
      model: 'http://x',
      prompt: '',
      cli: fakeCli('gemini'),
    });
    const qwen = await prepareRun({
      runtime: 'qwen-code',
      model: 'http://x',
      prompt: '',
      cli: fakeCli('qwen'),
    });
    try {
      expect(gemini.modelArgs).toEqual(['-m', 'gemini-2.5-pro']);
      expect(qwen.modelArgs).toEqual(['--auth-type', 'openai', '--approval-mode', 'yolo']);
    } finally {
      gemini.dispose();
      qwen.dispose();
    }
  });

  it('throws, naming the runtime, when the CLI is not on PATH, and leaves no folder behind', async () => {
    await expect(
      prepareRun({ runtime: 'codex', model: 'http://x', prompt: '', env: { PATH: '/nonexistent' } }),
    ).rejects.toThrow(/the codex CLI is not on PATH/);
  });
});
