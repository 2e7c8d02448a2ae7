import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { claudeCodeStopHook } from '../../src/claude-code/stop-hook.js';
import { codexStopHook } from '../../src/codex/stop-hook.js';
import { CODEX_STOP, readSampleJson } from './_samples.js';

describe('Claude Code Stop hook input', () => {
  it('normalises the documented Stop payload', () => {
    expect(claudeCodeStopHook.parseInput(readSampleJson('claude', 'hook-stop-input.json'))).toEqual({
      success: true,
      data: {
        runtime: 'claude-code',
        hookEventName: 'Stop',
        sessionId: 'abc123',
        agentId: undefined,
        stopHookActive: true,
        lastAssistantMessage: "I've completed the refactoring. Here's a summary...",
        transcriptPath: '~/.claude/projects/.../00893aaf-19fa-41d2-8238-13269b9b3ca0.jsonl',
      },
    });
  });

  it('takes the subagent transcript and id from a SubagentStop payload', () => {
    const parsed = claudeCodeStopHook.parseInput(readSampleJson('claude', 'hook-subagentstop-input.json'));
    expect(parsed).toMatchObject({
      success: true,
      data: {
        hookEventName: 'SubagentStop',
        agentId: 'def456',
        stopHookActive: false,
        transcriptPath: '~/.claude/projects/.../abc123/subagents/agent-def456.jsonl',
      },
    });
  });

  it('treats a missing or null last_assistant_message as absent', () => {
    const { last_assistant_message: _, ...rest } = readSampleJson('claude', 'hook-stop-input.json');
    expect(claudeCodeStopHook.parseInput(rest)).toMatchObject({ data: { lastAssistantMessage: undefined } });
    expect(claudeCodeStopHook.parseInput({ ...rest, last_assistant_message: null })).toMatchObject({
      data: { lastAssistantMessage: undefined },
    });
  });

  it.each([
    [{ stop_hook_active: 'yes' }, 'stop_hook_active'],
    [{ stop_hook_active: undefined }, 'stop_hook_active'],
    [{ session_id: 7 }, 'session_id'],
    [{ last_assistant_message: ['x'] }, 'last_assistant_message'],
    [{ hook_event_name: undefined }, 'hook_event_name'],
  ])('rejects %j naming the field', (change, field) => {
    const parsed = claudeCodeStopHook.parseInput({
      ...readSampleJson('claude', 'hook-stop-input.json'),
      ...change,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.code).toBe('invalid_hook_input');
    expect(parsed.error.details.fieldPath).toBe(field);
    expect(parsed.error.message).toContain('Claude Code Stop hook input is invalid');
  });

  it('does not require stop_hook_active on other events, so they can be told apart', () => {
    expect(
      claudeCodeStopHook.parseInput({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash' }),
    ).toMatchObject({ success: true, data: { hookEventName: 'PreToolUse', stopHookActive: false } });
  });
});

describe('Codex Stop hook input', () => {
  it('builds its test payload to the generated Codex input schema', () => {
    const validate = new Ajv({ strict: false }).compile(
      readSampleJson('codex', 'hooks-stop.command.input.schema.json'),
    );
    expect(validate(CODEX_STOP)).toBe(true);
    expect(validate({ ...CODEX_STOP, extra: 1 })).toBe(false);
  });

  it('normalises a Stop payload', () => {
    expect(codexStopHook.parseInput(CODEX_STOP)).toEqual({
      success: true,
      data: {
        runtime: 'codex',
        hookEventName: 'Stop',
        sessionId: '019a-session',
        agentId: undefined,
        stopHookActive: false,
        lastAssistantMessage: 'Done.',
        transcriptPath: '/home/dev/.codex/sessions/rollout.jsonl',
        // The turn: one chain of stops, the retry budget's own.
        chainId: 'turn-7',
      },
    });
  });

  it('reads null message and transcript as absent', () => {
    expect(
      codexStopHook.parseInput({ ...CODEX_STOP, last_assistant_message: null, transcript_path: null }),
    ).toMatchObject({ success: true, data: { lastAssistantMessage: undefined, transcriptPath: undefined } });
  });

  it.each(['turn_id', 'last_assistant_message', 'transcript_path', 'session_id'])(
    'requires %s, as the Codex schema does',
    (field) => {
      const parsed = codexStopHook.parseInput({ ...CODEX_STOP, [field]: undefined });
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.details.fieldPath).toBe(field);
    },
  );
});
