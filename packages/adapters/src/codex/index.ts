import type { RuntimeId } from '../runtime-id.js';

/** The runtime id this subpath reads: `codex`. */
export const RUNTIME_ID = 'codex' satisfies RuntimeId;
export type { CodexAppServer, CodexAppServerOptions, CodexHookListing } from './app-server.js';
export {
  codexTrustToml,
  isCodexHookTrusted,
  listCodexHooks,
  openCodexAppServer,
  trustCodexHookHashes,
  trustCodexProject,
} from './app-server.js';
export type { ReadCodexLastMessageOptions } from './last-message.js';
export { readCodexLastMessage } from './last-message.js';
export { safeParseCodexNotify } from './notify.js';
export { readCodexRun } from './read.js';
export type { CodexStopHookInput } from './stop-hook.js';
export { codexStopHook, handleCodexStop } from './stop-hook.js';
export { unwrapCodexLine } from './unwrap.js';
