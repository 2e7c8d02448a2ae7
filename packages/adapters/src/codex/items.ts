import { isJsonObjectValue } from '../_shared/event-line.js';
import { mcpToolNameOf } from '../_shared/mcp-tool-name.js';
import type { RunBuilder } from '../_shared/run-builder.js';
import { commandExitError, type ToolCalls } from '../_shared/tool-calls.js';
import type { RunEventKind, ToolStatus } from '../agent-run.js';
import type { CodexTurn } from './final-message.js';
import { CODEX_MCP_TOOL_NAME } from './mcp-tool-name.js';
import type { CodexMcpToolCallItem, CodexThreadItem } from './wire-schemas.js';

const STATUS: Readonly<Record<string, ToolStatus>> = {
  in_progress: 'running',
  completed: 'completed',
  failed: 'error',
  declined: 'declined',
};

/** The text of an MCP tool result: its text blocks, else its structured content as JSON. */
export function mcpResultText(
  content: readonly unknown[] | undefined,
  structured: unknown,
): string | undefined {
  const texts: string[] = [];
  for (const block of content ?? []) {
    if (isJsonObjectValue(block) && block.type === 'text' && typeof block.text === 'string')
      texts.push(block.text);
  }
  if (texts.length > 0 || structured === undefined) return texts.join('\n');
  try {
    return JSON.stringify(structured);
  } catch {
    return undefined;
  }
}

const mcpOutput = ({ result }: CodexMcpToolCallItem) =>
  result ? mcpResultText(result.content, result.structured_content) : undefined;

/**
 * Take in one thread item of `item.started`, `item.updated` or `item.completed` (`done`): agent messages and
 * plans for the turn's final message, tool calls (their item status mapped), errors as warnings.
 */
export function readCodexItem(
  run: RunBuilder,
  calls: ToolCalls,
  turn: CodexTurn,
  item: CodexThreadItem,
  done: boolean,
  line: number,
): RunEventKind {
  const toolStatus = (status: string | undefined): ToolStatus => {
    const mapped = status !== undefined && Object.hasOwn(STATUS, status) ? STATUS[status] : undefined;
    if (status !== undefined && !mapped) run.unknown(`item.status/${status}`);
    return mapped ?? (done ? 'completed' : 'running');
  };
  switch (item.type) {
    case 'agent_message': {
      // A message before the work can be narration (0.147 captures): every one is kept, the last is final.
      // A completed empty one is final too: the turn ended with no answer, not with the narration before it.
      const draft = run.setMessageText(item.id, item.text, line, undefined, !done);
      if (draft) turn.message = draft;
      else if (done) turn.message = { id: item.id, text: '', subagent: undefined, partial: false, line };
      return done ? 'message' : 'delta';
    }
    case 'plan':
      if (done) turn.plan = { id: item.id, text: item.text, subagent: undefined, partial: false, line };
      return 'status';
    case 'collab_tool_call':
      calls.reported(item.id, line, {
        name: `collab_tool_call/${item.tool}`,
        input: { prompt: item.prompt, receiver_thread_ids: item.receiver_thread_ids },
        status: toolStatus(item.status),
      });
      return 'tool';
    case 'reasoning':
      return 'reasoning';
    case 'command_execution': {
      const status = toolStatus(item.status);
      // `item.started` carries an empty output; only a finished command's output is kept.
      const exitCode = status === 'error' ? item.exit_code : undefined;
      calls.reported(item.id, line, {
        name: 'command_execution',
        input: { command: item.command },
        output: item.aggregated_output === '' && !done ? undefined : item.aggregated_output,
        status,
        error: typeof exitCode === 'number' ? commandExitError(exitCode) : undefined,
      });
      return 'tool';
    }
    case 'file_change':
      calls.reported(item.id, line, {
        name: 'file_change',
        input: { changes: item.changes },
        status: toolStatus(item.status),
      });
      return 'tool';
    case 'mcp_tool_call':
      calls.reported(item.id, line, {
        name: mcpToolNameOf(CODEX_MCP_TOOL_NAME, item.server, item.tool),
        input: item.arguments,
        output: mcpOutput(item),
        status: toolStatus(item.status),
        error: item.error?.message,
      });
      return 'tool';
    case 'web_search':
      calls.reported(item.id, line, {
        name: 'web_search',
        input: { query: item.query },
        status: done ? 'completed' : 'running',
      });
      return 'tool';
    case 'todo_list':
      return 'status';
    case 'error':
      if (done) run.warn('item_error', item.message, { line, itemId: item.id });
      return 'error';
  }
}
