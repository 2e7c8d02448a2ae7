import type { RuntimeId } from '@skillpack/adapters';
import type { RuntimeSetup } from './_setup.js';
import { claudeCodeSetup } from './claude-code.js';
import { codexSetup } from './codex.js';
import { copilotCliSetup } from './copilot-cli.js';
import { geminiCliSetup } from './gemini-cli.js';
import { openCodeSetup } from './opencode.js';
import { qwenCodeSetup } from './qwen-code.js';

/**
 * Every runtime's `runAgent` declaration, one per id of `RUNTIME_IDS`: the one place a runtime is registered
 * in `@skillpack/testing`. `run-agent.ts` and `find-cli.ts` derive from it.
 */
export const RUNTIME_SETUPS: { readonly [R in RuntimeId]: RuntimeSetup } = {
  'claude-code': claudeCodeSetup,
  codex: codexSetup,
  opencode: openCodeSetup,
  'gemini-cli': geminiCliSetup,
  'copilot-cli': copilotCliSetup,
  'qwen-code': qwenCodeSetup,
};
