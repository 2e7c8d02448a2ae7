import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LockedInstall } from '../install/lock-file.js';
import type { ProbeContext, RuntimeProbe } from './probe-kit.js';
import { copyProject, emptyProject, type ThrowawayCopy } from './project-copy.js';
import type { PackDiagnosis } from './report.js';

export type { ProbeContext } from './probe-kit.js';

/** What doctor's probe reads of a runtime's declaration (the engine is given it, it imports none). */
export interface ProbedRuntime {
  readonly install: { readonly userConfig: readonly string[] };
  readonly doctor: {
    readonly probe: () => Promise<RuntimeProbe>;
    readonly keptModules?: readonly string[] | undefined;
    readonly probeWrites?: boolean | undefined;
  };
}

/**
 * A throwaway home holding a copy of each of the runtime's user configuration folders (`install.userConfig`)
 * that exists in `home`, and the environment that points the runtime at it (HOME, the XDG folders).
 */
function stagedHome(runtime: ProbedRuntime, home: string | undefined, env: NodeJS.ProcessEnv) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-doctor-probe-home-')));
  try {
    for (const folder of runtime.install.userConfig) {
      if (home !== undefined && existsSync(join(home, folder)))
        cpSync(join(home, folder), join(root, folder), { recursive: true, verbatimSymlinks: true });
    }
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    dir: root,
    env: {
      ...env,
      HOME: root,
      SKILLPACK_HOME: root,
      XDG_CONFIG_HOME: join(root, '.config'),
      XDG_DATA_HOME: join(root, '.local/share'),
      XDG_STATE_HOME: join(root, '.local/state'),
      XDG_CACHE_HOME: join(root, '.cache'),
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * What the runtime of `install` (`runtime`, its declaration) says, offline, of the pack's skills and its hook or
 * plugin. A runtime whose CLI writes to the folders it is asked from (`doctor.probeWrites`: OpenCode installs its
 * plugin package into the project and the home) is asked in a throwaway copy of the project and of its user
 * configuration, removed after, so the user's project and home stay as they were.
 */
export async function diagnoseInstall(
  install: LockedInstall,
  runtime: ProbedRuntime,
  context: ProbeContext,
): Promise<PackDiagnosis> {
  const probe = await runtime.doctor.probe();
  if (!runtime.doctor.probeWrites) return probe(install, context);
  const user = install.scope === 'user';
  const home = stagedHome(
    runtime,
    user ? context.root : (context.env.SKILLPACK_HOME ?? context.env.HOME),
    context.env,
  );
  let project: ThrowawayCopy | undefined;
  try {
    project =
      !user && context.cwd === context.root
        ? copyProject(context.root, runtime.doctor.keptModules ?? [])
        : emptyProject();
    const root = user ? home.dir : project.dir;
    return await probe(install, { ...context, root, cwd: project.dir, env: home.env });
  } finally {
    project?.remove();
    home.remove();
  }
}
