import type { AdapterRuntime } from '../runtime-declaration.js';
import { qwenCodeEvents } from './stream-json.js';
import { isQwenTranscriptRecord } from './transcript.js';
import { unwrapQwenCodeEvent } from './unwrap.js';
import { qwenCodeWireSchemas } from './wire-definitions.js';

const hasParts = (message: unknown) =>
  typeof message === 'object' && message !== null && Array.isArray((message as { parts?: unknown }).parts);

/**
 * Qwen Code: `-p --output-format stream-json --include-partial-messages` (or `json`), its chat recording (the
 * Stop hook's `transcript_path`), and its Claude-style Stop hook.
 */
export const qwenCodeRuntime = {
  id: 'qwen-code',
  title: 'Qwen Code',
  outputName: 'Qwen Code stream-json',
  events: qwenCodeEvents,
  // Its lines copy Claude Code's envelope; only the `init` line (the first of every run) names the CLI. A
  // chat-recording record is told from a Claude Code transcript line by its Gemini-style message `parts`.
  sniff: {
    precedence: 25,
    matches: (event) =>
      (event.type === 'system' && typeof event.qwen_code_version === 'string') ||
      (isQwenTranscriptRecord(event) && hasParts(event.message)),
  },
  unwrapEvent: unwrapQwenCodeEvent,
  documentFormat: undefined,
  finalAnswer: {
    rule: "the main agent's last text message after its last tool result, only when its --include-partial-messages deltas show one model response (a Stop-hook push-back joins every answer into one message with no separator: no answer then); in the chat recording, the last model response of the turn since a person last wrote, when it has text and calls no tool",
    seenIn: '0.24.4',
  },
  // Qwen Code 0.24.4: `mcp__<key>__<tool>`.
  mcpToolName: { prefix: 'mcp__', separator: '__' },
  wire: { exportName: 'qwenCode', schemas: qwenCodeWireSchemas },
} as const satisfies AdapterRuntime<'qwen-code'>;
