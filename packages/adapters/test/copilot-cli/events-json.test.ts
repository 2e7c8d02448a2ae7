import { readdirSync } from 'node:fs';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { unwrapCopilotCliLine } from '../../src/copilot-cli/unwrap.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { SUCCESS_FINAL_TEXT, UNICODE_FINAL_TEXT } from '../_support/fixtures.js';
import { acceptance } from '../_support/read-paths.js';
import { copilotCliRun } from '../properties/_support/runs.js';
import { captured, capturedDir, readCopilot } from './_read.js';

const ANSWER = 'The project holds notes.txt.';
const archProposalDone = builtinContracts.require('zaofu.arch-proposal-done');
const read = (file: string) => readCopilot(captured(file));

/** What each capture of Copilot CLI 1.0.102 must read as: how it ended and its final answer. */
const EXPECTED: Record<string, { finish: string; finalText: string | undefined; error?: string }> = {
  'json-text.jsonl': { finish: 'complete', finalText: ANSWER },
  'json-tool-call.jsonl': { finish: 'complete', finalText: ANSWER },
  'json-success-verdict.jsonl': { finish: 'complete', finalText: SUCCESS_FINAL_TEXT },
  'json-unicode.jsonl': { finish: 'complete', finalText: UNICODE_FINAL_TEXT },
  // The pass beside the tool call is narration; the final answer is the empty message after it.
  'json-empty-final-message.jsonl': { finish: 'complete', finalText: '' },
  'json-skill-loaded.jsonl': { finish: 'complete', finalText: 'VERDICT: pass' },
  // Copilot retried the cut response twice and then kept the third cut one: stdout marks nothing (1.0.102).
  'json-max-tokens.jsonl': { finish: 'complete', finalText: 'The project holds no' },
  'json-http-400.jsonl': { finish: 'error', finalText: undefined, error: 'session.error' },
  'json-http-500.jsonl': { finish: 'error', finalText: undefined, error: 'session.error' },
  'json-stop-hook-block.jsonl': { finish: 'complete', finalText: `${ANSWER} FINAL` },
  'json-stop-hook-claude-settings.jsonl': { finish: 'complete', finalText: `${ANSWER} FINAL` },
  'json-stop-hook-untrusted.jsonl': { finish: 'complete', finalText: ANSWER },
  'json-stop-hook-exit2.jsonl': { finish: 'complete', finalText: ANSWER },
  'json-stop-hook-always-block.jsonl': { finish: 'complete', finalText: `${ANSWER} FINAL` },
  // The pass was pushed back; the request after it failed: no final answer, and an error.
  'json-pass-then-http-400.jsonl': { finish: 'error', finalText: undefined, error: 'session.error' },
  // A `zf emit` whose command exited 0, or 1: the run completes either way.
  'json-zf-emit-exit0.jsonl': { finish: 'complete', finalText: 'Done.' },
  'json-zf-emit-exit1.jsonl': { finish: 'complete', finalText: 'Done.' },
};

describe('Copilot CLI --output-format json (1.0.102 captures)', () => {
  it('has an expectation for every capture', () => {
    const files = readdirSync(capturedDir).filter((file) => file.endsWith('.jsonl'));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`reads ${file}`, () => {
      const run = read(file);
      expect(run.runtime).toBe('copilot-cli');
      expect(run.format).toBe('events-json');
      expect(run.finish).toBe(expected.finish);
      expect(run.finalText).toBe(expected.finalText);
      expect(run.error?.code).toBe(expected.error);
      expect(run.malformedLineCount).toBe(0);
      expect(run.unknownEventTypes).toEqual({});
      expect(run.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(run.model).toBe('gpt-4.1');
    });
  }

  it('keeps tool calls with their output', () => {
    const run = read('json-tool-call.jsonl');
    expect(run.tools).toEqual([
      expect.objectContaining({
        id: 'call_scripted_0_0',
        name: 'bash',
        input: { command: 'ls', description: 'List the folder' },
        status: 'completed',
        output: expect.stringContaining('notes.txt'),
      }),
    ]);
    expect(read('json-skill-loaded.jsonl').tools).toEqual([
      expect.objectContaining({ name: 'skill', input: { skill: 'review' }, status: 'completed' }),
    ]);
  });

  it('reads a shell command that exited non-zero as a failed call, so a failed zf emit answers nothing', () => {
    const failed = read('json-zf-emit-exit1.jsonl');
    expect(failed.tools).toEqual([
      expect.objectContaining({
        name: 'bash',
        status: 'error',
        error: 'The command exited with code 1.',
        output: expect.stringContaining('exit code 1'),
      }),
    ]);
    expect(extractContract(failed, archProposalDone).success).toBe(false);
    const emitted = read('json-zf-emit-exit0.jsonl');
    expect(emitted.tools).toEqual([expect.objectContaining({ name: 'bash', status: 'completed' })]);
    expect(emitted.tools[0]?.error).toBeUndefined();
    expect(extractContract(emitted, archProposalDone)).toEqual({
      success: true,
      data: archProposalDone.examples[0]?.value,
    });
  });

  it('keeps both answers of a pushed-back run, the last one final', () => {
    const run = read('json-stop-hook-block.jsonl');
    expect(run.messages.map((message) => message.text)).toEqual([ANSWER, `${ANSWER} FINAL`]);
  });

  it('reports a hook that exited 2 as a warning (Copilot does not push back on it)', () => {
    expect(read('json-stop-hook-exit2.jsonl').warnings).toEqual([
      expect.objectContaining({ code: 'runtime_warning', message: 'Add the word FINAL to your answer.' }),
    ]);
  });

  it('gives no verdict from a pass that was pushed back before the run failed', () => {
    const run = read('json-pass-then-http-400.jsonl');
    expect(run.messages.map((message) => message.text)).toEqual(['All checks hold.\n{"acceptance":"pass"}']);
    expect(extractContract(run, acceptance).success).toBe(false);
  });

  it('extracts the verdict of a completed run', () => {
    const run = read('json-success-verdict.jsonl');
    expect(extractContract(run, acceptance)).toMatchObject({ success: true, data: { acceptance: 'pass' } });
  });

  it('unwraps only the main agent’s answers, never tool text or the push-back', () => {
    const texts = captured('json-stop-hook-block.jsonl')
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => unwrapCopilotCliLine(line));
    expect(texts.every((text) => text !== undefined)).toBe(true);
    expect(texts.filter((text) => text !== '')).toEqual([ANSWER, `${ANSWER} FINAL`]);
    expect(unwrapCopilotCliLine('{"type":"turn.completed"}')).toBeUndefined();
  });
});

describe('Copilot CLI reader on synthetic lines', () => {
  const line = (event: unknown) => `${JSON.stringify(event)}\n`;
  // Every session's stdout begins with its first line (1.0.102: `session.skills_loaded`).
  const read = (text: string) => readCopilot(line({ type: 'session.skills_loaded', data: {} }) + text);
  const message = (content: string, extra: Record<string, unknown> = {}) =>
    line({ type: 'assistant.message', data: { messageId: 'm1', content, toolRequests: [], ...extra } });
  const result = (exitCode = 0) => line({ type: 'result', sessionId: 's', exitCode });

  it('never takes a subagent’s message as the answer', () => {
    const run = read(
      message('main answer') +
        line({ type: 'assistant.message', agentId: 'sub', data: { messageId: 'm2', content: 'sub' } }) +
        line({ type: 'assistant.message', data: { messageId: 'm3', content: 'x', parentToolCallId: 't' } }) +
        result(),
    );
    expect(run.finalText).toBe('main answer');
    expect(run.finish).toBe('complete');
  });

  it('reads a message that asks for a tool as narration, not an answer', () => {
    const run = read(
      message('pass', { toolRequests: [{ toolCallId: 't1', name: 'bash', arguments: {} }] }) + result(),
    );
    expect(run.finalText).toBeUndefined();
  });

  it('reads streamed text without its assistant.message as a cut answer', () => {
    const delta = (text: string) =>
      line({ type: 'assistant.message_delta', data: { messageId: 'm1', deltaContent: text } });
    const run = read(delta('All ') + delta('good') + result());
    expect(run).toMatchObject({ finish: 'truncated', finalText: 'All good' });
    expect(run.error?.code).toBe('partial_message');
  });

  it('reads a response split at reasoning boundaries as whole only at its last chunk', () => {
    const cut = read(message('part one', { chunkIndex: 0, chunkCount: 2 }) + result());
    expect(cut.finish).toBe('truncated');
    const whole = read(
      message('part one', { chunkIndex: 0, chunkCount: 2 }) +
        line({
          type: 'assistant.message',
          data: { messageId: 'm2', content: 'part two', chunkIndex: 1, chunkCount: 2 },
        }) +
        result(),
    );
    expect(whole).toMatchObject({ finish: 'complete', finalText: 'part two' });
  });

  it('reads anything after the result line as a cut run, and a non-zero exit code as an error', () => {
    expect(read(message('a') + result() + message('b')).finish).toBe('truncated');
    expect(read(message('a') + result() + result()).finish).toBe('truncated');
    expect(read(message('a') + result(1))).toMatchObject({
      finish: 'error',
      error: { code: 'exit_code' },
    });
  });

  it('records a malformed event without a crash', () => {
    const run = read(`${line({ type: 'assistant.message', data: { content: 3 } })}${result()}`);
    expect(run.malformedLineCount).toBe(1);
    expect(run.finalText).toBeUndefined();
  });
});

describe('Copilot CLI stdout holding more than one session', () => {
  it('a cut session followed by a whole one is not one complete run: its first line comes again', () => {
    const whole = captured('json-success-verdict.jsonl').toString('utf8');
    const cut = whole.split('\n').slice(0, 8).join('\n');
    const run = readCopilot(`${cut}\n${captured('json-text.jsonl').toString('utf8')}`);
    expect([run.finish, run.error?.code]).toEqual(['error', 'second_run']);
    expect(readCopilot(whole).finish).toBe('complete');
  });
});

describe('Copilot CLI --output-format json with an MCP server (1.0.102)', () => {
  // Observed with a stdio server in .github/mcp.json: its status lines come before session.skills_loaded.
  const status = (data: Record<string, unknown>) =>
    `${JSON.stringify({ type: 'session.mcp_server_status_changed', data, ephemeral: true, id: 'e', timestamp: '2026-12-06T12:54:50.969Z' })}\n`;
  const preamble =
    status({ serverName: 'acme-refund', status: 'pending' }) +
    status({ serverName: 'acme-refund', status: 'connected', configSource: 'workspace' }) +
    `${JSON.stringify({ type: 'session.mcp_server_tools_loaded', data: { serverName: 'acme-refund' }, ephemeral: true })}\n`;

  it('reads the run after its servers’ status lines as one whole run', async () => {
    const run = await readAgentRun(preamble + copilotCliRun([{ kind: 'text', text: 'Done.' }]), {
      runtime: 'copilot-cli',
    });
    expect([run.finish, run.error?.code, run.finalText]).toEqual(['complete', undefined, 'Done.']);
  });

  it('reads status lines after the run opened as its events, and still refuses a run that does not open', async () => {
    const opened = copilotCliRun([{ kind: 'text', text: 'Done.' }]).split('\n');
    const late = [opened[0], preamble.trimEnd(), ...opened.slice(1)].join('\n');
    expect((await readAgentRun(late, { runtime: 'copilot-cli' })).finish).toBe('complete');
    const unopened = preamble + opened.slice(1).join('\n');
    expect((await readAgentRun(unopened, { runtime: 'copilot-cli' })).error?.code).toBe('no_start_event');
  });
});
