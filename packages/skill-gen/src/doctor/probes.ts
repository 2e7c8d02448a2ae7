import type { LockedInstall } from '../install/lock-file.js';
import type { ProbeContext, RuntimeProbe } from './probe-kit.js';
import type { PackDiagnosis } from './report.js';

export type { ProbeContext } from './probe-kit.js';

/** What the runtime of `install` (`runtime`, its declaration) says, offline, of the pack's skills and its hook or plugin. */
export async function diagnoseInstall(
  install: LockedInstall,
  runtime: { readonly doctor: { readonly probe: () => Promise<RuntimeProbe> } },
  context: ProbeContext,
): Promise<PackDiagnosis> {
  const probe = await runtime.doctor.probe();
  return probe(install, context);
}
