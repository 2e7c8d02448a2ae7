/** The runtime id this subpath reads: `copilot-cli`. */

export { readCopilotCliRun } from './read.js';
export type { CopilotStopRef, StopAnswerScan } from './stop-answer.js';
export { scanStopAnswer } from './stop-answer.js';
export type { CopilotStop, CopilotStopHookOptions } from './stop-hook.js';
export { copilotCliStopHook, handleCopilotCliStop, safeParseCopilotStop } from './stop-hook.js';
export type { StopTranscriptOptions } from './stop-transcript.js';
export { readCopilotStopAnswer } from './stop-transcript.js';
export { COPILOT_CLI as RUNTIME_ID } from './subagent.js';
export { unwrapCopilotCliLine } from './unwrap.js';
