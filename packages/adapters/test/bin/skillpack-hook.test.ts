import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODEX_STOP, readSampleJson } from '../hooks/_samples.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(packageDir, 'dist/bin/skillpack-hook.js');
const BUNDLE = join(packageDir, 'dist/bundles/skillpack-hook.cjs');
const TRANSCRIPT = join(packageDir, 'test/fixtures/claude-code/transcript-session.jsonl');
const VERDICT = 'All checks pass.\n{"acceptance":"pass"}\nACCEPTANCE: PASS';
const CLAUDE_STOP = readSampleJson('claude', 'hook-stop-input.json');
const validateCodexOutput = new Ajv({ strict: false }).compile(
  readSampleJson('codex', 'hooks-stop.command.output.schema.json'),
);

interface HookRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly output: Record<string, string>;
}

function runHook(
  file: string,
  args: readonly string[],
  stdin: string | object,
  env: NodeJS.ProcessEnv = {},
): HookRun {
  const input = typeof stdin === 'string' ? stdin : JSON.stringify(stdin);
  const stateDir = mkdtempSync(join(tmpdir(), 'skillpack-hook-state-'));
  const run = spawnSync(process.execPath, [file, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: stateDir, ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20_000,
  });
  const lines = run.stdout.split('\n').filter(Boolean);
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    output: lines.length === 1 ? JSON.parse(lines[0]!) : { lines: run.stdout },
  };
}

const chainFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.block'));
const claude = ['claude-code', '--contract', 'conflux.acceptance'];
const codex = ['codex', '--contract', 'conflux.acceptance'];

beforeAll(() => {
  for (const file of [BIN, BUNDLE]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: build the adapters first (npm run build -w @skillpack/adapters)`);
  }
});

describe.each([
  ['the skillpack-hook bin', BIN],
  ['the self-contained bundle', BUNDLE],
])('%s as a child process', (_, file) => {
  it('prints {} and exits 0 when the stop satisfies the contract', () => {
    const run = runHook(file, claude, { ...CLAUDE_STOP, last_assistant_message: VERDICT });
    expect(run).toMatchObject({ status: 0, stdout: '{}\n', stderr: '' });
  });

  it.each([
    ['a message with no trace of the contract', 'Renamed the variable as you asked.', {}],
    ['a verdict that is malformed', '{"acceptance":"fail","findings":[{"id":"x"}]}', { decision: 'block' }],
    ['an unterminated ---RESULT--- block', 'Done.\n---RESULT---\nSTATUS: DONE', { decision: 'block' }],
  ] as const)('with --enforce attempted, answers %s with %j', (_, message, expected) => {
    const args = [...claude, '--contract', 'maestro.result', '--enforce', 'attempted'];
    const run = runHook(file, args, {
      ...CLAUDE_STOP,
      stop_hook_active: false,
      last_assistant_message: message,
    });
    expect(run.status).toBe(0);
    expect(run.output).toEqual('decision' in expected ? expect.objectContaining(expected) : expected);
  });

  it('with --enforce attempted, blocks a message with no trace of the contract when SKILLPACK_HOOK_ENFORCE=always', () => {
    const args = [...claude, '--enforce', 'attempted'];
    const stop = { ...CLAUDE_STOP, stop_hook_active: false, last_assistant_message: 'Done.' };
    expect(runHook(file, args, stop).output).toEqual({});
    const run = runHook(file, args, stop, { SKILLPACK_HOOK_ENFORCE: 'always' });
    expect(run.output).toMatchObject({ decision: 'block' });
    const wrong = runHook(file, args, stop, { SKILLPACK_HOOK_ENFORCE: 'yes' });
    expect(wrong.output).toEqual({
      systemMessage: expect.stringContaining('SKILLPACK_HOOK_ENFORCE must be one of always, attempted'),
    });
  });

  it('blocks a stop without a verdict with the Conflux correction', () => {
    const run = runHook(file, claude, { ...CLAUDE_STOP, stop_hook_active: false });
    expect(run.status).toBe(0);
    expect(run.output).toEqual({
      decision: 'block',
      reason: expect.stringContaining('{"acceptance":"pass"}'),
      systemMessage: expect.stringContaining('conflux.acceptance (missing_verdict) not satisfied'),
    });
  });

  it('blocks a Codex stop with output the Codex schema accepts', () => {
    const run = runHook(file, codex, CODEX_STOP);
    expect(run.output.decision).toBe('block');
    expect(validateCodexOutput(run.output)).toBe(true);
  });

  it('checks a SubagentStop payload', () => {
    const run = runHook(file, claude, readSampleJson('claude', 'hook-subagentstop-input.json'));
    expect(run.output.decision).toBe('block');
  });

  it.each([
    ['malformed JSON', '{"session_id": "abc', /stdin is not JSON: received "\{\\"session_id\\": \\"abc"/],
    ['empty stdin', '', /stdin is empty; expected the claude-code Stop hook JSON/],
    ['a JSON array', '[]', /Claude Code Stop hook input is invalid/],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]).toString('latin1'), /stdin is not JSON/],
  ])('lets the stop through on %s, saying why in JSON', (_, stdin, message) => {
    const run = runHook(file, claude, stdin);
    expect(run.status).toBe(0);
    expect(Object.keys(run.output)).toEqual(['systemMessage']);
    expect(run.output.systemMessage).toMatch(message);
    expect(run.stderr).toContain(run.output.systemMessage);
  });

  it('checks a huge message and answers in one JSON line', () => {
    const message = `${'The build log says all is well. '.repeat(600_000)}\n${VERDICT}`;
    expect(message.length).toBeGreaterThan(19_000_000);
    const run = runHook(file, codex, { ...CODEX_STOP, last_assistant_message: message });
    expect(run).toMatchObject({ status: 0, stdout: '{}\n' });
  });

  it('refuses stdin larger than --max-input-bytes without reading it all', () => {
    const run = runHook(file, [...codex, '--max-input-bytes', '4096'], {
      ...CODEX_STOP,
      last_assistant_message: 'x'.repeat(100_000),
    });
    expect(run.output).toEqual({
      systemMessage: 'skillpack-hook: stdin holds more than 4096 bytes; not read further.',
    });
  });

  it('reads the transcript when the message is absent', () => {
    const { last_assistant_message: _, ...payload } = CLAUDE_STOP;
    const run = runHook(file, claude, { ...payload, transcript_path: TRANSCRIPT });
    expect(run).toMatchObject({ status: 0, stdout: '{}\n' });
  });

  it('lets the stop through when the transcript file is missing', () => {
    const { last_assistant_message: _, ...payload } = CLAUDE_STOP;
    const run = runHook(file, claude, { ...payload, transcript_path: '/nonexistent/skillpack/t.jsonl' });
    expect(run.status).toBe(0);
    expect(run.output.systemMessage).toMatch(
      /Cannot read the transcript "\/nonexistent\/skillpack\/t\.jsonl": ENOENT/,
    );
  });

  it('lets a Codex stop with last_assistant_message: null through, naming the cause', () => {
    const run = runHook(file, codex, {
      ...CODEX_STOP,
      last_assistant_message: null,
      transcript_path: '/nonexistent/skillpack/rollout.jsonl',
    });
    expect(run.status).toBe(0);
    expect(run.output.systemMessage).toMatch(/the turn ended without a final assistant message/);
  });

  it('refuses a FIFO as the transcript instead of hanging', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-hook-transcript-'));
    expect(spawnSync('mkfifo', [join(dir, 't.jsonl')]).status).toBe(0);
    const { last_assistant_message: _, ...payload } = CLAUDE_STOP;
    const run = runHook(file, claude, { ...payload, transcript_path: join(dir, 't.jsonl') });
    expect(run.status).toBe(0);
    expect(run.output.systemMessage).toMatch(/Cannot read the transcript .*not a regular file/);
  });

  it('never hangs on a stdin that stays open', async () => {
    const child = spawn(process.execPath, [file, ...claude, '--timeout-ms', '300'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stdin.write('{"session_id":');
    // A hang fails the test by its timeout; the message proves the hook's own deadline ended it.
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      systemMessage: 'skillpack-hook: gave up after 300 ms (its own deadline).',
    });
    child.stdin.destroy();
  });

  it('counts blocks across processes and lets the agent stop once the budget is spent', () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'skillpack-hook-chain-'));
    const env = { SKILLPACK_HOOK_STATE_DIR: stateDir };
    const stop = (active: boolean) => runHook(file, codex, { ...CODEX_STOP, stop_hook_active: active }, env);
    expect(stop(false).output.systemMessage).toContain('(1 of 2)');
    expect(chainFiles(stateDir)).toHaveLength(1);
    expect(stop(true).output.systemMessage).toContain('(2 of 2)');
    const third = stop(true);
    expect(third.output).toEqual({
      systemMessage: expect.stringMatching(/after 2 blocked stop\(s\); letting the agent stop/),
    });
    // A spent budget stays spent (a concurrent stop of the chain must not get it back); the chain's next
    // first stop starts over.
    expect(chainFiles(stateDir)).toHaveLength(2);
    expect(stop(false).output.systemMessage).toContain('(1 of 2)');
    expect(chainFiles(stateDir)).toHaveLength(1);
    if (file === BUNDLE)
      expect(readdirSync(stateDir).filter((name) => name.endsWith('.v8cache'))).toHaveLength(1);
  });

  it.runIf(file === BUNDLE)('never blocks on a FIFO planted where its code cache goes', () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'skillpack-hook-fifo-'));
    const env = { SKILLPACK_HOOK_STATE_DIR: stateDir };
    const stop = () => runHook(file, codex, { ...CODEX_STOP, stop_hook_active: false }, env);
    expect(stop().output.systemMessage).toContain('(1 of 2)');
    const [cache] = readdirSync(stateDir).filter((name) => name.endsWith('.v8cache'));
    expect(cache).toBeDefined();
    rmSync(join(stateDir, cache!));
    expect(spawnSync('mkfifo', [join(stateDir, cache!)]).status).toBe(0);
    const again = stop();
    expect(again.status).toBe(0);
    expect(again.output.systemMessage).toContain('(1 of 2)');
  });

  it.each([
    [[], /first argument must be one of claude-code, codex/],
    [['claude-code'], /At least one --contract/],
    [
      ['codex', '--contract', 'conflux.nope'],
      /Unknown contract "conflux.nope". Known contracts: .*conflux\.acceptance/,
    ],
    [
      ['codex', '--contract', 'conflux.acceptance', '--max-blocks', 'many'],
      /--max-blocks must be an integer/,
    ],
  ])('exits 0 with a JSON notice for the mistake in %j', (args, message) => {
    const run = runHook(file, args, CODEX_STOP);
    expect(run.status).toBe(0);
    expect(run.output.systemMessage).toMatch(message);
  });

  it('prints usage for --help', () => {
    const run = runHook(file, ['--help'], '');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Usage: skillpack-hook <claude-code\|codex\|gemini-cli\|copilot-cli\|qwen-code>/,
    );
  });
});

describe('the self-contained bundle', () => {
  it('runs from a folder with no node_modules anywhere above it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-pack-'));
    const copy = join(dir, 'skillpack-hook.cjs');
    copyFileSync(BUNDLE, copy);
    expect(existsSync(join(tmpdir(), 'node_modules'))).toBe(false);
    expect(runHook(copy, claude, { ...CLAUDE_STOP, last_assistant_message: VERDICT }).stdout).toBe('{}\n');
    expect(runHook(copy, ['codex', '--contract', 'maestro.result'], CODEX_STOP).output.decision).toBe(
      'block',
    );
  });

  it('imports and requires nothing but node: built-ins', () => {
    const source = readFileSync(BUNDLE, 'utf8');
    const imported = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map(
      (match) => match[1],
    );
    const required = [...source.matchAll(/\brequire\(\\?["']([^"'\\]+)\\?["']\)/g)].map((match) => match[1]);
    // The loader takes its built-ins through process.getBuiltinModule: an ES import of node:fs would build
    // that module's whole namespace (streams, promises) before the hook program even starts.
    expect(imported).toEqual([]);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((specifier) => !specifier!.startsWith('node:'))).toEqual([]);
  });
});

describe('the skillpack-hook bin', () => {
  it('loads only core, zod, node built-ins and the hook code', () => {
    const trace = join(mkdtempSync(join(tmpdir(), 'skillpack-trace-')), 'trace.txt');
    const run = spawnSync(
      process.execPath,
      ['--import', fileURLToPath(new URL('trace-imports.mjs', import.meta.url)), BIN, ...claude],
      {
        input: JSON.stringify(CLAUDE_STOP),
        encoding: 'utf8',
        env: { ...process.env, SKILLPACK_TRACE_FILE: trace },
      },
    );
    expect(run.status).toBe(0);
    const loaded = [...new Set(readFileSync(trace, 'utf8').split('\n').filter(Boolean))];
    const outside = loaded.filter(
      (url) =>
        !url.startsWith('node:') &&
        !/\/node_modules\/zod\//.test(url) &&
        !/\/packages\/core\/dist\//.test(url) &&
        !/\/packages\/adapters\/dist\/(bin|hooks)\//.test(url) &&
        // Each runtime's Stop-hook dialect, and their table: never a reader or a wire schema.
        !/\/packages\/adapters\/dist\/[a-z-]+\/(stop-hook|stop-hook-dialect|stop-hook-hosts|hook-input|hook-input-schemas|subagent)\.js$/.test(
          url,
        ) &&
        // The one channel order, shared with extractContract (pure, imports only core's types).
        !/\/packages\/adapters\/dist\/(stop-hook-dialects|hook-runtimes|runtime-id|contract-channels)\.js$/.test(
          url,
        ),
    );
    expect(outside).toEqual([]);
    expect(loaded.some((url) => /handlebars|gray-matter|ts-morph|skill-gen/.test(url))).toBe(false);
    // Only the family of the requested contract is loaded.
    expect(loaded.some((url) => url.includes('/core/dist/conflux/'))).toBe(true);
    expect(loaded.some((url) => /\/core\/dist\/(maestro|zaofu|devflow)\//.test(url))).toBe(false);
  });
});

describe('skillpack-hook under GitHub Copilot CLI (1.0.102 captured stops)', () => {
  const fixtures = join(packageDir, 'test/fixtures/copilot-cli/hook');
  /** The captured first stop and its transcript, with the transcript path pointed at the fixture. */
  function firstStop(stem: string, key: 'transcriptPath' | 'transcript_path') {
    const line = readFileSync(join(fixtures, `${stem}.hook-input.jsonl`), 'utf8').split('\n')[0]!;
    return { ...JSON.parse(line), [key]: join(fixtures, `${stem}.events.jsonl`) };
  }

  it.each([
    ['the skillpack-hook bin', BIN],
    ['the self-contained bundle', BUNDLE],
  ])('%s: copilot-cli reads the answer from events.jsonl and pushes back at exit 0', (_, file) => {
    const run = runHook(
      file,
      ['copilot-cli', '--contract', 'conflux.acceptance'],
      firstStop('json-stop-hook-block', 'transcriptPath'),
      { COPILOT_CLI: '1' },
    );
    expect(run.status).toBe(0);
    expect(run.output).toMatchObject({
      decision: 'block',
      reason: expect.stringContaining('The project holds notes.txt.'),
    });
  });

  it.each([
    ['the skillpack-hook bin', BIN],
    ['the self-contained bundle', BUNDLE],
  ])('%s: a Claude Code hook that Copilot runs reads Copilot’s transcript, not nothing', (_, file) => {
    const payload = firstStop('json-stop-hook-claude-settings', 'transcript_path');
    const underCopilot = runHook(file, claude, payload, { COPILOT_CLI: '1' });
    expect(underCopilot.status).toBe(0);
    expect(underCopilot.output).toMatchObject({
      decision: 'block',
      reason: expect.stringContaining('The project holds notes.txt.'),
    });
    // Without Copilot's environment the same payload is a Claude Code stop whose transcript it cannot read:
    // let through with a notice, never judged.
    const alone = runHook(file, claude, payload, { COPILOT_CLI: '' });
    expect(alone.output.decision).toBeUndefined();
    expect(alone.output.systemMessage).toMatch(/transcript/);
  });
});
