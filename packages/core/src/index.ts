export { builtinContractListOf, loadBuiltinContract } from './builtin-loaders.js';
export type {
  AnyContract,
  CompiledSchema,
  Contract,
  ContractDelivery,
  ContractExample,
  ContractJudgement,
  ContractResult,
  ContractToolCall,
  ExtractOptions,
  PlainRead,
  UnattemptedFailure,
} from './contract.js';
export { CONTRACT_ID_PATTERN, contractIdProblem } from './contract-id.js';
export type { ContractSpec } from './define-contract.js';
export { defineContract, isContract, readsBySchemaAlone } from './define-contract.js';
export type { ErrorDetails, SerializedError, SkillpackErrorOptions } from './errors.js';
export { ConfigError, describeValue, ProtocolError, SkillpackError } from './errors.js';
export type { SchemaIssue } from './issues.js';
export { formatPath, protocolErrorFromZod, toSchemaIssues } from './issues.js';
export type { JsonSchema, JsonSchemaOptions, SchemaDirection } from './json-schema.js';
export { toJsonSchema, toOpenAiStrictSchema } from './json-schema.js';
export { isRepositoryPath, normalizeRepositoryPath } from './paths.js';
export type { ContractRegistry } from './registry.js';
export { createContractRegistry, isContractRegistry } from './registry.js';
export type { Failure, Result, Success, Warning } from './result.js';
export { fail, ok, unwrap } from './result.js';
export type { ContractSubmitTool, ToolSchemaDialect } from './submission.js';
export { submitTool } from './submission.js';
export type { FenceState, FenceTracker } from './text/fence.js';
export { createFenceTracker } from './text/fence.js';
export type { JsonCandidate, JsonCandidateOptions, JsonCandidateOrigin } from './text/json-candidates.js';
export { findJsonCandidates } from './text/json-candidates.js';
export type { JsonObject } from './text/json-line.js';
export { isJsonObject, safeJsonParse } from './text/json-line.js';
export { splitLines } from './text/lines.js';
export { stripMarkdownDecorations } from './text/markdown.js';
export type { RunNotCompleteReason, UnwrapLine } from './text/unwrap.js';
export { agentTextLines } from './text/unwrap.js';
