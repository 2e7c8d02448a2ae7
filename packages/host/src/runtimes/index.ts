import type { RuntimeId } from '@skillpack/adapters';
import { claudeCodeHost } from './claude-code/runtime.js';
import { codexHost } from './codex/runtime.js';
import { copilotCliHost } from './copilot-cli/runtime.js';
import { geminiCliHost } from './gemini-cli/runtime.js';
import type { HostRuntime } from './host-runtime.js';
import { openCodeHost } from './opencode/runtime.js';
import { piHost } from './pi/runtime.js';
import { qwenCodeHost } from './qwen-code/runtime.js';

/** Every runtime the adapters read, with its host declaration; a new RuntimeId fails to compile here. */
export const HOST_RUNTIMES: Readonly<Record<RuntimeId, HostRuntime>> = {
  'claude-code': claudeCodeHost,
  codex: codexHost,
  opencode: openCodeHost,
  'gemini-cli': geminiCliHost,
  'copilot-cli': copilotCliHost,
  'qwen-code': qwenCodeHost,
  pi: piHost,
};
