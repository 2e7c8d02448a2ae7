import type { AdapterRuntime } from '../runtime-declaration.js';
import { piEvents } from './json-mode.js';
import { PI_MCP_TOOL_NAME } from './mcp-tool-name.js';
import { isPiEvent, unwrapPiEvent } from './unwrap.js';
import { piWireSchemas } from './wire-definitions.js';

/** Pi: `--mode json` events (1.6.0); enforced by its extension, so it has no Stop-hook dialect. */
export const piRuntime = {
  id: 'pi',
  title: 'Pi',
  outputName: 'Pi --mode json',
  events: piEvents,
  // Pi's types are snake_case names no other runtime prints (`agent_settled`, `tool_execution_end`), each
  // checked for the field it always carries.
  sniff: { precedence: 27, matches: isPiEvent },
  unwrapEvent: unwrapPiEvent,
  documentFormat: undefined,
  finalAnswer: {
    rule: 'the text parts of the last assistant message_end; only agent_settled ends a run (a push-back runs another agent_start … agent_end before it), and only stopReason "stop" completes it',
    seenIn: '1.6.0',
  },
  mcpToolName: PI_MCP_TOOL_NAME,
  wire: { exportName: 'pi', schemas: piWireSchemas },
} as const satisfies AdapterRuntime<'pi'>;
