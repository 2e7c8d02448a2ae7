// The conflux family's zod schemas, exported from `@skillpack/core/conflux` as the `schemas` namespace.

export {
  AcceptanceBlockerSchema,
  AcceptanceFindingSchema,
  AcceptanceVerdictSchema,
  FindingFileExpectationSchema,
  LegacyFindingSchema,
  ParsedAcceptanceVerdictSchema,
  RepositoryFindingSchema,
  RepositoryPathSchema,
  VerificationDeclarationSchema,
} from './schemas.js';
