// The maestro family's zod schemas, exported from `@skillpack/core/maestro` as the `schemas` namespace.

export {
  MaestroResultSchema,
  ResultBlockSchema,
  ResultFallbackSchema,
  ResultFieldsSchema,
  ResultStatusSchema,
} from './result-schema.js';
export {
  CompletionStatusSchema,
  DriftScoreSchema,
  RalphBoundaryContractSchema,
  RalphSessionContextSchema,
  RalphSessionSchema,
  RalphStepLoadSchema,
  RalphStepSchema,
  RalphTaskDecompositionItemSchema,
  SessionStatusSchema,
  StepStatusSchema,
} from './status-schema.js';
export {
  ConfidenceLevelSchema,
  MaestroVerdictSchema,
  VerdictBlockSchema,
  VerdictFallbackSchema,
  VerdictFieldsSchema,
  VerdictStatusSchema,
} from './verdict-schema.js';
