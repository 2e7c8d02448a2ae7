import { readFile } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import type { ContractRegistry, Warning } from '@skillpack/core';
import type { PackConfig } from '../config/pack-config.js';
import type { ModuleContract } from '../contracts/load-contract-modules.js';
import type { PackContracts } from '../contracts/pack-contracts-types.js';
import { authorError } from '../errors/author-error.js';
import { sha256 } from '../files/sha256.js';
import type { PackRuntimeBundles } from '../hooks/bundle-pack-runtime.js';
import { type EnforcementBundle, type HookBundles, loadHookBundles } from '../hooks/hook-bundles.js';
import { packHookedContracts } from '../hooks/hook-plan.js';
import { MCP_SERVER_BUNDLE, packToolContracts } from '../mcp/mcp-server-plan.js';
import { loadTemplates, type TemplateSet, templateFiles } from '../render/templates.js';
import { createTypeReferences, type TypeReference } from '../render/type-reference.js';
import type { SkillSource, SourceRecord } from '../source/skill-source.js';
import type { TargetId } from '../targets/target-id.js';
import { type PackReads, packReads } from './pack-reads.js';
import type { PackRequest } from './pack-request.js';
import type { PackRuntimes } from './pack-runtimes.js';
import { bundleFiles, neededBundles, readConfig, readSkills, toPosix } from './pack-sources.js';

/** Everything a build reads, loaded once: the render step that follows does no I/O. */
export interface PackInputs {
  readonly config: PackConfig;
  /** The config path as errors and the manifest show it (relative to `cwd`). */
  readonly configFile: string;
  readonly outDir: string;
  readonly targets: readonly TargetId[];
  readonly registry: ContractRegistry;
  /** The contracts the config's modules add to the built-ins (generated hooks carry them). */
  readonly contractModules: readonly ModuleContract[];
  readonly skills: readonly SkillSource[];
  readonly sources: readonly SourceRecord[];
  readonly templates: TemplateSet;
  readonly typeReferences: ReadonlyMap<string, TypeReference>;
  readonly bundles: HookBundles;
  /** The runtimes' declarations the pack is rendered with. */
  readonly runtimes: PackRuntimes;
  readonly warnings: readonly Warning[];
  /** The files this load read and the packages it ran (`planPack` lists the same without building). */
  readonly reads: PackReads;
}

/** The built-ins plus the contracts of the config's modules, unless the caller passed its own registry. */
async function packContracts(
  request: PackRequest,
  config: PackConfig,
  baseDir: string,
  configFile: string,
): Promise<PackContracts> {
  if (request.registry) return { registry: request.registry, modules: [] };
  const { loadPackContracts } = await import('../contracts/pack-contracts.js');
  return loadPackContracts(config.contracts.map((specifier) => ({ specifier, baseDir, origin: configFile })));
}

/** Every contract id a skill declares must be registered; the error points at the front matter line. */
function checkDeclaredContracts(skills: readonly SkillSource[], registry: ContractRegistry): void {
  for (const skill of skills) {
    skill.frontMatter.contracts.forEach((id, index) => {
      if (registry.has(id)) return;
      const line = skill.lineOf(['contracts', index]);
      throw authorError('unknown_contract', {
        file: skill.file,
        ...(line === undefined ? {} : { line }),
        message: `The front matter declares contract "${id}", which is not registered.`,
        fix: `Use one of ${registry.ids.join(', ')}.`,
      });
    });
  }
}

function checkHookContracts(
  config: PackConfig,
  configText: string,
  configFile: string,
  registry: ContractRegistry,
): void {
  for (const id of Object.keys(config.hooks)) {
    if (registry.has(id)) continue;
    const at = configText.indexOf(JSON.stringify(id));
    throw authorError('unknown_contract', {
      file: configFile,
      ...(at === -1 ? {} : { line: configText.slice(0, at).split('\n').length }),
      message: `"hooks" names contract "${id}", which is not registered.`,
      fix: `Use one of ${registry.ids.join(', ')}.`,
    });
  }
}

/** The files that only steer how a module compiles; an edit of them (a new dependency) changes no contract. */
const COMPILE_SETTINGS = /(?:^|[\\/])(?:package|tsconfig|jsconfig)\.json$/;

/**
 * Each contract module and every local file it imports (installed packages are versioned), so `check` names
 * the file whose change made the pack stale, the entry or a file the entry imports.
 */
async function moduleRecords(modules: readonly ModuleContract[], baseDir: string): Promise<SourceRecord[]> {
  const local = (file: string) => !/[\\/]node_modules[\\/]/.test(file) && !COMPILE_SETTINGS.test(file);
  const files = [...new Set(modules.flatMap((entry) => [entry.file, ...entry.inputs.filter(local)]))].sort();
  return Promise.all(
    files.map(async (file) => ({
      path: toPosix(relative(baseDir, file)),
      sha256: sha256(await readFile(file)),
    })),
  );
}

interface BundleContext {
  readonly config: PackConfig;
  readonly skills: readonly SkillSource[];
  readonly registry: ContractRegistry;
  readonly contractModules: readonly ModuleContract[];
  readonly configFile: string;
  readonly request: PackRequest;
}

/**
 * The hook and plugin files, bundled now with the contracts the pack hooks inside and no others (the
 * pack's own modules, and the built-in families it hooks), unless the caller names bundle files itself. A
 * hooked contract that neither carries (one passed through the API's `registry`) is a build error: the hook
 * would let every stop through.
 */
async function packBundles(
  needed: readonly EnforcementBundle[],
  context: BundleContext,
): Promise<PackRuntimeBundles> {
  if (needed.length === 0) return { bundles: {}, warnings: [] };
  // Bundle files the caller names itself (`request.bundles`) are the caller's to vouch for.
  if (context.request.bundles) {
    const bundles = await loadHookBundles(needed, context.configFile, context.request.bundles);
    return { bundles, warnings: [] };
  }
  const { builtinContracts } = await import('@skillpack/core/contracts');
  const carried = new Set(context.contractModules.map((entry) => entry.contract.id));
  const hooked = packHookedContracts(context.config, context.skills);
  const lost = hooked.filter((id) => !carried.has(id) && !builtinContracts.has(id));
  if (lost.length > 0) {
    throw authorError('hook_contract_not_carried', {
      file: context.configFile,
      message: `"hooks" wires ${lost.join(', ')}, which no contract module of the config defines, so the generated hook could not enforce it.`,
      fix: 'Add the module that defines it to "contracts" in the config.',
      details: { contracts: lost },
    });
  }
  const { bundlePackRuntime } = await import('../hooks/bundle-pack-runtime.js');
  const contracts = hooked.map((id) => context.registry.require(id));
  return bundlePackRuntime(needed, context.contractModules, contracts, context.configFile);
}

/**
 * The pack's MCP submit server, bundled with the tool-delivered contracts its skills speak (`undefined` when
 * there are none), unless the caller names the file itself (`request.bundles.mcp`). Two contracts with one
 * tool name, or one neither the modules nor the built-ins carry, is a build error.
 */
async function submitServerBundle(context: BundleContext): Promise<HookBundles> {
  const tools = packToolContracts(context.skills, context.registry);
  if (tools.length === 0) return {};
  const byName = new Map<string, string>();
  for (const contract of tools) {
    const other = byName.get(contract.toolName!);
    if (other !== undefined) {
      throw authorError('duplicate_tool_name', {
        file: context.configFile,
        message: `Contracts ${other} and ${contract.id} both name their submit tool "${contract.toolName}"; one MCP server cannot serve both.`,
        fix: 'Give one of them another "toolName".',
        details: { contracts: [other, contract.id], tool: contract.toolName! },
      });
    }
    byName.set(contract.toolName!, contract.id);
  }
  const named = context.request.bundles?.[MCP_SERVER_BUNDLE];
  if (named !== undefined) {
    const server = {
      name: MCP_SERVER_BUNDLE,
      title: 'MCP submit server',
      prebuilt: named,
      build: { kind: 'hook' },
    } as const;
    return loadHookBundles([server], context.configFile, { [MCP_SERVER_BUNDLE]: named });
  }
  const { builtinContracts } = await import('@skillpack/core/contracts');
  const carried = new Set(context.contractModules.map((entry) => entry.contract.id));
  const ids = tools.map((contract) => contract.id);
  const lost = ids.filter((id) => !carried.has(id) && !builtinContracts.has(id));
  if (lost.length > 0) {
    throw authorError('tool_contract_not_carried', {
      file: context.configFile,
      message: `Skills speak ${lost.join(', ')}, delivered as a tool, which no contract module of the config defines, so the MCP submit server could not serve it.`,
      fix: 'Add the module that defines it to "contracts" in the config.',
      details: { contracts: lost },
    });
  }
  const { bundleSubmitServer } = await import('../hooks/bundle-pack-runtime.js');
  return { [MCP_SERVER_BUNDLE]: await bundleSubmitServer(context.contractModules, ids, context.configFile) };
}

/**
 * Read the config, skill sources, templates, type references and bundles a build of `request` needs, for the
 * runtimes `runtimes` declares.
 */
export async function loadPack(
  runtimes: PackRuntimes,
  request: PackRequest = {},
  onStep?: (step: string) => void,
): Promise<PackInputs> {
  const loaded = await readConfig(request);
  const { cwd, configPath, configFile, configText, config, baseDir, outDir, targets } = loaded;
  // The registry (and with it every contract family) is loaded only now, so `--help` and config mistakes stay fast.
  const { registry, modules: contractModules } = await packContracts(request, config, baseDir, configFile);
  checkHookContracts(config, configText, configFile, registry);

  onStep?.('reading skill sources');
  const { skills, records, files: skillFiles } = await readSkills(loaded);
  checkDeclaredContracts(skills, registry);

  const warnings: Warning[] = [];
  const spoken = new Set(skills.flatMap((skill) => skill.frontMatter.contracts));
  for (const id of Object.keys(config.hooks).sort()) {
    if (!spoken.has(id)) {
      warnings.push({
        code: 'hook_unused',
        message: `${configFile}: "hooks" wires ${id}, but no skill declares it, so no hook is written for it.`,
      });
    }
  }
  // Only contracts some skill speaks get type references, so a pack without contracts never loads ts-morph.
  const contracts = [...spoken].sort().map((id) => registry.require(id));
  onStep?.('loading templates, type references and hook bundles');
  const needed = neededBundles(config, targets, skills, runtimes);
  const bundleContext = { config, skills, registry, contractModules, configFile, request };
  const [
    templates,
    typeReferences,
    { bundles: hookBundles, warnings: bundleWarnings },
    serverBundle,
    bundleReads,
  ] = await Promise.all([
    loadTemplates(request.templatesDir),
    contracts.length > 0
      ? createTypeReferences(contracts, { ...request.typeReferences, modules: contractModules })
      : new Map<string, TypeReference>(),
    packBundles(needed, bundleContext),
    submitServerBundle(bundleContext),
    bundleFiles(needed, request),
  ]);
  const bundles = { ...hookBundles, ...serverBundle };
  warnings.push(...bundleWarnings);
  for (const reference of typeReferences.values()) {
    if (reference.origin === 'json-schema') {
      warnings.push({
        code: 'type_reference_from_schema',
        message: `references/${reference.contractId}.d.ts was derived from the JSON Schema: ${reference.reason}.`,
      });
    }
  }
  // Manifest source paths are relative to the config file's folder, so they do not depend on the cwd.
  const sources = [
    { path: basename(configPath), sha256: sha256(Buffer.from(configText, 'utf8')) },
    ...(await moduleRecords(contractModules, baseDir)),
    ...records,
  ];
  return {
    config,
    configFile,
    outDir,
    targets,
    registry,
    contractModules,
    skills,
    sources,
    templates,
    typeReferences,
    bundles,
    runtimes,
    warnings,
    reads: packReads(
      cwd,
      [
        configPath,
        ...(loaded.packageJsonPath ? [loaded.packageJsonPath] : []),
        ...contractModules.flatMap((entry) => entry.inputs),
        ...skillFiles,
        ...templateFiles(templates),
        ...bundleReads,
      ],
      contractModules.flatMap((entry) => entry.packages),
    ),
  };
}
