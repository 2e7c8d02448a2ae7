import type { ContractRegistry } from '@skillpack/core';
import type { PackConfig } from '../config/pack-config.js';
import type { OutputFile } from '../files/output-file.js';
import { CONTRACTS_MODULE, contractsModuleBeside } from '../hooks/contracts-module.js';
import type { EnforcementBundle, HookBundles } from '../hooks/hook-bundles.js';
import type { ContractFiles } from '../render/contract-files.js';
import type { SkillForm } from '../render/invocation.js';
import type { PluginReadmeView } from '../render/template-engine.js';
import type { TypeReference } from '../render/type-reference.js';
import type { SkillSource } from '../source/skill-source.js';

/** Everything one target renders from; built once per build, no I/O left to do. */
export interface TargetContext {
  readonly config: PackConfig;
  readonly skills: readonly SkillSource[];
  readonly registry: ContractRegistry;
  /** Renders a skill's SKILL.md body for this target. */
  readonly renderBody: (skill: SkillSource, form: SkillForm) => string;
  /** The README.md of this target's plugin (`templates/<target>/plugin-readme.md.hbs`), if there is one. */
  readonly renderPluginReadme: (view: PluginReadmeView) => string | undefined;
  readonly contractFiles: ContractFiles;
  readonly typeReferences: ReadonlyMap<string, TypeReference>;
  readonly bundles: HookBundles;
  /**
   * The files of the targets rendered before this one, in `TARGET_IDS` order (every runtime comes before
   * `portable`, so the portable package sees each runtime form the pack builds).
   */
  readonly renderedBefore: readonly OutputFile[];
}

/** A target renders its whole subtree of the pack (paths start with the target id). */
export type RenderTarget = (context: TargetContext) => OutputFile[];

/**
 * The file at `path` holding `bundle`, as the build made or read it, and the pack's contracts module beside
 * it when the build made one (a pack that hooks contracts of its own).
 */
export function enforcementFiles(
  context: TargetContext,
  path: string,
  bundle: EnforcementBundle,
): OutputFile[] {
  const content = context.bundles[bundle.name];
  // loadHookBundles has already failed the build when a needed bundle is missing.
  if (!content) throw new Error(`internal: bundle ${bundle.name} was not loaded`);
  const contracts = context.bundles[CONTRACTS_MODULE.name];
  return [
    { path, content, executable: false },
    ...(contracts ? [{ path: contractsModuleBeside(path), content: contracts, executable: false }] : []),
  ];
}

/** `author` in the npm / plugin manifest shape, without empty keys. */
export function authorObject(config: PackConfig) {
  const { name, email, url } = config.author;
  return { name, ...(email ? { email } : {}), ...(url ? { url } : {}) };
}

/** Optional manifest fields shared by plugin manifests and package.json. */
export function optionalPackFields(config: PackConfig) {
  return {
    ...(config.homepage ? { homepage: config.homepage } : {}),
    ...(config.repository ? { repository: config.repository } : {}),
    ...(config.keywords.length > 0 ? { keywords: config.keywords } : {}),
  };
}
