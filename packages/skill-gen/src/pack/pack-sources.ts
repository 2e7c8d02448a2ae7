import { dirname, relative, resolve, sep } from 'node:path';
import { isRuntimeId, RUNTIME_IDS } from '@skillpack/adapters';
import { safeParsePackConfig } from '../config/load-pack-config.js';
import type { PackConfig } from '../config/pack-config.js';
import { readPackageJsonBeside } from '../config/pack-version.js';
import { readConfigText } from '../config/read-config-text.js';
import { authorError } from '../errors/author-error.js';
import { type EnforcementBundle, resolveBundle } from '../hooks/hook-bundles.js';
import { packHookedContracts } from '../hooks/hook-plan.js';
import { readSkillSources } from '../source/read-skill-sources.js';
import type { SkillSource } from '../source/skill-source.js';
import type { TargetId } from '../targets/target-id.js';
import { DEFAULT_CONFIG_FILE, type PackRequest } from './pack-request.js';
import type { PackRuntimes } from './pack-runtimes.js';

// The first steps of a build that `loadPack` and `planPack` share, so both find the same files.

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

export function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !path.startsWith(sep) && !/^[A-Za-z]:/.test(path));
}

/**
 * The enforcement bundles a pack needs: those of its runtime targets (`enforcement` of their declarations),
 * when it hooks a contract; each once, in the order the declarations first name them (`RUNTIME_IDS`).
 */
export function neededBundles(
  config: PackConfig,
  targets: readonly TargetId[],
  skills: readonly SkillSource[],
  runtimes: PackRuntimes,
): EnforcementBundle[] {
  if (packHookedContracts(config, skills).length === 0) return [];
  const needed = new Set<string>();
  for (const target of targets) if (isRuntimeId(target)) needed.add(runtimes[target].enforcement.name);
  const bundles = new Map<string, EnforcementBundle>();
  for (const id of RUNTIME_IDS) {
    const { enforcement } = runtimes[id];
    if (needed.has(enforcement.name) && !bundles.has(enforcement.name))
      bundles.set(enforcement.name, enforcement);
  }
  return [...bundles.values()];
}

/**
 * The bundle files `packBundles` reads: only those the caller names (`request.bundles`); otherwise it
 * bundles the pack's hook and plugin itself and reads the adapters' and core's code, packages.
 */
export function bundleFiles(needed: readonly EnforcementBundle[], request: PackRequest): string[] {
  if (needed.length === 0 || !request.bundles) return [];
  return needed.flatMap(({ name, prebuilt }) => request.bundles?.[name] ?? resolveBundle(prebuilt) ?? []);
}

/** The config as a load reads it, and the paths it implies. */
export interface LoadedConfig {
  readonly cwd: string;
  readonly configPath: string;
  readonly configFile: string;
  readonly configText: string;
  readonly config: PackConfig;
  readonly baseDir: string;
  readonly outDir: string;
  readonly targets: readonly TargetId[];
  /** The `package.json` beside the config, whose version is the pack's; `undefined` when there is none. */
  readonly packageJsonPath: string | undefined;
}

export async function readConfig(request: PackRequest): Promise<LoadedConfig> {
  const cwd = resolve(request.cwd ?? process.cwd());
  const configPath = resolve(cwd, request.config ?? DEFAULT_CONFIG_FILE);
  const configFile = toPosix(relative(cwd, configPath)) || DEFAULT_CONFIG_FILE;
  const configText = await readConfigText(
    configPath,
    configFile,
    `Create ${DEFAULT_CONFIG_FILE} or pass --config <file>.`,
  );
  const packageJson = await readPackageJsonBeside(configPath, configFile);
  const parsed = safeParsePackConfig(configText, configFile, packageJson);
  if (!parsed.success) throw parsed.error;
  const config = parsed.data;
  const baseDir = dirname(configPath);
  // `--out` is relative to where the command runs; the config's `out` to the config file.
  const outDir = request.out === undefined ? resolve(baseDir, config.out) : resolve(cwd, request.out);
  const targets = request.targets ?? config.targets;
  const packageJsonPath = packageJson ? resolve(baseDir, 'package.json') : undefined;
  return { cwd, configPath, configFile, configText, config, baseDir, outDir, targets, packageJsonPath };
}

export async function readSkills({ cwd, baseDir, configFile, config, outDir }: LoadedConfig) {
  const { skills, records } = await readSkillSources({
    baseDir,
    displayDir: cwd,
    configFile,
    folders: config.skills,
  });
  // A pack written inside its sources would be read back as sources on the next build.
  for (const folder of config.skills) {
    const dir = resolve(baseDir, folder);
    if (isInside(dir, outDir) || isInside(outDir, dir)) {
      throw authorError('out_overlaps_sources', {
        file: configFile,
        message: `The pack directory ${toPosix(relative(cwd, outDir)) || '.'} overlaps the skills folder "${folder}".`,
        fix: 'Write the pack outside the skill sources, e.g. "out": "dist/skill-packs".',
      });
    }
  }
  return { skills, records, files: records.map((record) => resolve(baseDir, record.path)) };
}
