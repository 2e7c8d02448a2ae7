import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { extractContract, readAgentRun } from '@skillpack/adapters';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const FIXTURES = fileURLToPath(new URL('../../../adapters/test/fixtures/', import.meta.url));
const fixture = (path: string) => join(FIXTURES, path);

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly document: Record<string, unknown>;
}

async function parse(args: readonly string[], stdin: string | Uint8Array = ''): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: Readable.from([typeof stdin === 'string' ? Buffer.from(stdin) : stdin]),
    cwd: FIXTURES,
    env: {},
  };
  const code = await runCli(['parse', ...args], io);
  const lines = stdout.split('\n').filter(Boolean);
  return { code, stdout, stderr, document: lines.length === 1 ? JSON.parse(lines[0]!) : { lines } };
}

const PASS_TEXT = 'All checks pass.\n{"acceptance":"pass"}\nACCEPTANCE: PASS\n';

describe('skillpack parse', () => {
  it.each([
    ['claude-code', 'claude-code/captured/stream-json-success-verdict.jsonl'],
    ['codex', 'codex/captured/exec-json-success-verdict.jsonl'],
    ['codex', 'codex/exec-json-success-verdict.jsonl'],
    ['opencode', 'opencode/captured/run-json-success-verdict.ndjson'],
    ['copilot-cli', 'copilot-cli/captured/json-success-verdict.jsonl'],
  ] as const)('detects %s in %s (LF and CRLF) and prints the canonical verdict', async (runtime, file) => {
    // The CRLF copy is what the CLIs write on Windows; the captures are from Linux.
    const crlf = join(mkdtempSync(join(tmpdir(), 'skillpack-parse-crlf-')), 'stdout.txt');
    writeFileSync(crlf, readFileSync(fixture(file), 'utf8').replaceAll('\n', '\r\n'));
    for (const [requested, path] of [
      ['auto', file],
      [runtime, file],
      ['auto', crlf],
      [runtime, crlf],
    ] as const) {
      const ran = await parse(['--contract', 'conflux.acceptance', '--runtime', requested, path]);
      expect(ran.code).toBe(0);
      expect(ran.document).toEqual({
        ok: true,
        contract: 'conflux.acceptance',
        runtime,
        value: { acceptance: 'pass' },
      });
      expect(ran.stdout.endsWith('}\n')).toBe(true);
    }
  });

  it('reads plain text from stdin as the final message with --runtime text', async () => {
    const ran = await parse(['--contract', 'conflux.acceptance', '--runtime', 'text'], PASS_TEXT);
    expect(ran.code).toBe(0);
    expect(ran.document).toMatchObject({ ok: true, runtime: 'text', value: { acceptance: 'pass' } });
  });

  it('finds plain text on stdin with auto (-, or nothing), an incomplete run: run_not_complete with its candidate', async () => {
    for (const args of [['-'], [], ['--runtime', 'auto', '-']]) {
      const ran = await parse(['--contract', 'conflux.acceptance', ...args], PASS_TEXT);
      expect(ran.code).toBe(1);
      expect(ran.document).toMatchObject({
        ok: false,
        runtime: 'text',
        error: {
          code: 'run_not_complete',
          details: {
            finish: 'unknown',
            reason: { code: 'no_completion_signal' },
            candidate: { success: true, data: { acceptance: 'pass' } },
          },
        },
      });
    }
    const accepted = await parse(['--contract', 'conflux.acceptance', '--accept-incomplete'], PASS_TEXT);
    expect(accepted.code).toBe(0);
    expect(accepted.document).toMatchObject({
      ok: true,
      runtime: 'text',
      value: { acceptance: 'pass' },
      warnings: [{ code: 'run_not_complete' }],
    });
  });

  it.each(
    (['claude-code', 'codex', 'opencode'] as const).flatMap((runtime) =>
      readdirSync(fixture(`${runtime}/captured`))
        .filter((file) => file !== 'SOURCES.md')
        .map((file) => [runtime, file] as const),
    ),
  )('gives the answer of readAgentRun + extractContract on the capture %s/%s', async (runtime, file) => {
    const path = `${runtime}/captured/${file}`;
    const agentRun = await readAgentRun(readFileSync(fixture(path)));
    const expected = extractContract(agentRun, 'conflux.acceptance', { registry: builtinContracts });
    const ran = await parse(['--contract', 'conflux.acceptance', path]);
    expect(ran.code).toBe(expected.success ? 0 : 1);
    expect(ran.document).toMatchObject(
      expected.success
        ? { ok: true, value: { acceptance: (expected.data as { acceptance: string }).acceptance } }
        : { ok: false, error: { code: expected.error.code } },
    );
  });

  it('prints a FAIL verdict canonically, without parse metadata', async () => {
    const text = '{"acceptance":"fail","findings":["The README lacks the install step"]}\nACCEPTANCE: FAIL\n';
    const ran = await parse(['--contract', 'conflux.acceptance', '--runtime', 'text'], text);
    expect(ran.code).toBe(0);
    expect(ran.document.value).toEqual({
      acceptance: 'fail',
      findings: ['The README lacks the install step'],
    });
  });

  it('exits 1 with the typed error when the contract is not satisfied', async () => {
    const ran = await parse(['--contract', 'conflux.acceptance'], 'I think it is fine.\n');
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({
      ok: false,
      contract: 'conflux.acceptance',
      runtime: 'text',
      error: { code: expect.any(String), message: expect.any(String), details: expect.any(Object) },
    });
    expect(ran.stderr).toBe('');
  });

  it('exits 1 for a maestro fallback, which is not the block the contract asks for', async () => {
    const ran = await parse(
      ['--contract', 'maestro.result', '--runtime', 'text'],
      'Done, everything works.\n',
    );
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({ ok: false, error: { code: 'fallback_result' } });
  });

  it('reads a maestro block out of a Codex run', async () => {
    const block = '---RESULT---\nSTATUS: DONE\nSUMMARY: Added the rounding fix\n---END---';
    const lines = [
      { type: 'thread.started', thread_id: 't-1' },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: `Finished.\n${block}` } },
      { type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } },
    ];
    const ran = await parse(
      ['--contract', 'maestro.result'],
      lines.map((line) => JSON.stringify(line)).join('\n'),
    );
    expect(ran.code).toBe(0);
    expect(ran.document).toMatchObject({ ok: true, runtime: 'codex', value: { fallback: false } });
  });

  const withoutResult = () =>
    readFileSync(fixture('claude-code/captured/stream-json-success-verdict.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line === '' || JSON.parse(line).type !== 'result')
      .join('\n');

  it('exits 1 with run_not_complete for a pass in a run that did not complete', async () => {
    const ran = await parse(['--contract', 'conflux.acceptance'], withoutResult());
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({
      ok: false,
      runtime: 'claude-code',
      error: {
        code: 'run_not_complete',
        details: {
          finish: 'truncated',
          candidate: { success: true, data: expect.objectContaining({ acceptance: 'pass' }) },
        },
      },
    });
  });

  it('--accept-incomplete reads it, with a run_not_complete warning', async () => {
    const ran = await parse(['--contract', 'conflux.acceptance', '--accept-incomplete'], withoutResult());
    expect(ran.code).toBe(0);
    expect(ran.document).toMatchObject({ ok: true, runtime: 'claude-code', value: { acceptance: 'pass' } });
    expect(ran.document.warnings).toEqual([expect.objectContaining({ code: 'run_not_complete' })]);
  });

  it('exits 1 for Claude --max-turns: a pass written before a tool result the agent never saw', async () => {
    const lines = [
      { type: 'system', subtype: 'init', session_id: 's', claude_code_version: '2.1.328' },
      {
        type: 'assistant',
        session_id: 's',
        parent_tool_use_id: null,
        message: {
          id: 'm1',
          content: [{ type: 'text', text: '{"acceptance":"pass"}' }],
          stop_reason: null,
        },
      },
      {
        type: 'assistant',
        session_id: 's',
        parent_tool_use_id: null,
        message: {
          id: 'm1',
          content: [{ type: 'tool_use', id: 'tu1', name: 'Bash', input: { command: 'npm test' } }],
          stop_reason: 'tool_use',
        },
      },
      {
        type: 'user',
        session_id: 's',
        parent_tool_use_id: null,
        message: { content: [{ type: 'tool_result', tool_use_id: 'tu1', content: '3 failed' }] },
      },
      {
        type: 'result',
        subtype: 'error_max_turns',
        is_error: true,
        session_id: 's',
        num_turns: 1,
        errors: ['Reached the maximum number of turns (1).'],
      },
    ];
    const ran = await parse(
      ['--contract', 'conflux.acceptance'],
      lines.map((l) => JSON.stringify(l)).join('\n'),
    );
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({
      ok: false,
      error: { code: 'run_not_complete', details: { finish: 'max_turns' } },
    });
  });

  it('reads a contract delivered through a tool call (a zaofu zf emit the agent ran)', async () => {
    const contract = builtinContracts.require('zaofu.arch-proposal-done');
    const example = contract.examples[0]!.value;
    const command = contract.render(example);
    const stream = [
      { type: 'system', subtype: 'init', session_id: 's' },
      {
        type: 'assistant',
        session_id: 's',
        message: { id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command } }] },
      },
      {
        type: 'user',
        session_id: 's',
        message: { content: [{ type: 'tool_result', tool_use_id: 't1', content: 'emitted' }] },
      },
      {
        type: 'assistant',
        session_id: 's',
        message: { id: 'm2', content: [{ type: 'text', text: 'Published.' }] },
      },
      { type: 'result', subtype: 'success', is_error: false, session_id: 's', result: 'Published.' },
    ];
    const ran = await parse(
      ['--contract', 'zaofu.arch-proposal-done'],
      stream.map((event) => JSON.stringify(event)).join('\n'),
    );
    expect([ran.code, ran.document.ok, ran.document.runtime]).toEqual([0, true, 'claude-code']);
    const expected = contract.validate(example);
    expect(ran.document.value).toEqual(expected.success && contract.toCanonicalJson(expected.data));
  });

  it('exits 1 for a run cut off before its verdict', async () => {
    const ran = await parse(['--contract', 'conflux.acceptance', 'claude-code/stream-json-truncated.jsonl']);
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({ ok: false, runtime: 'claude-code' });
  });

  it.each([
    ['claude-code', 'claude-code/captured/stream-json-success-verdict.jsonl'],
    ['codex', 'codex/captured/exec-json-success-verdict.jsonl'],
    ['opencode', 'opencode/captured/run-json-error-after-stop.ndjson'],
  ])('shows partial_last_line when the %s output ends inside a line', async (runtime, file) => {
    const lines = readFileSync(join(FIXTURES, file), 'utf8').trimEnd().split('\n');
    const cut = [...lines.slice(0, -1), lines.at(-1)!.slice(0, 30)].join('\n');
    const partial = {
      code: 'partial_last_line',
      message: expect.stringContaining('was cut while writing it'),
    };
    const ran = await parse(['--contract', 'conflux.acceptance'], cut);
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({ ok: false, runtime, warnings: [partial] });
    const accepted = await parse(['--contract', 'conflux.acceptance', '--accept-incomplete'], cut);
    expect(accepted.document).toMatchObject({ ok: true, warnings: expect.arrayContaining([partial]) });
    const whole = await parse(['--contract', 'conflux.acceptance'], `${lines.join('\n')}\n`);
    expect(JSON.stringify(whole.document)).not.toContain('partial_last_line');
  });

  it('reads the runtime that was named, even when the input is another', async () => {
    const ran = await parse([
      '--contract',
      'conflux.acceptance',
      '--runtime',
      'codex',
      'claude-code/captured/stream-json-success-verdict.jsonl',
    ]);
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({ ok: false, runtime: 'codex' });
  });

  it.each([
    [[], 'missing_option', /^--contract ID is required\.$/],
    [['--contract'], 'missing_value', /^--contract needs a value \(ID\)\.$/],
    [
      ['--contract', 'conflux.acceptance', '--runtime', 'cursor'],
      'invalid_value',
      /^--runtime must be one of auto, claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi, text; got "cursor"\.$/,
    ],
    [['--contract', 'conflux.acceptance', 'a', 'b'], 'unexpected_argument', /unexpected argument "b"/],
    [['--contract', 'conflux.acceptance', '--runtme', 'codex'], 'unknown_option', /Did you mean --runtime\?/],
  ] as const)('exits 2 on the usage error %j, as one JSON document', async (args, code, message) => {
    const ran = await parse(args);
    expect(ran.code).toBe(2);
    expect(ran.document).toMatchObject({
      ok: false,
      command: 'parse',
      error: { name: 'UsageError', code, message: expect.stringMatching(message) },
    });
    expect(ran.stderr).toContain('Run "skillpack parse --help" for every option.');
  });

  it('exits 1 for an unknown contract (a ConfigError, as in every command), listing the known ones', async () => {
    const ran = await parse(['--contract', 'conflux.nope'], PASS_TEXT);
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({
      ok: false,
      contract: 'conflux.nope',
      error: { code: 'unknown_contract', details: { known: expect.arrayContaining(['conflux.acceptance']) } },
    });
  });

  it.each([
    ['a missing file', 'no/such/file.jsonl', 'input_not_found', 'no such file'],
    ['a directory', 'claude-code', 'input_is_directory', 'it is a folder, not a regular file'],
  ])('exits 2 for %s', async (_, file, code, says) => {
    const ran = await parse(['--contract', 'conflux.acceptance', file]);
    expect(ran.code).toBe(2);
    expect(ran.document).toMatchObject({ ok: false, error: { code, details: { file } } });
    expect((ran.document as { error: { message: string } }).error.message).toContain(says);
  });

  it('prints help on stdout', async () => {
    const ran = await parse(['--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Usage: skillpack parse --contract ID \[--runtime KIND\]/);
    expect(ran.stdout.replace(/\s+/g, ' ')).toContain(
      'auto, claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi, text',
    );
  });

  it('resolves FILE against the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-parse-'));
    writeFileSync(join(dir, 'answer.txt'), PASS_TEXT);
    const ran = await parse([
      '--contract',
      'conflux.acceptance',
      '--runtime',
      'text',
      join(dir, 'answer.txt'),
    ]);
    expect(ran.document).toMatchObject({ ok: true, runtime: 'text' });
  });

  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  it.each([
    ['empty input', ''],
    ['a JSON fragment', '{'],
    ['an array', '[]'],
    ['a number', '42'],
    ['deeply nested JSON', deep],
    ['a __proto__ key', '{"__proto__":{"polluted":true},"type":"result","subtype":"success","result":"x"}'],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x0a, 0xc3])],
    ['a lone surrogate', '{"type":"text","text":"\\ud800"}\n'],
    ['CRLF text', 'no verdict\r\nhere\r\n'],
    ['a multi-MB line', `${'x'.repeat(8 * 1024 * 1024)}\n`],
    ['NUL bytes', '\0\0\0'],
  ] as const)('prints one typed JSON document for %s, never throwing', async (_, input) => {
    const ran = await parse(['--contract', 'conflux.acceptance'], input);
    expect(ran.code).toBe(1);
    expect(ran.document).toMatchObject({
      ok: false,
      contract: 'conflux.acceptance',
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(ran.stdout.split('\n')).toHaveLength(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
