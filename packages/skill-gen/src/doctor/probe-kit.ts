// What every runtime's doctor probe (`probe.ts` of its folder) builds on: the install's skills and files, the
// checks it reports, and why a CLI gave no usable answer.
import type { LockedInstall } from '../install/lock-file.js';
import type { DoctorCheck, PackDiagnosis } from './report.js';
import type { RuntimeOutput } from './run-runtime.js';

/** The file name of skillpack's hook program (a pack's own bundle), which every generated hook command runs. */
export const HOOK_PROGRAM = 'skillpack-hook.cjs';

export interface ProbeContext {
  /** The scope root the pack is installed in (a project, or the home). */
  readonly root: string;
  /** Where the runtimes are asked from: the project for project scope. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
}

/** The skills an install wrote: the folder of every `…/skills/<name>/SKILL.md`. */
export function installedSkills(install: LockedInstall): string[] {
  return install.files
    .map((file) => /(?:^|\/)skills\/([^/]+)\/SKILL\.md$/.exec(file.path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

export function filesMatching(install: LockedInstall, pattern: RegExp): string[] {
  return install.files.map((file) => file.path).filter((path) => pattern.test(path));
}

export function skillChecks(
  skills: readonly string[],
  loaded: ReadonlySet<string> | string,
  how: string,
): DoctorCheck[] {
  return skills.map((name) =>
    typeof loaded === 'string'
      ? { kind: 'skill', name, status: 'unchecked', detail: loaded }
      : loaded.has(name)
        ? { kind: 'skill', name, status: 'loaded', detail: `listed by ${how}` }
        : { kind: 'skill', name, status: 'missing', detail: `not listed by ${how}` },
  );
}

/** Why a runtime command gave no usable answer, or undefined when it did. */
export function failure(output: RuntimeOutput, command: string): string | undefined {
  if (output.kind === 'missing') return `${output.message}; install the CLI or pass --bin-dir`;
  if (output.status !== 0 && output.stdout.trim() === '')
    return `\`${command}\` exited ${output.status}: ${output.stderr.trim().slice(0, 300)}`;
  return undefined;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A runtime's doctor probe: asks its own CLI, offline, whether it loads the pack's skills and its hook or plugin. */
export type RuntimeProbe = (install: LockedInstall, context: ProbeContext) => Promise<PackDiagnosis>;
