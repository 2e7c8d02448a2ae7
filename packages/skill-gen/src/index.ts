export type {
  BooleanOption,
  CommandContext,
  CommandDeclaration,
  OptionDeclaration,
  OptionDeclarations,
  OptionValues,
  PositionalDeclaration,
  StringOption,
} from './cli/command.js';
export { defineCommand } from './cli/command.js';
export type { ExitCode } from './cli/exit-code.js';
export { EXIT, exitCodeFor, IoError, UsageError } from './cli/exit-code.js';
export type { Progress } from './cli/progress.js';
export type { CliIo } from './cli-io.js';
export { CONFIG_SCHEMA_FILE, packConfigJsonSchema } from './config/config-json-schema.js';
export { loadPackConfig, MAX_CONFIG_BYTES, safeParsePackConfig } from './config/load-pack-config.js';
export type { Author, HookConfig, PackConfig, PackConfigInput, StopEvent } from './config/pack-config.js';
export { HookConfigSchema, PackConfigSchema, STOP_EVENTS } from './config/pack-config.js';
export { contractSchemaFiles, writeContractSchemas } from './contract-schemas.js';
export type { DocFile } from './docs/contract-docs.js';
export { contractFamily, renderContractDocs } from './docs/contract-docs.js';
export type { DocsDrift, DocsDriftKind } from './docs/docs-drift.js';
export { compareDocs } from './docs/docs-drift.js';
export type { BundleName, BundlePaths } from './hooks/hook-bundles.js';
export { BUNDLE_SPECIFIERS } from './hooks/hook-bundles.js';
export type { InstallScope } from './install/layout.js';
export { INSTALL_SCOPES, LOCK_FILE_NAME, lockFilePath, targetPathFor } from './install/layout.js';
export type { LockedFile, LockedInstall, LockFile } from './install/lock-file.js';
export { LockFileSchema, safeParseLockFile, serializeLockFile } from './install/lock-file.js';
export type {
  InstallOptions,
  OperationOutcome,
  OperationStatus,
  ScopeListing,
  ScopeOptions,
  UninstallOptions,
} from './install/operations.js';
export { installPack, listScope, uninstallPack } from './install/operations.js';
export type { DiskState, PackFile, Plan, PlanAction } from './install/plan.js';
export { planInstall, planUninstall } from './install/plan.js';
export type { LintFinding, LintRule } from './lint/finding.js';
export { lintSkillFile } from './lint/lint-skill.js';
export { LINT_RULES } from './lint/rules/index.js';
export type { LintReport } from './lint/run-lint.js';
export { runLint } from './lint/run-lint.js';
export type { LintRuntime, Severity } from './lint/runtimes.js';
export { LINT_RUNTIMES, SEVERITIES } from './lint/runtimes.js';
export type { SkillFileInput } from './lint/skill-document.js';
export type { Manifest, ManifestFile, ManifestInput } from './manifest.js';
export {
  createManifest,
  isSafeRelativePath,
  MANIFEST_FILE,
  MANIFEST_SCHEMA_VERSION,
  ManifestFileSchema,
  ManifestSchema,
  safeParseManifest,
  serializeManifest,
} from './manifest.js';
export type { OutputFile } from './output-file.js';
export type { BuildResult, CheckResult } from './pack/build-pack.js';
export { buildPack, checkPack } from './pack/build-pack.js';
export type { CheckReport, DriftEntry, DriftKind } from './pack/check-pack.js';
export { comparePack, DRIFT_KINDS } from './pack/check-pack.js';
export type { PackInputs } from './pack/load-pack.js';
export { loadPack } from './pack/load-pack.js';
export type { PackRequest } from './pack/pack-request.js';
export { DEFAULT_CONFIG_FILE } from './pack/pack-request.js';
export type { RenderedPack } from './pack/render-pack.js';
export { GENERATOR_NAME, renderPack } from './pack/render-pack.js';
export type { WriteReport } from './pack/write-pack.js';
export { writePack } from './pack/write-pack.js';
export { runCli } from './program.js';
export type { SkillForm } from './render/invocation.js';
export { invocation } from './render/invocation.js';
export type { SkillFrontMatter } from './source/front-matter-schema.js';
export { SkillFrontMatterSchema } from './source/front-matter-schema.js';
export type { ParsedSkillFile } from './source/parse-skill-file.js';
export { safeParseSkillFile } from './source/parse-skill-file.js';
export type { SkillAsset, SkillSource } from './source/skill-source.js';
export type { TargetId } from './targets/target-id.js';
export { isTargetId, TARGET_IDS } from './targets/target-id.js';
export type {
  ModuleContractSource,
  TypeReference,
  TypeReferenceOptions,
  TypeReferenceOrigin,
} from './type-reference.js';
export { createTypeReferences } from './type-reference.js';
export { generatorVersion } from './version.js';
