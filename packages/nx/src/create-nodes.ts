import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { globToRegExp } from './glob.js';
import type { CreateNodesContextV2, CreateNodesResult, CreateNodesV2 } from './nx-types.js';
import { resolveOptions, type SkillpackNxOptions } from './options.js';
import { packInputs } from './pack-inputs.js';
import { packTargets, unplannedPackTargets } from './pack-targets.js';

/** A ConfigError or ProtocolError of skillpack: an Error with a lower_snake `code`. */
function isSkillpackError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code } = error as Error & { code?: unknown };
  return typeof code === 'string' && /^[a-z]+(?:_[a-z0-9]+)+$/.test(code);
}

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
 * folder as the build's output. A pack skillpack cannot plan stays a project whose uncached targets fail
 * with skillpack's own message; the rest of the graph is unaffected.
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
          // skillpack's own mistakes (config, skill source, contract module) carry a code: the pack stays a
          // project whose targets fail with that message. Anything else is a bug, and fails the graph.
          if (!isSkillpackError(error)) {
            const message = error instanceof Error ? error.message : String(error);
            throw new Error(`@skillpack/nx: cannot infer the targets of ${file}: ${message}`, {
              cause: error,
            });
          }
          const project = {
            name: basename(dirname(file)),
            targets: unplannedPackTargets(file, error.message, options),
          };
          return [file, { projects: { [dirname(file)]: project } }] as const;
        }
      }),
    );
    return [...results];
  },
];
