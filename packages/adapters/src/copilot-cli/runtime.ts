import { isJsonObjectValue } from '../_shared/event-line.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import type { AdapterRuntime } from '../runtime-declaration.js';
import {
  COPILOT_FINAL_ANSWER_RULE,
  COPILOT_FINAL_ANSWER_SEEN_IN,
  createCopilotCliReader,
} from './events-json.js';
import { copilotCliStopHook, handleCopilotCliStop } from './stop-hook.js';
import { unwrapCopilotCliEvent } from './unwrap.js';
import * as schemas from './wire-schemas.js';

const COPILOT_TYPES: ReadonlySet<string> = new Set(schemas.COPILOT_EVENT_TYPES);

/**
 * GitHub Copilot CLI: `-p --output-format json` session events, and its `agentStop` hook, which carries no
 * answer (read from `events.jsonl`). Copilot also runs a project's `.claude/settings.json` `Stop` hooks.
 */
export const copilotCliRuntime = {
  id: 'copilot-cli',
  title: 'GitHub Copilot CLI',
  outputName: 'Copilot CLI --output-format json',
  createReader: createCopilotCliReader,
  // Copilot types are dotted session events with a `data` object; its `result` line (a Claude type too) is
  // last, so it never decides detection.
  sniff: {
    precedence: 15,
    matches: (event) =>
      event.type !== 'result' && COPILOT_TYPES.has(event.type) && isJsonObjectValue(event.data),
  },
  unwrapEvent: unwrapCopilotCliEvent,
  documentFormat: undefined,
  finalAnswer: { rule: COPILOT_FINAL_ANSWER_RULE, seenIn: COPILOT_FINAL_ANSWER_SEEN_IN },
  wire: { exportName: 'copilotCli', schemas },
  stopHook: {
    input: copilotCliStopHook,
    // Copilot reads `decision` and `reason` and drops `systemMessage` (1.0.102); exit 2 only warns.
    renderOutput: renderStopHookOutput,
    exitTwoPushesBack: false,
    transcript: 'runtime',
    decide: handleCopilotCliStop,
    // A Claude Code pack's Stop hook in `.claude/settings.json` fires under Copilot too, with a Claude-shaped
    // payload without `last_assistant_message`, an ISO `timestamp` and Copilot's `events.jsonl` as
    // `transcript_path`; Copilot sets COPILOT_CLI=1 in every hook's environment.
    hosts: {
      runtimes: ['claude-code'],
      detect: (env, payload) =>
        env.COPILOT_CLI === '1' &&
        isJsonObjectValue(payload) &&
        payload.last_assistant_message === undefined &&
        typeof payload.timestamp === 'string',
    },
  },
} as const satisfies AdapterRuntime<'copilot-cli'>;
