// The Codex names of the shared hook configuration planning (hook-config-plan.ts).
import type { RuntimeId } from '@skillpack/adapters';
import type { Result, SkillpackError } from '@skillpack/core';
import { type PackHook, planHookConfig, planHookConfigRemoval } from '../../install/hook-config-plan.js';
import type { InstallScope } from '../../install/layout.js';
import type { LockedInstall } from '../../install/lock-file.js';
import type { HookConfigPlan, PlanAction } from '../../install/plan.js';

/** The Codex hook a pack carries: its declaration in the pack and the folder its program is installed in. */
export type PackCodexHook = PackHook;

/** The absolute path of the installed hook program, as it appears in the hook command. */
export function hookProgramPath(root: string, folder: string): string {
  return `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${folder}skillpack-hook.cjs`;
}

/** Plan the edit of `.codex/hooks.json` for a Codex install (see `planHookConfig`). */
export function planCodexHookConfig(input: {
  readonly root: string;
  readonly packDir: string;
  readonly hook: PackCodexHook | undefined;
  readonly previous: LockedInstall | undefined;
  readonly force: boolean;
  readonly scope?: InstallScope;
}): Promise<Result<HookConfigPlan | undefined, SkillpackError>> {
  const runtime: RuntimeId = 'codex';
  return planHookConfig({ runtime, scope: input.scope ?? 'project', ...input });
}

/** Plan taking uninstalled packs' recorded groups out of their hook configuration files. */
export function planCodexHookRemoval(
  root: string,
  installs: readonly LockedInstall[],
): Promise<PlanAction[]> {
  return planHookConfigRemoval(root, installs);
}
