import type { RuntimeId } from '@skillpack/adapters';
import { claudeCodeHost } from './claude-code.js';
import { codexHost } from './codex.js';
import { copilotCliHost } from './copilot-cli.js';
import { geminiCliHost } from './gemini-cli.js';
import type { HostRuntime } from './host-runtime.js';
import { openCodeHost } from './opencode.js';
import { qwenCodeHost } from './qwen-code.js';

/** Every runtime the adapters read, with its host declaration; a new RuntimeId fails to compile here. */
export const HOST_RUNTIMES: Readonly<Record<RuntimeId, HostRuntime>> = {
  'claude-code': claudeCodeHost,
  codex: codexHost,
  opencode: openCodeHost,
  'gemini-cli': geminiCliHost,
  'copilot-cli': copilotCliHost,
  'qwen-code': qwenCodeHost,
};
