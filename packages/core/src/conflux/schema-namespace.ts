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
