export type {
  ClaudeAgentSdkOfflineOptions,
  CodexSdkOfflineOptions,
  CopilotSdkOfflineOptions,
  SdkOfflineOptions,
  TrustCodexHooksOptions,
  TrustedCodexHook,
} from './_runtimes/registry.js';
export { trustCodexHooks } from './_runtimes/registry.js';
export { CLI_NAMES, findCli } from './find-cli.js';
export type { ScriptedHostOptions, ScriptedHostOptionsInput } from './host-options.js';
export { scriptedHostOptions } from './host-options.js';
export type { ModelProtocol, ModelRequest, RequestSummary } from './model-request.js';
export { MODEL_PROTOCOLS } from './model-request.js';
export type { Reply, ReplyPart, ReplyStop } from './reply.js';
export { reply } from './reply.js';
export type { AgentRunResult } from './run-agent.js';
export { runAgent } from './run-agent.js';
export type { RunAgentOptions, RunFolders } from './run-agent-options.js';
export { createScriptedModel } from './scripted-model.js';
export type { ScriptedModel, ScriptedModelOptions } from './scripted-model-types.js';
export type { ScriptedSdkOptions, ScriptedSdkOptionsInput, SdkName } from './sdk-options.js';
export { scriptedSdkOptions } from './sdk-options.js';
export type { MatchedRequest, ReplyRule, RequestMatcher } from './when.js';
export { matches, otherwise, when } from './when.js';
