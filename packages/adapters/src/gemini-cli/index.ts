import type { RuntimeId } from '../runtime-id.js';

/** The runtime id this subpath reads: `gemini-cli`. */
export const RUNTIME_ID = 'gemini-cli' satisfies RuntimeId;
export { readGeminiCliRun } from './read.js';
export { readGeminiTranscriptAnswer } from './read-transcript.js';
export { GEMINI_STOP_EVENT, geminiCliStopHook, handleGeminiCliStop } from './stop-hook.js';
export { unwrapGeminiCliLine } from './unwrap.js';
