import type { AdapterRuntime } from '../runtime-declaration.js';
import { GEMINI_MCP_TOOL_NAME } from './mcp-tool-name.js';
import { geminiCliEvents } from './stream-json.js';
import { isGeminiCliEvent, unwrapGeminiCliEvent } from './unwrap.js';
import { geminiCliWireSchemas } from './wire-definitions.js';

/** Gemini CLI: `-p … --output-format stream-json`, and its AfterAgent hook (0.61.0). */
export const geminiCliRuntime = {
  id: 'gemini-cli',
  title: 'Gemini CLI',
  outputName: 'Gemini CLI stream-json',
  events: geminiCliEvents,
  // Gemini lines carry an ISO `timestamp` string and their type's own field; its `error` lines (with
  // `severity`) would otherwise read as Codex's bare `{"type":"error","message"}`, so it is sniffed first.
  sniff: { precedence: 15, matches: isGeminiCliEvent },
  unwrapEvent: unwrapGeminiCliEvent,
  documentFormat: undefined,
  finalAnswer: {
    rule: 'the assistant deltas of the last model turn, concatenated, after the last tool call or result and the last "Agent execution blocked" warning; only result status "success" completes a run; never the cumulative json response or prompt_response',
    seenIn: '0.61.0',
  },
  mcpToolName: GEMINI_MCP_TOOL_NAME,
  wire: { exportName: 'geminiCli', schemas: geminiCliWireSchemas },
} as const satisfies AdapterRuntime<'gemini-cli'>;
