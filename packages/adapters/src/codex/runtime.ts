import type { AdapterRuntime } from '../runtime-declaration.js';
import { codexEvents } from './exec-json.js';
import { CODEX_MCP_TOOL_NAME } from './mcp-tool-name.js';
import { isRolloutStart } from './rollout.js';
import { unwrapCodexEvent } from './unwrap.js';
import { codexWireSchemas } from './wire-definitions.js';

const CODEX_PREFIXES = ['thread.', 'turn.', 'item.'] as const;

/** Codex: `exec --json`, its session rollout, the legacy notify payload, and its Stop hook. */
export const codexRuntime = {
  id: 'codex',
  title: 'Codex',
  outputName: 'Codex exec --json',
  events: codexEvents,
  // Codex types are dotted (`thread.started`), the notify `agent-turn-complete` or a rollout's `session_meta`; a
  // bare `{"type":"error","message"}` with no OpenCode `sessionID` is Codex's.
  sniff: {
    precedence: 20,
    matches: (event) =>
      event.type === 'agent-turn-complete' ||
      isRolloutStart(event) ||
      CODEX_PREFIXES.some((prefix) => event.type.startsWith(prefix)) ||
      (event.type === 'error' && typeof event.message === 'string' && event.sessionID === undefined),
  },
  unwrapEvent: unwrapCodexEvent,
  documentFormat: undefined,
  finalAnswer: {
    rule: 'the last agent_message of the last turn (else its last plan item); only turn.completed (a rollout: task_complete without an error) completes a run',
    seenIn: '0.147-0.169',
  },
  mcpToolName: CODEX_MCP_TOOL_NAME,
  wire: { exportName: 'codex', schemas: codexWireSchemas },
} as const satisfies AdapterRuntime<'codex'>;
