import { isRuntimeId } from '@skillpack/adapters';
import type { Warning } from '@skillpack/core';
import { type OutputFile, textFile } from '../files/output-file.js';
import { createContractFiles } from '../render/contract-files.js';
import { createTemplateEngine } from '../render/template-engine.js';
import { renderPortable } from '../targets/portable.js';
import { TARGET_IDS } from '../targets/target-id.js';
import { generatorVersion } from './generator-version.js';
import type { PackInputs } from './load-pack.js';
import { createManifest, MANIFEST_FILE, type Manifest, serializeManifest } from './manifest.js';
import { assertWindowsSafePaths } from './windows-paths.js';

export const GENERATOR_NAME = '@skillpack/skill-gen';

/** A pack rendered in memory: every file, the manifest among them, sorted by path. */
export interface RenderedPack {
  readonly files: readonly OutputFile[];
  readonly manifest: Manifest;
  readonly warnings: readonly Warning[];
}

/**
 * Render every target of a loaded pack, each runtime by its declaration's renderer. Pure apart from reading the
 * generator version; no file I/O.
 */
export function renderPack(
  inputs: PackInputs,
  onTarget?: (target: string, done: number, total: number) => void,
): RenderedPack {
  const { config, skills, registry, runtimes } = inputs;
  const skillNames = new Set(skills.map((skill) => skill.name));
  const pack = { name: config.name, version: config.version, description: config.description };
  const targets = TARGET_IDS.filter((target) => inputs.targets.includes(target));
  const files: OutputFile[] = [];
  const contractFiles = createContractFiles(registry);
  const engine = createTemplateEngine({
    templates: inputs.templates,
    registry,
    pack,
    skillNames,
    runtimes,
  });
  for (const [index, target] of targets.entries()) {
    onTarget?.(target, index, targets.length);
    files.push(
      ...(isRuntimeId(target) ? runtimes[target].render : renderPortable)({
        config,
        skills,
        registry,
        renderBody: (skill, form) => engine.renderSkill(skill, target, form),
        renderPluginReadme: (view) => engine.renderPluginReadme(view, target),
        contractFiles,
        typeReferences: inputs.typeReferences,
        bundles: inputs.bundles,
        renderedBefore: [...files],
      }),
    );
  }
  // Sorted by path so the manifest, and the order files are written in, never depend on render order.
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  assertWindowsSafePaths(files.map((file) => file.path));
  const contracts = [...new Set(skills.flatMap((skill) => skill.frontMatter.contracts))]
    .sort()
    .map((id) => ({ id, version: registry.require(id).version }));
  const manifest = createManifest({
    generator: { name: GENERATOR_NAME, version: generatorVersion() },
    pack: { name: config.name, version: config.version },
    targets,
    contracts,
    sources: inputs.sources,
    files,
  });
  return {
    files: [...files, textFile(MANIFEST_FILE, serializeManifest(manifest))],
    manifest,
    warnings: inputs.warnings,
  };
}
