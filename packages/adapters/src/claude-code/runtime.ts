import type { AdapterRuntime } from '../runtime-declaration.js';
import { hasClaudeEnvelope } from './envelope.js';
import { claudeCodeEvents } from './stream-json.js';
import { unwrapClaudeCodeEvent } from './unwrap.js';
import { CLAUDE_EVENT_TYPES, claudeCodeWireSchemas } from './wire-definitions.js';

const CLAUDE_TYPES: ReadonlySet<string> = new Set(CLAUDE_EVENT_TYPES);

/** Claude Code: stream-json / `--output-format json` / transcripts, and its Stop / SubagentStop hook. */
export const claudeCodeRuntime = {
  id: 'claude-code',
  title: 'Claude Code',
  outputName: 'Claude Code stream-json',
  events: claudeCodeEvents,
  // Claude types are bare words; they need a snake_case or transcript envelope.
  sniff: { precedence: 30, matches: (event) => CLAUDE_TYPES.has(event.type) && hasClaudeEnvelope(event) },
  unwrapEvent: unwrapClaudeCodeEvent,
  documentFormat: 'result-json',
  finalAnswer: {
    rule: "the last message with text of the main agent's last turn (after its last user line), joined to the max_tokens-cut messages it continues; a refused message never counts",
    seenIn: '2.1.2xx-2.1.328',
  },
  // Claude Code 2.1.328: `mcp__<key>__<tool>`.
  mcpToolName: { prefix: 'mcp__', separator: '__' },
  wire: { exportName: 'claudeCode', schemas: claudeCodeWireSchemas },
} as const satisfies AdapterRuntime<'claude-code'>;
