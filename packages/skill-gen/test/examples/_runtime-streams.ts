import type { RuntimeId } from '@skillpack/adapters';

/**
 * A raw headless stdout whose final assistant message is `text`, in each runtime's event shape (the shapes of
 * the captures in `../shared/reference/samples/`): Claude Code `-p --output-format stream-json` with deltas
 * and a `result`, Codex `exec --json` items, OpenCode `run --format json` parts, Copilot CLI session events,
 * Gemini CLI and Qwen Code stream-json, Pi `--mode json` (the shapes of their captures in packages/adapters/test/fixtures).
 */
export function wrapFinalMessage(runtime: RuntimeId, text: string): string {
  const lines: unknown[] = [];
  switch (runtime) {
    case 'claude-code': {
      const session = '5b1f0c2e-7a3d-4e8f-9c6b-2d1a0e9f8c7b';
      const [first = '', ...rest] = text.split(/(?<=\n)/);
      lines.push(
        {
          type: 'system',
          subtype: 'init',
          cwd: '/home/dev/app',
          session_id: session,
          tools: ['Bash', 'Read'],
          model: 'claude-fable-5-1',
          claude_code_version: '2.1.276',
        },
        {
          type: 'stream_event',
          event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: first } },
          session_id: session,
          parent_tool_use_id: null,
        },
        {
          type: 'stream_event',
          event: {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: rest.join('') },
          },
          session_id: session,
          parent_tool_use_id: null,
        },
        {
          type: 'assistant',
          message: {
            id: 'msg_01Z',
            type: 'message',
            role: 'assistant',
            model: 'claude-fable-5-1',
            content: [{ type: 'text', text }],
            stop_reason: 'end_turn',
          },
          parent_tool_use_id: null,
          session_id: session,
        },
        {
          type: 'result',
          subtype: 'success',
          is_error: false,
          num_turns: 1,
          session_id: session,
          result: text,
        },
      );
      break;
    }
    case 'codex':
      lines.push(
        { type: 'thread.started', thread_id: '019b2c3d-4e5f-7a6b-8c9d-0e1f2a3b4c5d' },
        { type: 'turn.started' },
        {
          type: 'item.completed',
          item: { id: 'item_0', type: 'reasoning', text: '**Checking the change**' },
        },
        { type: 'item.completed', item: { id: 'item_1', type: 'agent_message', text } },
        {
          type: 'turn.completed',
          usage: { input_tokens: 1200, cached_input_tokens: 1024, output_tokens: 80 },
        },
      );
      break;
    case 'opencode': {
      const part = { sessionID: 'ses_0a1b2c3d4e5fAbCdEfGh123456', messageID: 'msg_0a1b2c3d4e5fAbCdEfGhIjK' };
      lines.push(
        {
          type: 'step_start',
          timestamp: 1791000000000,
          sessionID: part.sessionID,
          part: { ...part, id: 'prt_01', type: 'step-start' },
        },
        {
          type: 'text',
          timestamp: 1791000000400,
          sessionID: part.sessionID,
          part: { ...part, id: 'prt_02', type: 'text', text },
        },
        {
          type: 'step_finish',
          timestamp: 1791000000500,
          sessionID: part.sessionID,
          part: {
            ...part,
            id: 'prt_03',
            type: 'step-finish',
            reason: 'stop',
            cost: 0,
            tokens: { input: 1200, output: 80, reasoning: 0, cache: { read: 0, write: 0 } },
          },
        },
      );
      break;
    }
    case 'copilot-cli':
      lines.push(
        { type: 'session.skills_loaded', data: { skills: [] }, ephemeral: true },
        { type: 'session.tools_updated', data: { model: 'gpt-4.1' }, ephemeral: true },
        { type: 'user.message', data: { content: 'Run the acceptance check.' } },
        { type: 'assistant.turn_start', data: { turnId: '0' } },
        { type: 'assistant.message_delta', data: { messageId: 'm1', deltaContent: text }, ephemeral: true },
        { type: 'assistant.message', data: { messageId: 'm1', content: text, toolRequests: [] } },
        { type: 'assistant.turn_end', data: { turnId: '0' } },
        { type: 'result', sessionId: '7d2e4f6a-8b1c-4d3e-9f5a-6b7c8d9e0f1a', exitCode: 0 },
      );
      break;
    case 'gemini-cli': {
      const timestamp = '2026-12-01T18:27:17.716Z';
      lines.push(
        {
          type: 'init',
          timestamp,
          session_id: '3b74c195-0a6e-4f57-9d1e-2c8b5a7e9f10',
          model: 'gemini-2.5-pro',
        },
        { type: 'message', timestamp, role: 'user', content: 'Run the acceptance check.' },
        { type: 'message', timestamp, role: 'assistant', content: text, delta: true },
        { type: 'result', timestamp, status: 'success', stats: { input_tokens: 1, output_tokens: 1 } },
      );
      break;
    }
    case 'qwen-code': {
      const envelope = { session_id: '8cd97040-5b45-479e-a612-f7cfbb9044c7', parent_tool_use_id: null };
      const streamed = (event: unknown) => ({ type: 'stream_event', uuid: 'u', ...envelope, event });
      lines.push(
        { type: 'system', subtype: 'init', ...envelope, model: 'gpt-4.1', qwen_code_version: '0.24.4' },
        streamed({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
        streamed({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
        streamed({ type: 'content_block_stop', index: 0 }),
        {
          type: 'assistant',
          uuid: 'm1',
          ...envelope,
          message: {
            id: 'm1',
            type: 'message',
            role: 'assistant',
            model: 'gpt-4.1',
            content: [{ type: 'text', text }],
          },
        },
        {
          type: 'result',
          subtype: 'success',
          uuid: 'r',
          ...envelope,
          is_error: false,
          num_turns: 1,
          result: text,
        },
      );
      break;
    }
    case 'pi': {
      const message = {
        role: 'assistant',
        content: [{ type: 'text', text }],
        model: 'gpt-4.1',
        usage: { input: 900, output: 40 },
        stopReason: 'stop',
      };
      lines.push(
        { type: 'session', version: 3, id: '019d4a3c-1f2e-7a8b-9c0d-1e2f3a4b5c6d', cwd: '/home/dev/app' },
        { type: 'agent_start' },
        { type: 'turn_start' },
        { type: 'message_start', message: { ...message, content: [] } },
        {
          type: 'message_update',
          assistantMessageEvent: { type: 'text_delta', contentIndex: 0, delta: text },
        },
        { type: 'message_end', message },
        { type: 'turn_end', message, toolResults: [] },
        { type: 'agent_end', messages: [message] },
        { type: 'agent_settled', aborted: false },
      );
      break;
    }
  }
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}
