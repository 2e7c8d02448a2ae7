import { writeFileSync } from 'node:fs';
import { handleClaudeCodeStop } from '../../../src/claude-code/stop-hook.js';
import { handleCodexStop } from '../../../src/codex/stop-hook.js';
import { handleCopilotCliStop } from '../../../src/copilot-cli/stop-hook.js';
import type { StopHookOptions } from '../../../src/hooks/handle-stop-hook.js';
import type { StopDecision } from '../../../src/hooks/stop-decision.js';
import { handleQwenCodeStop } from '../../../src/qwen-code/stop-hook.js';
import type { RuntimeId } from '../../../src/runtime-id.js';

/**
 * A Stop hook that reads its transcript's tool calls with the reader, on a stop whose transcript at `path` is the
 * session's output `raw` (written there as the runtime keeps it) and whose final message is `message`: its decision.
 */
export type TranscriptStopHook = (
  path: string,
  raw: string,
  message: string,
  options: StopHookOptions,
) => Promise<StopDecision>;

/** The Stop hooks whose transcript is read with the reader engine, by runtime. */
export const TRANSCRIPT_STOP_HOOKS: Partial<Record<RuntimeId, TranscriptStopHook>> = {
  'claude-code': async (path, raw, message, options) => {
    writeFileSync(path, raw);
    const stop = { session_id: 's', hook_event_name: 'Stop', stop_hook_active: false, transcript_path: path };
    return (await handleClaudeCodeStop({ ...stop, last_assistant_message: message }, options)).decision;
  },
  codex: async (path, raw, message, options) => {
    writeFileSync(path, raw);
    const stop = { session_id: 's', turn_id: 't', hook_event_name: 'Stop', stop_hook_active: false };
    const payload = { ...stop, transcript_path: path, cwd: '/p', model: 'm', permission_mode: 'default' };
    return (await handleCodexStop({ ...payload, last_assistant_message: message }, options)).decision;
  },
  'qwen-code': async (path, raw, message, options) => {
    writeFileSync(path, raw);
    const stop = { session_id: 's', hook_event_name: 'Stop', stop_hook_active: false, transcript_path: path };
    const payload = { ...stop, cwd: '/p', last_assistant_message: message };
    return (await handleQwenCodeStop(payload, options)).decision;
  },
  'copilot-cli': async (path, raw, _message, options) => {
    // `events.jsonl` at an agent stop: the session's events, then the stop's `hook.start` (no `result` line); the
    // payload carries no message, so the hook reads it from the file.
    const events = raw.trimEnd().split('\n').slice(0, -1).join('\n');
    const input = { sessionId: 's', timestamp: 1 };
    writeFileSync(
      path,
      `${events}\n${JSON.stringify({ type: 'hook.start', data: { hookType: 'agentStop', input } })}\n`,
    );
    const payload = {
      ...input,
      cwd: '/p',
      transcriptPath: path,
      stopReason: 'end_turn',
      stop_hook_active: false,
    };
    return (await handleCopilotCliStop(payload, options)).decision;
  },
};
