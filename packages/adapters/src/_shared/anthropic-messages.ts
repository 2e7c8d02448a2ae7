import type { z } from 'zod';
import { isJsonObjectValue } from './event-line.js';
import type { MessageDraft, RunBuilder } from './run-builder.js';
import type { ToolCalls } from './tool-calls.js';
import { parseOptionalWire } from './wire.js';

/** The content block types an Anthropic-style message reader takes in. */
export type ContentBlockType = 'text' | 'thinking' | 'tool_use' | 'tool_result';

/**
 * How a runtime that streams Anthropic Messages-style content blocks (`assistant` and `user` lines whose
 * `message.content` is a string or a list of `text`, `thinking`, `tool_use` and `tool_result` blocks)
 * checks and joins them.
 */
export interface ContentBlockDialect {
  /** The wire schema each known block type of an assistant message is checked with (`undefined`: not checked). */
  readonly assistantBlocks: Readonly<Record<ContentBlockType, z.ZodType | undefined>>;
  /** The wire schema a `tool_result` block of a user message is checked with. */
  readonly toolResultBlock: z.ZodType;
  /** Block types neither read nor counted as unknown. */
  readonly quietBlocks: ReadonlySet<string>;
  /** What joins the text blocks of one message or tool result. */
  readonly textSeparator: string;
}

type Block =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'thinking' }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: unknown }
  | {
      readonly type: 'tool_result';
      readonly tool_use_id: string;
      readonly content?: unknown;
      readonly is_error?: boolean | null | undefined;
    };

/** What one assistant message holds: its text (the run's draft of it), and the tool calls it asks for. */
export interface AssistantContent {
  readonly text: string;
  readonly draft: MessageDraft | undefined;
  /** Its `tool_use` blocks, checked or not. */
  readonly toolUseBlocks: number;
  /** The calls of the `tool_use` blocks its dialect's schema accepted. */
  readonly toolCalls: number;
}

const KNOWN: ReadonlySet<string> = new Set<ContentBlockType>(['text', 'thinking', 'tool_use', 'tool_result']);

/** The text blocks of a tool result's or a message's content, joined; the content itself when a string. */
export function contentBlocksText(content: unknown, separator: string): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const block of content) {
    if (isJsonObjectValue(block) && block.type === 'text' && typeof block.text === 'string')
      texts.push(block.text);
  }
  return texts.join(separator);
}

/** An assistant line's message. */
export interface AssistantMessage {
  readonly id?: string | undefined;
  readonly model?: string | undefined;
  readonly content: string | readonly unknown[];
}

/**
 * Read an assistant message: its text joins the run (appended to the message of the same id: each content
 * block may come in a line of its own), each `tool_use` block is a call the model asks for.
 */
export function readAssistantMessage(
  dialect: ContentBlockDialect,
  message: AssistantMessage,
  line: number,
  run: RunBuilder,
  calls: ToolCalls,
  subagent: boolean | undefined,
): AssistantContent {
  const content = readAssistantContent(dialect, message.content, line, run, calls, subagent);
  const draft = run.appendMessageText(message.id, content.text, line, subagent);
  if (message.model && !run.model) run.model = message.model;
  return { ...content, draft };
}

function readAssistantContent(
  dialect: ContentBlockDialect,
  content: string | readonly unknown[],
  line: number,
  run: RunBuilder,
  calls: ToolCalls,
  subagent: boolean | undefined,
): Omit<AssistantContent, 'draft'> {
  if (typeof content === 'string') return { text: content, toolUseBlocks: 0, toolCalls: 0 };
  const texts: string[] = [];
  let toolUseBlocks = 0;
  let toolCalls = 0;
  for (const raw of content) {
    const type = isJsonObjectValue(raw) && typeof raw.type === 'string' ? raw.type : undefined;
    if (type === undefined || !KNOWN.has(type)) {
      if (type === undefined || !dialect.quietBlocks.has(type))
        run.unknown(`assistant.content/${type ?? '?'}`);
      continue;
    }
    if (type === 'tool_use') toolUseBlocks++;
    const schema = dialect.assistantBlocks[type as ContentBlockType];
    if (schema === undefined) continue;
    const block = parseOptionalWire(schema, raw, `a "${type}" block`, line, run) as Block | undefined;
    if (block?.type === 'text') texts.push(block.text);
    else if (block?.type === 'tool_use') {
      calls.asked(block.id, line, { name: block.name, input: block.input, subagent });
      toolCalls++;
    }
  }
  return { text: texts.join(dialect.textSeparator), toolUseBlocks, toolCalls };
}

/** Read a user message's `tool_result` blocks: each ends the call it answers. */
export function readToolResults(
  dialect: ContentBlockDialect,
  content: string | readonly unknown[],
  line: number,
  run: RunBuilder,
  calls: ToolCalls,
  subagent: boolean | undefined,
): void {
  if (typeof content === 'string') return;
  for (const raw of content) {
    if (!isJsonObjectValue(raw) || raw.type !== 'tool_result') continue;
    const block = parseOptionalWire(dialect.toolResultBlock, raw, 'a "tool_result" block', line, run) as
      | Block
      | undefined;
    if (block?.type !== 'tool_result') continue;
    const output = contentBlocksText(block.content, dialect.textSeparator);
    const failed = block.is_error === true;
    calls.ended(block.tool_use_id, line, { output, failed, error: failed ? output : undefined, subagent });
  }
}
