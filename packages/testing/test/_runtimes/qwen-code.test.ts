import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeVersionError, nodeMajor, qwenNodeFolder } from '../../src/_runtimes/qwen-code/node.js';
import { qwenCodeSetup, qwenCodeUserSettings } from '../../src/_runtimes/qwen-code/setup.js';
import type { RunAgentOptions } from '../../src/run-agent-options.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'qwen-setup-'));
  roots.push(root);
  return root;
}

/** A fake `node` that prints `version`, in its own folder. */
function fakeNode(dir: string, version: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'node');
  writeFileSync(file, `#!/bin/sh\necho ${version}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('nodeMajor', () => {
  it.each([
    ['v22.23.5', 22],
    ['v20.20.2\n', 20],
    ['24.0.0', 24],
    ['', undefined],
    ['node', undefined],
    [undefined, undefined],
  ] as const)('%j -> %j', (version, major) => {
    expect(nodeMajor(version)).toBe(major);
  });
});

describe('qwenNodeFolder', () => {
  it('needs nothing when the node on PATH is 22 or newer', () => {
    const root = tempRoot();
    fakeNode(join(root, 'path'), 'v22.1.0');
    expect(qwenNodeFolder(join(root, 'bin', 'qwen'), join(root, 'path'))).toBeUndefined();
  });

  it('takes the Node 22 linked beside the CLI when the node on PATH is older', () => {
    const root = tempRoot();
    fakeNode(join(root, 'path'), 'v20.20.2');
    fakeNode(join(root, 'bin'), 'v22.23.5');
    expect(qwenNodeFolder(join(root, 'bin', 'qwen'), join(root, 'path'))).toBe(join(root, 'bin'));
  });

  it('throws a NodeVersionError naming the version needed and the one found', () => {
    const root = tempRoot();
    fakeNode(join(root, 'path'), 'v20.20.2');
    fakeNode(join(root, 'bin'), 'v21.0.0');
    let error: unknown;
    try {
      qwenNodeFolder(join(root, 'bin', 'qwen'), join(root, 'path'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(NodeVersionError);
    expect(error).toMatchObject({ code: 'node_too_old', required: 22, found: 'v20.20.2' });
    expect((error as Error).message).toMatch(/Node\.js 22 or newer.*v20\.20\.2/);
  });
});

describe('qwenCodeSetup', () => {
  function context(root: string, options: Partial<RunAgentOptions> = {}) {
    const home = join(root, 'home');
    mkdirSync(home, { recursive: true });
    fakeNode(join(root, 'bin'), 'v22.23.5');
    return {
      cli: join(root, 'bin', 'qwen'),
      folders: { root, home, tmp: join(root, 'tmp'), project: join(root, 'project') },
      modelUrl: 'http://127.0.0.1:4000',
      env: { PATH: join(root, 'empty'), HOME: home },
      options: { runtime: 'qwen-code', model: 'http://127.0.0.1:4000', prompt: 'Hi', ...options },
    } as const;
  }

  it('writes isolating user settings, pins the model endpoint and puts the Node 22 first on PATH', async () => {
    const root = tempRoot();
    const prepared = await qwenCodeSetup.prepare(context(root) as never);
    expect(prepared.args).toEqual([
      '-p',
      'Hi',
      '--auth-type',
      'openai',
      '--output-format',
      'stream-json',
      '--include-partial-messages',
      '--approval-mode',
      'yolo',
    ]);
    expect(prepared.env).toMatchObject({
      OPENAI_BASE_URL: 'http://127.0.0.1:4000/v1',
      OPENAI_MODEL: 'gpt-4.1',
      PATH: `${join(root, 'bin')}:${join(root, 'empty')}`,
    });
    const settings = JSON.parse(readFileSync(join(root, 'home', '.qwen', 'settings.json'), 'utf8'));
    expect(settings).toEqual(JSON.parse(qwenCodeUserSettings(0)));
    expect(settings.memory).toEqual({ enableManagedAutoMemory: false, enableManagedAutoDream: false });
    expect(settings.tools.shell).toEqual({ enableInteractiveShell: true });
  });

  it('leaves an approval mode the caller chose, and a home the caller passed', async () => {
    const root = tempRoot();
    const prepared = await qwenCodeSetup.prepare(
      context(root, { args: ['--approval-mode=default'], home: join(root, 'home') }) as never,
    );
    expect(prepared.args).not.toContain('yolo');
    expect(prepared.args.at(-1)).toBe('--approval-mode=default');
    expect(() => readFileSync(join(root, 'home', '.qwen', 'settings.json'))).toThrow();
  });
});
