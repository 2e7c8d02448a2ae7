export type { ModelProtocol, ModelRequest, RequestSummary } from './model-request.js';
export { MODEL_PROTOCOLS } from './model-request.js';
export type { Reply, ReplyPart, ReplyStop } from './reply.js';
export { reply } from './reply.js';
export type { ScriptedModel, ScriptedModelOptions } from './scripted-model.js';
export { createScriptedModel } from './scripted-model.js';
export type { MatchedRequest, ReplyRule, RequestMatcher } from './when.js';
export { matches, otherwise, when } from './when.js';
