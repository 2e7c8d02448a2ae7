import type { RuntimeId } from '../../../src/runtime-id.js';

/** One thing that happens in a run, in a runtime-neutral form; each runtime writes it its own way. */
export type RunPart =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'tool';
      readonly command: string;
      readonly output: string;
      readonly failed?: boolean;
      /** Another tool than the runtime's shell: its name as the runtime shows it, and its arguments. */
      readonly call?: ToolCall;
      /** A subagent's call: Claude Code, Copilot CLI and Qwen Code mark it (elsewhere it is written as the agent's). */
      readonly subagent?: boolean;
    }
  /** A message from the user (a person, or a replayed prompt): Claude Code only. */
  | { readonly kind: 'user'; readonly text: string }
  /** Text a subagent wrote: Claude Code events with a parent tool id, elsewhere a task tool's output. */
  | { readonly kind: 'subagent'; readonly text: string };

/**
 * A tool call the part makes instead of a shell command: `name` as the runtime's output records it; a Codex MCP
 * call is an `mcp_tool_call` item of `mcp.server` and `mcp.tool` instead.
 */
export interface ToolCall {
  readonly name: string;
  readonly input: unknown;
  readonly mcp?: { readonly server: string; readonly tool: string };
}

/** The name and arguments of a tool part: its own call's, or the runtime's shell (`shell`) running its command. */
function callOf(part: { readonly command: string; readonly call?: ToolCall }, shell: string) {
  return part.call
    ? { name: part.call.name, input: part.call.input }
    : { name: shell, input: { command: part.command } };
}

export const CLAUDE_SESSION = '4c1f6a2e-2b7d-4a8e-9f0c-6d2a1b3c4d5e';
const OPENCODE_SESSION = 'ses_3f2a1b0c9d8eAbCdEfGh123456';

const line = (event: unknown) => `${JSON.stringify(event)}\n`;

function claudeAssistant(id: string, content: unknown[], parent: string | null = null): string {
  return line({
    type: 'assistant',
    message: { id, type: 'message', role: 'assistant', model: 'm', content, stop_reason: null },
    parent_tool_use_id: parent,
    session_id: CLAUDE_SESSION,
  });
}

function claudeToolResult(
  id: string,
  output: string,
  isError: boolean,
  parent: string | null = null,
): string {
  return line({
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: output, is_error: isError }],
    },
    parent_tool_use_id: parent,
    session_id: CLAUDE_SESSION,
  });
}

/** Claude Code `-p --output-format stream-json --verbose`: init, the parts, then a result repeating the answer. */
export function claudeCodeRun(parts: readonly RunPart[], options: { result?: boolean } = {}): string {
  let out = line({
    type: 'system',
    subtype: 'init',
    session_id: CLAUDE_SESSION,
    model: 'm',
    claude_code_version: '2.1.276',
  });
  let lastText = '';
  parts.forEach((part, index) => {
    switch (part.kind) {
      case 'text':
        out += claudeAssistant(`msg_${index}`, [{ type: 'text', text: part.text }]);
        lastText = part.text;
        return;
      case 'tool': {
        const parent = part.subagent ? 'toolu_task' : null;
        out += claudeAssistant(
          `msg_${index}`,
          [{ type: 'tool_use', id: `toolu_${index}`, ...callOf(part, 'Bash') }],
          parent,
        );
        out += claudeToolResult(`toolu_${index}`, part.output, part.failed === true, parent);
        return;
      }
      case 'user':
        out += line({
          type: 'user',
          message: { role: 'user', content: part.text },
          session_id: CLAUDE_SESSION,
        });
        return;
      case 'subagent':
        out += claudeAssistant(`msg_${index}`, [
          { type: 'tool_use', id: `toolu_${index}`, name: 'Task', input: { prompt: 'review' } },
        ]);
        out += claudeAssistant(`msg_${index}_sub`, [{ type: 'text', text: part.text }], `toolu_${index}`);
        out += claudeToolResult(`toolu_${index}`, part.text, false);
        return;
    }
  });
  if (options.result !== false) {
    out += line({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: lastText,
      session_id: CLAUDE_SESSION,
      num_turns: parts.length,
      total_cost_usd: 0,
    });
  }
  return out;
}

/** Codex `exec --json`: thread and turn events around items; a subagent answers through its collab call. */
export function codexRun(parts: readonly RunPart[]): string {
  let out = line({ type: 'thread.started', thread_id: '019a4f2c-7b1d-7c3e-9a55-1f2e3d4c5b6a' });
  out += line({ type: 'turn.started' });
  parts.forEach((part, index) => {
    const id = `item_${index}`;
    switch (part.kind) {
      case 'text':
        out += line({ type: 'item.completed', item: { id, type: 'agent_message', text: part.text } });
        return;
      case 'tool':
        if (part.call?.mcp) {
          const { server, tool } = part.call.mcp;
          const result = { content: [{ type: 'text', text: part.output }], structured_content: null };
          out += line({
            type: 'item.completed',
            item: {
              id,
              type: 'mcp_tool_call',
              server,
              tool,
              arguments: part.call.input,
              result: part.failed ? null : result,
              error: part.failed ? { message: part.output } : null,
              status: part.failed ? 'failed' : 'completed',
            },
          });
          return;
        }
        out += line({
          type: 'item.completed',
          item: {
            id,
            type: 'command_execution',
            command: part.command,
            aggregated_output: part.output,
            exit_code: part.failed ? 1 : 0,
            status: part.failed ? 'failed' : 'completed',
          },
        });
        return;
      case 'user':
      case 'subagent':
        out += line({
          type: 'item.completed',
          item: { id, type: 'collab_tool_call', tool: 'spawn_agent', prompt: part.text, status: 'completed' },
        });
        return;
    }
  });
  out += line({
    type: 'turn.completed',
    usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 },
  });
  return out;
}

/** OpenCode `run --format json`: one step per part; a subagent answers through the task tool's output. */
export function openCodeRun(parts: readonly RunPart[]): string {
  let out = '';
  let time = 1_791_000_000_000;
  const event = (type: string, part: Record<string, unknown>, index: number) =>
    line({
      type,
      timestamp: time++,
      sessionID: OPENCODE_SESSION,
      part: { id: `prt_${index}_${type}`, sessionID: OPENCODE_SESSION, messageID: `msg_${index}`, ...part },
    });
  parts.forEach((part, index) => {
    out += event('step_start', { type: 'step-start' }, index);
    switch (part.kind) {
      case 'text':
        out += event('text', { type: 'text', text: part.text, time: { start: time, end: time } }, index);
        break;
      case 'tool':
      case 'user':
      case 'subagent': {
        const { name: tool, input } =
          part.kind === 'tool' ? callOf(part, 'bash') : { name: 'task', input: { prompt: 'review' } };
        const output = part.kind === 'tool' ? part.output : part.text;
        const failed = part.kind === 'tool' && part.failed === true;
        const shell = part.kind === 'tool' && !part.call;
        // OpenCode 1.18.33 reports a shell command that exited non-zero as `completed`, its exit in `metadata`.
        const state =
          failed && !shell
            ? { status: 'error', input, error: output, time: { start: time, end: time } }
            : {
                status: 'completed',
                input,
                output,
                title: tool,
                metadata: shell ? { output, exit: failed ? 1 : 0 } : {},
                time: { start: time, end: time },
              };
        out += event('tool_use', { type: 'tool', callID: `call_${index}`, tool, state }, index);
        break;
      }
    }
    const last = index === parts.length - 1;
    out += event(
      'step_finish',
      {
        type: 'step-finish',
        reason: last ? 'stop' : 'tool-calls',
        cost: 0,
        tokens: { total: 2, input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } },
      },
      index,
    );
  });
  return out;
}

/**
 * Gemini CLI `-p … --output-format stream-json` (0.61.0): text as an assistant delta (a text right after
 * another follows an `Agent execution blocked` warning: without one they would be one message), a tool as `tool_use` + `tool_result`, a subagent as an `invoke_agent`
 * call whose result carries its text, a user part as a user `message`, then `result`.
 */
export function geminiCliRun(parts: readonly RunPart[]): string {
  const timestamp = '2026-12-01T18:27:17.716Z';
  let out = line({ type: 'init', timestamp, session_id: '3b74c195-0a6e-4f57-9d1e-2c8b5a7e9f10', model: 'm' });
  out += line({ type: 'message', timestamp, role: 'user', content: 'go' });
  parts.forEach((part, index) => {
    const toolId = `tool_${index}`;
    switch (part.kind) {
      case 'text':
        // Two messages with nothing between them are one turn's deltas to Gemini CLI; with default settings
        // only an AfterAgent block makes the next text a message of its own.
        if (parts[index - 1]?.kind === 'text') {
          const message = 'Agent execution blocked: Answer again.';
          out += line({ type: 'error', timestamp, severity: 'warning', message });
        }
        out += line({ type: 'message', timestamp, role: 'assistant', content: part.text, delta: true });
        return;
      case 'user':
        out += line({ type: 'message', timestamp, role: 'user', content: part.text });
        return;
      case 'tool':
      case 'subagent': {
        const { name: tool, input: parameters } =
          part.kind === 'tool'
            ? callOf(part, 'run_shell_command')
            : { name: 'invoke_agent', input: { prompt: 'review' } };
        const output = part.kind === 'tool' ? part.output : part.text;
        const failed = part.kind === 'tool' && part.failed === true;
        out += line({ type: 'tool_use', timestamp, tool_name: tool, tool_id: toolId, parameters });
        out += line({
          type: 'tool_result',
          timestamp,
          tool_id: toolId,
          status: failed ? 'error' : 'success',
          output,
          ...(failed ? { error: { type: 'execution_failed', message: output } } : {}),
        });
        return;
      }
    }
  });
  out += line({ type: 'result', timestamp, status: 'success', stats: { input_tokens: 1, output_tokens: 1 } });
  return out;
}

const COPILOT_SESSION = '5b2e7c1d-3a4f-4b6c-8d9e-0f1a2b3c4d5e';

/** Copilot CLI `-p --output-format json`: session events, one per part, then the `result` line. */
export function copilotCliRun(parts: readonly RunPart[]): string {
  let out = line({ type: 'session.skills_loaded', data: { skills: [] }, ephemeral: true });
  out += line({ type: 'session.tools_updated', data: { model: 'm' }, ephemeral: true });
  parts.forEach((part, index) => {
    const id = `msg_${index}`;
    switch (part.kind) {
      case 'text':
        out += line({
          type: 'assistant.message',
          data: { messageId: id, content: part.text, toolRequests: [] },
        });
        return;
      case 'tool': {
        const call = `call_${index}`;
        const { name, input } = callOf(part, 'bash');
        const agent = part.subagent ? { agentId: 'sub' } : {};
        out += line({
          type: 'assistant.message',
          ...agent,
          data: {
            messageId: id,
            content: '',
            toolRequests: [{ toolCallId: call, name, arguments: input }],
          },
        });
        out += line({
          type: 'tool.execution_start',
          ...agent,
          data: { toolCallId: call, toolName: name, arguments: input },
        });
        out += line({
          type: 'tool.execution_complete',
          ...agent,
          data: { toolCallId: call, success: !part.failed, result: { content: part.output } },
        });
        return;
      }
      case 'user':
        out += line({ type: 'user.message', data: { content: part.text } });
        return;
      case 'subagent':
        out += line({
          type: 'assistant.message',
          agentId: 'sub',
          data: { messageId: id, content: part.text },
        });
        return;
    }
  });
  out += line({ type: 'result', sessionId: COPILOT_SESSION, exitCode: 0, usage: { premiumRequests: 0 } });
  return out;
}

const QWEN_SESSION = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

/** Qwen Code 0.24.4 `-p --output-format stream-json --include-partial-messages`: deltas, lines, a result. */
export function qwenCodeRun(parts: readonly RunPart[]): string {
  const envelope = (parent: string | null = null) => ({
    session_id: QWEN_SESSION,
    parent_tool_use_id: parent,
  });
  const streamed = (event: unknown) => line({ type: 'stream_event', uuid: 'u', ...envelope(), event });
  const assistant = (id: string, content: unknown[], parent: string | null = null) =>
    line({
      type: 'assistant',
      uuid: id,
      ...envelope(parent),
      message: { id, type: 'message', role: 'assistant', model: 'm', content, stop_reason: null },
    });
  let out = line({ type: 'system', subtype: 'init', ...envelope(), model: 'm', qwen_code_version: '0.24.4' });
  let lastText = '';
  parts.forEach((part, index) => {
    const id = `msg-${index}`;
    switch (part.kind) {
      case 'text':
        out += streamed({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
        out += streamed({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text: part.text },
        });
        out += streamed({ type: 'content_block_stop', index: 0 });
        out += assistant(id, [{ type: 'text', text: part.text }]);
        lastText = part.text;
        return;
      case 'tool': {
        const parent = part.subagent ? 'call_agent' : null;
        out += assistant(
          id,
          [{ type: 'tool_use', id: `call_${index}`, ...callOf(part, 'run_shell_command') }],
          parent,
        );
        out += line({
          type: 'user',
          uuid: 'u',
          ...envelope(parent),
          message: {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: `call_${index}`,
                is_error: part.failed === true,
                content: part.output,
              },
            ],
          },
        });
        if (!part.subagent) lastText = '';
        return;
      }
      case 'user':
        out += line({
          type: 'user',
          uuid: 'u',
          ...envelope(),
          message: { role: 'user', content: [{ type: 'text', text: part.text }] },
        });
        lastText = '';
        return;
      case 'subagent':
        out += assistant(id, [{ type: 'text', text: part.text }], 'call_agent');
        return;
    }
  });
  out += line({
    type: 'result',
    subtype: 'success',
    uuid: 'r',
    ...envelope(),
    is_error: false,
    num_turns: 1,
    result: lastText,
    usage: { input_tokens: 1, output_tokens: 1 },
  });
  return out;
}

const PI_SESSION = '019d4a3c-1f2e-7a8b-9c0d-1e2f3a4b5c6d';

/** Pi 1.6.0 `--mode json`: the session header, one agent run of message and tool events, then agent_settled. */
export function piRun(parts: readonly RunPart[]): string {
  const message = (role: string, content: unknown[], stopReason?: string) => {
    const body = {
      role,
      content,
      ...(stopReason ? { stopReason, model: 'm', usage: { input: 1, output: 1 } } : {}),
    };
    return (
      line({ type: 'message_start', message: { ...body, content: [] } }) +
      line({ type: 'message_end', message: body })
    );
  };
  const toolRound = (index: number, call: ToolCall, output: string, failed: boolean) => {
    const id = `call_${index}`;
    const { name, input } = call;
    return (
      message('assistant', [{ type: 'toolCall', id, name, arguments: input }], 'toolUse') +
      line({ type: 'tool_execution_start', toolCallId: id, toolName: name, args: input }) +
      line({
        type: 'tool_execution_end',
        toolCallId: id,
        toolName: name,
        result: { content: [{ type: 'text', text: output }] },
        isError: failed,
      }) +
      message('toolResult', [{ type: 'text', text: output }])
    );
  };
  let out = line({
    type: 'session',
    version: 3,
    id: PI_SESSION,
    timestamp: '2026-12-06T00:00:00.000Z',
    cwd: '/p',
  });
  out += line({ type: 'agent_start' }) + line({ type: 'turn_start' });
  parts.forEach((part, index) => {
    switch (part.kind) {
      case 'text':
        out += message('assistant', [{ type: 'text', text: part.text }], 'stop');
        return;
      case 'tool':
        out += toolRound(index, callOf(part, 'bash'), part.output, part.failed === true);
        return;
      case 'user':
        out += message('user', [{ type: 'text', text: part.text }]);
        return;
      case 'subagent':
        // Pi has no subagent tool: a child agent's text arrives as a tool's output.
        out += toolRound(index, { name: 'bash', input: { command: 'pi -p review' } }, part.text, false);
        return;
    }
  });
  out += line({ type: 'agent_end', messages: [] }) + line({ type: 'agent_settled', aborted: false });
  return out;
}

export const RUN_WRITERS: Readonly<Record<RuntimeId, (parts: readonly RunPart[]) => string>> = {
  'claude-code': claudeCodeRun,
  codex: codexRun,
  opencode: openCodeRun,
  'gemini-cli': geminiCliRun,
  'copilot-cli': copilotCliRun,
  'qwen-code': qwenCodeRun,
  pi: piRun,
};

/**
 * The call of submit tool `tool` on MCP server `server` as each runtime's output records it [observed,
 * docs/runtimes-mcp.md]: written out here, apart from the runtimes' declarations, so tests hold them to it.
 */
export function submitCallsByRuntime(
  server: string,
  tool: string,
): Readonly<Record<RuntimeId, (input: unknown) => ToolCall>> {
  return {
    'claude-code': (input) => ({ name: `mcp__${server}__${tool}`, input }),
    codex: (input) => ({ name: tool, input, mcp: { server, tool } }),
    opencode: (input) => ({ name: `${server}_${tool}`, input }),
    'gemini-cli': (input) => ({ name: `mcp_${server}_${tool}`, input }),
    'copilot-cli': (input) => ({ name: `${server}-${tool}`, input }),
    'qwen-code': (input) => ({ name: `mcp__${server}__${tool}`, input }),
    pi: (input) => ({ name: `mcp__${server}__${tool}`, input }),
  };
}
