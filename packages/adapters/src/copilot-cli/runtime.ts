import { isJsonObjectValue } from '../_shared/event-line.js';
import type { AdapterRuntime } from '../runtime-declaration.js';
import { copilotCliEvents, copilotSdkEvents } from './events-json.js';
import { COPILOT_FINAL_ANSWER_RULE, COPILOT_FINAL_ANSWER_SEEN_IN } from './final-message.js';
import { unwrapCopilotCliEvent } from './unwrap.js';
import { COPILOT_EVENT_TYPES, copilotCliWireSchemas } from './wire-definitions.js';

const COPILOT_TYPES: ReadonlySet<string> = new Set(COPILOT_EVENT_TYPES);

/**
 * GitHub Copilot CLI: `-p --output-format json` session events, and its `agentStop` hook, which carries no
 * answer (read from `events.jsonl`). Copilot also runs a project's `.claude/settings.json` `Stop` hooks.
 */
export const copilotCliRuntime = {
  id: 'copilot-cli',
  title: 'GitHub Copilot CLI',
  outputName: 'Copilot CLI --output-format json',
  events: copilotCliEvents,
  sdkEvents: copilotSdkEvents,
  // Copilot types are dotted session events with a `data` object; its `result` line (a Claude type too) is
  // last, so it never decides detection.
  sniff: {
    precedence: 12,
    matches: (event) =>
      event.type !== 'result' && COPILOT_TYPES.has(event.type) && isJsonObjectValue(event.data),
  },
  unwrapEvent: unwrapCopilotCliEvent,
  documentFormat: undefined,
  finalAnswer: { rule: COPILOT_FINAL_ANSWER_RULE, seenIn: COPILOT_FINAL_ANSWER_SEEN_IN },
  // GitHub Copilot CLI 1.0.102: `<key>-<tool>`.
  mcpToolName: { prefix: '', separator: '-' },
  wire: { exportName: 'copilotCli', schemas: copilotCliWireSchemas },
} as const satisfies AdapterRuntime<'copilot-cli'>;
