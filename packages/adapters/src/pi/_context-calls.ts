import type { ContractToolCall } from '@skillpack/core';
import type { PiContextMessageLike } from './extension-types.js';

interface ToolCallPart {
  readonly type: 'toolCall';
  readonly id: string;
  readonly name: string;
  readonly arguments?: unknown;
}

const isToolCallPart = (part: unknown): part is ToolCallPart => {
  const record = part as Partial<ToolCallPart> | null;
  return record?.type === 'toolCall' && typeof record.id === 'string' && typeof record.name === 'string';
};

/**
 * The tool calls a settling run's context made for the last prompt a person wrote (the last `user` message; the
 * extension's push-back is a `custom` message, which continues that prompt): each assistant `toolCall` part
 * (Pi 1.6.0: `{type, id, name, arguments}`), `completed` or `error` by the `toolResult` message that answers it
 * (`toolCallId`, `isError`), `pending` without one. Pure.
 */
export function contextToolCalls(messages: readonly PiContextMessageLike[]): ContractToolCall[] {
  const start = messages.findLastIndex((message) => message?.role === 'user') + 1;
  const calls: { id: string; call: ContractToolCall }[] = [];
  const results = new Map<string, boolean>();
  for (const message of messages.slice(start)) {
    const record = message as PiContextMessageLike & { toolCallId?: unknown; isError?: unknown };
    if (record?.role === 'toolResult' && typeof record.toolCallId === 'string')
      results.set(record.toolCallId, record.isError === true);
    if (record?.role !== 'assistant' || !Array.isArray(record.content)) continue;
    for (const part of record.content)
      if (isToolCallPart(part))
        calls.push({ id: part.id, call: { name: part.name, input: part.arguments, status: 'pending' } });
  }
  return calls.map(({ id, call }) => {
    const failed = results.get(id);
    return failed === undefined ? call : { ...call, status: failed ? 'error' : 'completed' };
  });
}
