import type { RuntimeId } from '@skillpack/adapters';
import type { SdkSetup } from './_sdk.js';
import type { RuntimeSetup } from './_setup.js';
import { type ClaudeAgentSdkOfflineOptions, claudeAgentSdkSetup } from './claude-code/sdk.js';
import { claudeCodeSetup } from './claude-code/setup.js';
import { type CodexSdkOfflineOptions, codexSdkSetup } from './codex/sdk.js';
import { codexSetup } from './codex/setup.js';
import { type CopilotSdkOfflineOptions, copilotSdkSetup } from './copilot-cli/sdk.js';
import { copilotCliSetup } from './copilot-cli/setup.js';
import { geminiCliSetup } from './gemini-cli/setup.js';
import { openCodeSetup } from './opencode/setup.js';
import { piSetup } from './pi/setup.js';
import { qwenCodeSetup } from './qwen-code/setup.js';

export type { ClaudeAgentSdkOfflineOptions } from './claude-code/sdk.js';
export type { CodexSdkOfflineOptions } from './codex/sdk.js';
export type { TrustCodexHooksOptions, TrustedCodexHook } from './codex/trust.js';
export { trustCodexHooks } from './codex/trust.js';
export type { CopilotSdkOfflineOptions } from './copilot-cli/sdk.js';

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
  pi: piSetup,
};

/** The offline options of each vendor SDK that embeds a runtime, by the SDK's npm name without its scope. */
export interface SdkOfflineOptions {
  'claude-agent-sdk': ClaudeAgentSdkOfflineOptions;
  'codex-sdk': CodexSdkOfflineOptions;
  'copilot-sdk': CopilotSdkOfflineOptions;
}

/** Every SDK `scriptedSdkOptions` points at the scripted model, declared in its runtime's folder. */
export const SDK_SETUPS: { readonly [S in keyof SdkOfflineOptions]: SdkSetup<SdkOfflineOptions[S]> } = {
  'claude-agent-sdk': claudeAgentSdkSetup,
  'codex-sdk': codexSdkSetup,
  'copilot-sdk': copilotSdkSetup,
};
