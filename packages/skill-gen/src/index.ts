// The public API: what a pack author, a host or a CI script uses. The CLI's own machinery (command
// declarations, exit codes, planning, rendering and writing steps, manifest and lock-file writers) is
// internal; `runCli` runs any command.
export type { CliIo } from './cli/io.js';
export { runCli } from './cli/program.js';
export { packConfigJsonSchema } from './config/config-json-schema.js';
export { loadPackConfig, safeParsePackConfig } from './config/load-pack-config.js';
export type { Author, HookConfig, PackConfig, PackConfigInput, StopEvent } from './config/pack-config.js';
export { PackConfigSchema } from './config/pack-config.js';
export type { DocFile } from './docs/contract-docs.js';
export { renderContractDocs } from './docs/contract-docs.js';
export type { InstallScope } from './install/layout.js';
export { LOCK_FILE_NAME } from './install/layout.js';
export type { LockedFile, LockedInstall, LockFile } from './install/lock-file.js';
export type {
  InstalledPack,
  OperationOutcome,
  OperationStatus,
  ScopeListing,
  ScopeOptions,
} from './install/operations.js';
export type { LintFinding, LintRule } from './lint/finding.js';
export type { LintReport } from './lint/run-lint.js';
export type { LintRuntime, Severity } from './lint/runtimes.js';
export type { SkillFileInput } from './lint/skill-document.js';
export type { BuildOptions, BuildResult, CheckResult } from './pack/build-pack.js';
export type { CheckReport, DriftEntry, DriftKind } from './pack/check-pack.js';
export { generatorVersion } from './pack/generator-version.js';
export type { Manifest, ManifestFile } from './pack/manifest.js';
export { MANIFEST_FILE, safeParseManifest } from './pack/manifest.js';
export type { PackReads } from './pack/pack-reads.js';
export { SKILLPACK_PACKAGES } from './pack/pack-reads.js';
export type { PackRequest } from './pack/pack-request.js';
export { DEFAULT_CONFIG_FILE } from './pack/pack-request.js';
export type { PackPlan } from './pack/plan-pack.js';
export { writeContractSchemas } from './render/contract-schemas.js';
export type {
  InstallOptions,
  RuntimeInstallOptions,
  UninstallOptions,
} from './runtimes/runtime-install.js';
export { installPack, listScope, safeParseLockFile, uninstallPack } from './runtimes/runtime-install.js';
export { LINT_RULES, lintSkillFile, runLint } from './runtimes/runtime-lint.js';
export { buildPack, checkPack, planPack } from './runtimes/runtime-pack.js';
export type { SkillFrontMatter } from './source/front-matter-schema.js';
export type { ParsedSkillFile } from './source/parse-skill-file.js';
export { safeParseSkillFile } from './source/parse-skill-file.js';
export type { SkillAsset, SkillSource } from './source/skill-source.js';
export type { TargetId } from './targets/target-id.js';
export { isTargetId, TARGET_IDS } from './targets/target-id.js';
