import type { PackPlan } from '@skillpack/skill-gen';
import type { ResolvedOptions } from './options.js';

/** Where each package a build runs comes from: a project of this workspace, or an installed package. */
export interface PackageSources {
  /** Packages that are projects of the workspace (this repository's own): their build is a dependency. */
  readonly workspace: readonly string[];
  /** Installed packages: their version (from the lock file) is an input. */
  readonly external: readonly string[];
}

/** The files of the plan Nx can hash: every read outside the packages' own folders. */
export interface PackInputs {
  /** Workspace-relative files: the config, skills, contract modules and their imports, own templates. */
  readonly files: readonly string[];
  readonly packages: PackageSources;
}

type Input =
  | string
  | { readonly externalDependencies: readonly string[] }
  | { readonly dependentTasksOutputFiles: string; readonly transitive?: boolean };

export interface InferredTarget {
  readonly command: string;
  readonly options: { readonly cwd: string };
  readonly cache: true;
  readonly inputs: readonly Input[];
  readonly outputs: readonly string[];
  readonly dependsOn?: readonly (string | { readonly target: string; readonly params?: 'forward' })[];
  readonly metadata: { readonly description: string; readonly technologies: readonly string[] };
}

function quote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/**
 * The three targets of one pack, from what skillpack says the build reads: pure, so a test can hold the
 * inputs to the build's own list. Commands run from the workspace root, where the plan's paths start.
 */
export function packTargets(
  plan: PackPlan,
  inputs: PackInputs,
  options: ResolvedOptions,
): Record<string, InferredTarget> {
  const files = inputs.files.map((file) => `{workspaceRoot}/${file}`);
  const external =
    inputs.packages.external.length > 0 ? [{ externalDependencies: inputs.packages.external }] : [];
  // A workspace package's files are hashed through its build's outputs (`^build` runs it first).
  const built =
    inputs.packages.workspace.length > 0 ? [{ dependentTasksOutputFiles: '**/*', transitive: true }] : [];
  const upstream = inputs.packages.workspace.length > 0 ? { dependsOn: ['^build'] } : {};
  const buildInputs: Input[] = [...files, ...external, ...built];
  const config = quote(plan.configFile);
  const out = `{workspaceRoot}/${plan.out}`;
  const technologies = ['skillpack'];
  return {
    [options.buildTargetName]: {
      command: `${options.skillpackCommand} build --config ${config}`,
      options: { cwd: '{workspaceRoot}' },
      cache: true,
      inputs: buildInputs,
      outputs: [out],
      ...upstream,
      metadata: { description: `Build the ${plan.name} skill pack into ${plan.out}`, technologies },
    },
    [options.checkTargetName]: {
      command: `${options.skillpackCommand} check --config ${config}`,
      options: { cwd: '{workspaceRoot}' },
      cache: true,
      inputs: [...files, ...external, { dependentTasksOutputFiles: '**/*', transitive: true }],
      outputs: [],
      dependsOn: [options.buildTargetName],
      metadata: { description: `Check ${plan.out} against the sources of ${plan.name}`, technologies },
    },
    [options.lintTargetName]: {
      command: `${options.skillpackCommand} lint ${quote(plan.out)}`,
      options: { cwd: '{workspaceRoot}' },
      cache: true,
      inputs: [...external, { dependentTasksOutputFiles: '**/*', transitive: true }],
      outputs: [],
      dependsOn: [options.buildTargetName],
      metadata: { description: `Lint the SKILL.md files of the built ${plan.name} pack`, technologies },
    },
  };
}

/**
 * The targets of a pack skillpack cannot plan (a mistake in its config or a skill source): they run the
 * same commands, so `nx run` prints skillpack's own error and fix, and they are never cached, since without
 * a plan there are no inputs to key a cache on. The rest of the workspace's graph stays usable.
 */
export function unplannedPackTargets(
  configFile: string,
  reason: string,
  options: ResolvedOptions,
): Record<string, Omit<InferredTarget, 'cache'> & { readonly cache: false }> {
  const config = quote(configFile);
  const technologies = ['skillpack'];
  const target = (command: string, description: string, after?: string) => ({
    command: `${options.skillpackCommand} ${command} --config ${config}`,
    options: { cwd: '{workspaceRoot}' },
    cache: false as const,
    inputs: [],
    outputs: [],
    ...(after ? { dependsOn: [after] } : {}),
    metadata: { description: `${description} (not cached: ${reason})`, technologies },
  });
  return {
    [options.buildTargetName]: target('build', `Build the pack of ${configFile}`),
    [options.checkTargetName]: target('check', `Check the pack of ${configFile}`, options.buildTargetName),
    // Never reached while the build fails; the pack's `out` is unknown until skillpack can read the config.
    [options.lintTargetName]: target(
      'build --dry-run',
      `Lint the pack of ${configFile}`,
      options.buildTargetName,
    ),
  };
}
