import type { LockedInstall } from '../install/lock-file.js';
import type { ProbeContext, RuntimeProbe } from './probe-kit.js';
import { copyProject, emptyProject, type ThrowawayCopy } from './project-copy.js';
import type { PackDiagnosis } from './report.js';

export type { ProbeContext } from './probe-kit.js';

/** What doctor's probe reads of a runtime's declaration (the engine is given it, it imports none). */
export interface ProbedRuntime {
  readonly doctor: {
    readonly probe: () => Promise<RuntimeProbe>;
    readonly keptModules?: readonly string[] | undefined;
    readonly probeWrites?: boolean | undefined;
  };
}

/**
 * What the runtime of `install` (`runtime`, its declaration) says, offline, of the pack's skills and its hook or
 * plugin. `context.env` points the runtime at a throwaway home (staged-home.ts). A runtime whose CLI also writes
 * to the project it is asked from (`doctor.probeWrites`: OpenCode installs its plugin package) is asked in a
 * throwaway copy of the project (a user-scope install: of `context.home`, the staged home), removed after.
 */
export async function diagnoseInstall(
  install: LockedInstall,
  runtime: ProbedRuntime,
  context: ProbeContext & { readonly home: string },
): Promise<PackDiagnosis> {
  const probe = await runtime.doctor.probe();
  if (!runtime.doctor.probeWrites) return probe(install, context);
  const user = install.scope === 'user';
  let project: ThrowawayCopy | undefined;
  try {
    project =
      !user && context.cwd === context.root
        ? copyProject(context.root, runtime.doctor.keptModules ?? [])
        : emptyProject();
    const root = user ? context.home : project.dir;
    return await probe(install, { ...context, root, cwd: project.dir });
  } finally {
    project?.remove();
  }
}
