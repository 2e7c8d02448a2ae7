import type { AdapterRuntime } from '../runtime-declaration.js';
import { OPENCODE_MCP_TOOL_NAME } from './mcp-tool-name.js';
import { openCodeEvents } from './run-json.js';
import { unwrapOpenCodeEvent } from './unwrap.js';
import { OPENCODE_EVENT_TYPES, openCodeWireSchemas } from './wire-definitions.js';

const OPENCODE_TYPES: ReadonlySet<string> = new Set(OPENCODE_EVENT_TYPES);

/** OpenCode: `run --format json`; enforced by its plugin, so it has no Stop-hook dialect. */
export const openCodeRuntime = {
  id: 'opencode',
  title: 'OpenCode',
  outputName: 'OpenCode run --format json',
  events: openCodeEvents,
  // OpenCode lines carry `sessionID` and a numeric `timestamp`: the strictest sniff, tried first.
  sniff: {
    precedence: 10,
    matches: (event) =>
      typeof event.sessionID === 'string' &&
      typeof event.timestamp === 'number' &&
      OPENCODE_TYPES.has(event.type),
  },
  unwrapEvent: unwrapOpenCodeEvent,
  documentFormat: undefined,
  finalAnswer: {
    rule: "the text of the last main-session step that finished ('' when it wrote none); child-session parts are never the answer",
    seenIn: '1.17.20-1.18.33',
  },
  mcpToolName: OPENCODE_MCP_TOOL_NAME,
  wire: { exportName: 'openCode', schemas: openCodeWireSchemas },
} as const satisfies AdapterRuntime<'opencode'>;
