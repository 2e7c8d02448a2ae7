import { relative } from 'node:path';
import { loadTemplates, templateFiles } from '../render/templates.js';
import type { TargetId } from '../targets/target-id.js';
import { type PackReads, packReads } from './pack-reads.js';
import type { PackRequest } from './pack-request.js';
import type { PackRuntimes } from './pack-runtimes.js';
import { bundleFiles, neededBundles, readConfig, readSkills, toPosix } from './pack-sources.js';

/** What {@link planPack} finds: where the pack goes and what building it reads. */
export interface PackPlan {
  /** The pack's `name` from its config. */
  readonly name: string;
  readonly configFile: string;
  /** The pack directory, relative to `cwd`. */
  readonly out: string;
  readonly targets: readonly TargetId[];
  readonly reads: PackReads;
}

/**
 * The files a build of `request` reads, found the way `loadPack` finds them, without running a contract
 * module, reading type references or bundling hooks: cheap enough for a task graph (the Nx plugin) to call
 * per pack. It reads the config, the skill sources and the templates, and compiles the contract modules
 * (esbuild, nothing executed) to list what they import. A config or source mistake throws as the build would.
 * `runtimes`: the runtimes' declarations (which bundle each target needs).
 */
export async function planPackFor(runtimes: PackRuntimes, request: PackRequest = {}): Promise<PackPlan> {
  const loaded = await readConfig(request);
  const { config, baseDir, configFile, configPath, cwd, targets } = loaded;
  const modules = request.registry
    ? []
    : await Promise.all(
        config.contracts.map(async (specifier) => {
          const { contractModuleFiles } = await import('../contracts/load-contract-modules.js');
          return contractModuleFiles(specifier, { baseDir, origin: configFile });
        }),
      );
  const { skills, files: skillFiles } = await readSkills(loaded);
  const templates = await loadTemplates(request.templatesDir);
  const bundles = bundleFiles(neededBundles(config, targets, skills, runtimes), request);
  const reads = packReads(
    cwd,
    [
      configPath,
      ...(loaded.packageJsonPath ? [loaded.packageJsonPath] : []),
      ...modules.flatMap((entry) => entry.inputs),
      ...skillFiles,
      ...templateFiles(templates),
      ...bundles,
    ],
    modules.flatMap((entry) => entry.packages),
  );
  return { name: config.name, configFile, out: toPosix(relative(cwd, loaded.outDir)) || '.', targets, reads };
}
