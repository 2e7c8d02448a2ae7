import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PackPlan } from '@skillpack/skill-gen';
import type { PackInputs } from './pack-targets.js';

function inside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** The folder of `name` as Node resolves it from `fromDir`, symbolic links followed; undefined if absent. */
function packageDir(name: string, fromDir: string): string | undefined {
  try {
    return dirname(realpathSync(createRequire(join(fromDir, 'noop.js')).resolve(`${name}/package.json`)));
  } catch {
    return undefined;
  }
}

/**
 * Split what a pack build reads into what Nx hashes: files in the workspace (by path), installed packages
 * (by version, `externalDependencies`) and workspace packages (by their build, and by the files of
 * theirs it reads when Git tracks them). Files inside an installed package's folder (the CLI's templates,
 * the adapters' bundles) are that package's, so its version covers them. A file outside the workspace cannot be hashed by Nx: that is an error naming it, never a silent gap.
 */
export function packInputs(plan: PackPlan, workspaceRoot: string): PackInputs {
  const root = realpathSync(workspaceRoot);
  const configDir = dirname(resolve(root, plan.configFile));
  const workspace: string[] = [];
  const external: string[] = [];
  const externalDirs: string[] = [];
  for (const name of plan.reads.packages) {
    const dir = packageDir(name, configDir);
    if (dir === undefined) {
      external.push(name);
      continue;
    }
    const local = inside(root, dir) && !relative(root, dir).split(sep).includes('node_modules');
    (local ? workspace : external).push(name);
    if (!local) externalDirs.push(dir);
  }
  const files: string[] = [];
  for (const file of plan.reads.files) {
    const absolute = realpathSync(resolve(root, file));
    if (externalDirs.some((dir) => inside(dir, absolute))) continue;
    if (!inside(root, absolute)) {
      throw new Error(
        `@skillpack/nx: the pack ${plan.configFile} reads ${file}, which is outside the workspace ${root}, so Nx cannot hash it; move it into the workspace.`,
      );
    }
    files.push(toPosix(relative(root, absolute)));
  }
  return { files: [...new Set(files)].sort(), packages: { workspace, external } };
}
