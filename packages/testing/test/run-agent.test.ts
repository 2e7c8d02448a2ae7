import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAgent } from '../src/run-agent.js';

// These tests check what the runner itself does (folders, environment, bounds) with a shell script standing
// in for the CLI; driving the real Claude Code, Codex and OpenCode CLIs is e2e/testing-runner.test.mjs.
const root = mkdtempSync(join(tmpdir(), 'skillpack-run-agent-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const file = join(root, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Whether a process exists and is not a zombie left for a parent that does not reap it. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const printEnv = script('print-env', 'pwd; env; printf "%s\\n" "$@" > "$HOME/args"; ls -a');

describe('runAgent', () => {
  it('throws before creating anything when the CLI is not found', async () => {
    await expect(
      runAgent({
        runtime: 'codex',
        model: 'http://127.0.0.1:9',
        prompt: 'x',
        env: { PATH: join(root, 'none') },
      }),
    ).rejects.toThrow('runAgent: the codex CLI is not on PATH; install it or pass its path as `cli`.');
  });

  it('runs the CLI in a fresh git project with every home inside its temp root and nothing else inherited', async () => {
    process.env.SKILLPACK_TESTING_SECRET = 'leak';
    try {
      const result = await runAgent({
        runtime: 'claude-code',
        cli: printEnv,
        model: 'http://127.0.0.1:9/',
        prompt: 'hello',
        files: { 'notes/a.txt': 'A' },
        keepTemp: true,
      });
      const { root: tempRoot, home, project, tmp } = result.folders;
      try {
        const [cwd, ...lines] = result.stdout.trim().split('\n');
        const env = Object.fromEntries(
          lines.filter((line) => line.includes('=')).map((line) => line.split(/=(.*)/s)),
        );
        expect(cwd).toBe(project);
        expect(project.startsWith(tempRoot)).toBe(true);
        expect(lines).toContain('.git');
        expect(readFileSync(join(project, 'notes/a.txt'), 'utf8')).toBe('A');
        expect(env).toMatchObject({
          HOME: home,
          TMPDIR: tmp,
          XDG_CONFIG_HOME: join(home, '.config'),
          XDG_CACHE_HOME: join(home, '.cache'),
          ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
          CLAUDE_CODE_TMPDIR: tmp,
          CLAUDE_CODE_MAX_RETRIES: '0',
          DISABLE_TELEMETRY: '1',
        });
        expect(env.SKILLPACK_TESTING_SECRET).toBeUndefined();
        for (const value of [env.HOME, env.TMPDIR, env.XDG_RUNTIME_DIR, env.XDG_DATA_HOME]) {
          expect(value?.startsWith(tempRoot)).toBe(true);
        }
        expect(readFileSync(join(home, 'args'), 'utf8').trim().split('\n')).toEqual([
          '-p',
          'hello',
          '--output-format',
          'stream-json',
          '--verbose',
        ]);
        expect(result.exitCode).toBe(0);
        expect(result.requests).toEqual([]);
      } finally {
        rmSync(tempRoot, { recursive: true, force: true });
      }
    } finally {
      delete process.env.SKILLPACK_TESTING_SECRET;
    }
  });

  it('copies folders into the project and writes files over them', async () => {
    const pack = join(root, 'pack');
    mkdirSync(join(pack, '.agents/skills/review'), { recursive: true });
    writeFileSync(join(pack, '.agents/skills/review/SKILL.md'), 'skill');
    writeFileSync(join(pack, 'AGENTS.md'), 'from the pack');
    const cli = script('cat-files', 'cat .agents/skills/review/SKILL.md AGENTS.md');
    const result = await runAgent({
      runtime: 'codex',
      cli,
      model: 'http://127.0.0.1:9',
      prompt: 'x',
      copyIntoProject: [pack],
      files: { 'AGENTS.md': ' and the test' },
    });
    expect(result.stdout).toBe('skill and the test');
  });

  it('writes stdin when given, and passes no prompt argument to Claude Code for an empty prompt', async () => {
    const cli = script('echo-stdin', 'printf "%s," "$@"; cat');
    const result = await runAgent({
      runtime: 'claude-code',
      cli,
      model: 'http://127.0.0.1:9',
      prompt: '',
      stdin: 'lines\n',
    });
    expect(result.stdout).toBe('-p,--output-format,stream-json,--verbose,lines\n');
    const silent = await runAgent({ runtime: 'claude-code', cli, model: 'http://127.0.0.1:9', prompt: 'x' });
    expect(silent.stdout).toBe('-p,x,--output-format,stream-json,--verbose,');
  });

  it('removes its temp root after the run unless asked to keep it', async () => {
    const result = await runAgent({
      runtime: 'opencode',
      cli: printEnv,
      model: 'http://127.0.0.1:9',
      prompt: 'x',
    });
    expect(existsSync(result.folders.root)).toBe(false);
    expect(result.stdout).toContain('OPENCODE_CONFIG_CONTENT={"provider":{"scripted"');
  });

  it('writes the Codex provider config into its own CODEX_HOME', async () => {
    const cli = script('print-codex-config', 'cat "$CODEX_HOME/config.toml"; printf "%s\\n" "$@"');
    const result = await runAgent({
      runtime: 'codex',
      cli,
      model: 'http://127.0.0.1:9',
      prompt: 'go',
      maxRetries: 2,
    });
    expect(result.stdout).toContain('base_url = "http://127.0.0.1:9/v1"');
    expect(result.stdout).toContain('request_max_retries = 2');
    expect(result.stdout.trim().split('\n').slice(-3)).toEqual(['exec', '--json', 'go']);
  });

  it('copies folders into the run home before the run, then writes its own Codex config over them', async () => {
    const userHome = join(root, 'user-home');
    mkdirSync(join(userHome, '.codex/hooks/p'), { recursive: true });
    writeFileSync(join(userHome, '.codex/hooks.json'), '{"hooks":{}}');
    writeFileSync(join(userHome, '.codex/config.toml'), 'model_provider = "openai"\n');
    const cli = script('print-home', 'cat "$CODEX_HOME/hooks.json"; echo; cat "$CODEX_HOME/config.toml"');
    const result = await runAgent({
      runtime: 'codex',
      cli,
      model: 'http://127.0.0.1:9',
      prompt: 'go',
      copyIntoHome: [{ from: join(userHome, '.codex'), to: '.codex' }],
    });
    expect(result.stdout).toContain('{"hooks":{}}');
    expect(result.stdout).toContain('model_provider = "scripted"');
    expect(result.stdout).not.toContain('model_provider = "openai"');
  });

  it.each(['../outside', '/etc', ''])('refuses the home path %j outside the home', async (to) => {
    await expect(
      runAgent({
        runtime: 'codex',
        cli: printEnv,
        model: 'http://127.0.0.1:9',
        prompt: 'x',
        copyIntoHome: [{ from: root, to }],
      }),
    ).rejects.toThrow('expected a relative path inside HOME');
  });

  it.each(['../outside.txt', '/etc/x', '', 'a/../../b'])(
    'refuses the file path %j outside the project',
    async (path) => {
      await expect(
        runAgent({
          runtime: 'codex',
          cli: printEnv,
          model: 'http://127.0.0.1:9',
          prompt: 'x',
          files: { [path]: 'x' },
        }),
      ).rejects.toThrow('expected a relative path inside the project');
    },
  );

  it.skipIf(process.platform !== 'linux')('kills the whole process group at the timeout', async () => {
    const marker = join(root, 'grandchild.pid');
    const cli = script('hang', `sleep 60 & echo $! > "${marker}"; wait`);
    const result = await runAgent({
      runtime: 'codex',
      cli,
      model: 'http://127.0.0.1:9',
      prompt: 'x',
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM' });
    const grandchild = Number(readFileSync(marker, 'utf8'));
    expect(isRunning(grandchild)).toBe(false);
  });
});
