// A contract that reads the run's own tool calls without a submit tool (ZaoFu's `zf emit`, run by the shell):
// the hooks read the transcript's calls for it as extractContract does, and where a hook cannot read them (a
// Gemini CLI payload without its prompt, a transcript that is not there) a message that does not attempt the
// answer is let through with the reason, never pushed back for a call the hook cannot see.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archProposalDone, renderZfEmitCommand } from '@skillpack/core/zaofu';
import { afterAll, describe, expect, it } from 'vitest';
import { handleCodexStop } from '../../src/codex/stop-hook.js';
import { handleGeminiCliStop } from '../../src/gemini-cli/stop-hook.js';
import { noState } from '../_support/read-paths.js';

const EMIT = renderZfEmitCommand('arch.proposal.done', archProposalDone.examples[0]!.value);
const options = { contracts: [archProposalDone], blockCounter: noState };
const root = mkdtempSync(join(tmpdir(), 'skillpack-emit-calls-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const fixture = new URL('../fixtures/gemini-cli/hook-runs/stream-json-stop-hook-tool.', import.meta.url);
const textOf = (suffix: string) =>
  readFileSync(new URL(`${fixture}${suffix}`), 'utf8').replaceAll('$RUN', root);

/**
 * The captured Gemini CLI AfterAgent stop of a turn that made one tool call (0.61.0), its call made a
 * `run_shell_command` of `command` that ended `status`, its transcript written where the payload points.
 */
function geminiStop(command: string, status: string): Record<string, unknown> {
  const payload = JSON.parse(textOf('hook-1.json'));
  const lines = textOf('transcript-1.jsonl')
    .trimEnd()
    .split('\n')
    .map((line) => {
      const record = JSON.parse(line);
      if (!Array.isArray(record.toolCalls)) return line;
      const call = { ...record.toolCalls[0], name: 'run_shell_command', args: { command }, status };
      return JSON.stringify({ ...record, toolCalls: [call] });
    });
  mkdirSync(join(payload.transcript_path, '..'), { recursive: true });
  writeFileSync(payload.transcript_path, `${lines.join('\n')}\n`);
  return payload;
}

describe("Gemini CLI: the turn's calls of a contract read from its shell", () => {
  it('a zf emit the turn ran answers a stop whose message holds no payload', async () => {
    const { decision } = await handleGeminiCliStop(geminiStop(EMIT, 'success'), options);
    expect(decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
  });

  it('an emit that failed delivered nothing: the stop is pushed back', async () => {
    const { decision } = await handleGeminiCliStop(geminiStop(EMIT, 'error'), options);
    expect(decision.kind).toBe('block');
  });

  it("without the payload's prompt the turn's calls are unknown: let through, saying why", async () => {
    const { prompt: _, ...payload } = geminiStop('ls', 'success');
    const { decision, output } = await handleGeminiCliStop(payload, options);
    expect(decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(output.systemMessage).toMatch(/a tool call zaofu\.arch-proposal-done reads.*not known/);
  });
});

describe('a hook that cannot read the calls', () => {
  const stop = {
    session_id: 's',
    turn_id: 't',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    transcript_path: join(root, 'no-rollout.jsonl'),
    cwd: '/p',
    model: 'm',
    permission_mode: 'default',
  };

  it('lets a message without the payload through with the reason', async () => {
    const { decision } = await handleCodexStop({ ...stop, last_assistant_message: 'Done.' }, options);
    expect(decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
  });

  it('still pushes back a message that attempts the payload and gets it wrong', async () => {
    const wrong = renderZfEmitCommand('arch.proposal.done', { summary: ' ' });
    const { decision } = await handleCodexStop({ ...stop, last_assistant_message: wrong }, options);
    expect(decision.kind).toBe('block');
  });
});
