import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { globToRegExp } from './glob.js';
import type { CreateNodesContextV2, CreateNodesResult, CreateNodesV2 } from './nx-types.js';
import { resolveOptions, type SkillpackNxOptions } from './options.js';
import { packInputs } from './pack-inputs.js';
import { packTargets } from './pack-targets.js';

/** Nx hands the plugin every file this matches; `configGlob` (an option) picks the pack configs among them. */
const CANDIDATES = '**/*.json';

async function packProject(
  configFile: string,
  options: ReturnType<typeof resolveOptions>,
  context: CreateNodesContextV2,
): Promise<CreateNodesResult> {
  const { planPack } = await import('@skillpack/skill-gen');
  const plan = await planPack({ cwd: context.workspaceRoot, config: configFile });
  const inputs = packInputs(plan, context.workspaceRoot);
  const root = dirname(configFile);
  // A folder with its own package.json or project.json keeps the name Nx gives it; else the pack's name.
  const named = ['package.json', 'project.json'].some((file) =>
    existsSync(join(context.workspaceRoot, root, file)),
  );
  return {
    projects: {
      [root]: {
        ...(named ? {} : { name: plan.name }),
        ...(inputs.packages.workspace.length > 0
          ? { implicitDependencies: [...inputs.packages.workspace] }
          : {}),
        targets: packTargets(plan, inputs, options),
      },
    },
  };
}

/**
 * For every pack config (`configGlob`), a project with `skillpack-build`, `skillpack-check` and
 * `skillpack-lint`: cached, with the inputs `skillpack build` itself reads (`planPack`) and the pack's `out`
 * folder as the build's output. A config skillpack rejects fails the graph with skillpack's own message.
 */
export const createNodesV2: CreateNodesV2<SkillpackNxOptions> = [
  CANDIDATES,
  async (files, rawOptions, context) => {
    const options = resolveOptions(rawOptions);
    const glob = globToRegExp(options.configGlob);
    const configs = files.filter((file) => glob.test(file));
    const results = await Promise.all(
      configs.map(async (file) => {
        try {
          return [file, await packProject(file, options, context)] as const;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`@skillpack/nx: cannot infer the targets of ${file}: ${message}`, { cause: error });
        }
      }),
    );
    return [...results];
  },
];
