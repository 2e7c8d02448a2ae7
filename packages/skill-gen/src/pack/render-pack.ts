import { isRuntimeId } from '@skillpack/adapters';
import type { Warning } from '@skillpack/core';
import { type OutputFile, textFile } from '../files/output-file.js';
import { MCP_SERVER_BUNDLE, MCP_SERVER_FILE, packToolContracts } from '../mcp/mcp-server-plan.js';
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
  const warnings = [...inputs.warnings];
  for (const [index, target] of targets.entries()) {
    onTarget?.(target, index, targets.length);
    const rendered = (isRuntimeId(target) ? runtimes[target].render : renderPortable)({
      config,
      skills,
      registry,
      renderBody: (skill, form) => engine.renderSkill(skill, target, form),
      renderPluginReadme: (view) => engine.renderPluginReadme(view, target),
      contractFiles,
      typeReferences: inputs.typeReferences,
      bundles: inputs.bundles,
      renderedBefore: [...files],
    });
    if (isRuntimeId(target))
      warnings.push(...serverlessToolWarnings(inputs, runtimes[target].title, rendered));
    files.push(...rendered);
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
    warnings,
  };
}

/**
 * A runtime target that carries no MCP submit server although the pack has one (the runtime has no MCP
 * client): its skills still ask the agent to call the submit tools, which it cannot.
 */
function serverlessToolWarnings(
  inputs: PackInputs,
  title: string,
  rendered: readonly OutputFile[],
): Warning[] {
  if (inputs.bundles[MCP_SERVER_BUNDLE] === undefined) return [];
  if (rendered.some((file) => file.path.endsWith(`/${MCP_SERVER_FILE}`))) return [];
  const tools = packToolContracts(inputs.skills, inputs.registry).map((contract) => contract.toolName);
  return [
    {
      code: 'tool_contract_without_server',
      message: `${title} has no MCP client, so its pack carries no submit server: its agents cannot call ${tools.join(', ')}, which the skills ask for. Build it without this target, or give these skills text-delivered contracts.`,
      details: { runtime: title, tools },
    },
  ];
}
