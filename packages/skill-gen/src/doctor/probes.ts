import type { LockedInstall } from '../install/lock-file.js';
import { skillGenRuntime } from '../runtimes/registry.js';
import type { ProbeContext } from './probe-kit.js';
import type { PackDiagnosis } from './report.js';

export type { ProbeContext } from './probe-kit.js';

/** What the runtime of `install` says, offline, of the pack's skills and its hook or plugin (its declaration's probe). */
export async function diagnoseInstall(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const probe = await skillGenRuntime(install.runtime).doctor.probe();
  return probe(install, context);
}
