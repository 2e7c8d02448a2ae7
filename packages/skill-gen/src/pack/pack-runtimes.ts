import type { RuntimeId } from '@skillpack/adapters';
import type { EnforcementBundle } from '../hooks/hook-bundles.js';
import type { RenderedRuntime } from '../render/invocation.js';
import type { RenderTarget } from '../targets/target-context.js';

/**
 * What a build reads of a runtime's declaration (`SkillGenRuntime`): how it renders, how its skills are
 * invoked, and the enforcement artifact its pack carries.
 */
export interface PackRuntime extends RenderedRuntime {
  /** The runtime's name in messages (`Claude Code`). */
  readonly title: string;
  /** Renders the runtime's files of a pack (`target.ts` of its folder). */
  readonly render: RenderTarget;
  /**
   * The pack's enforcement artifact, bundled when the runtime is a target and the pack hooks a contract: the
   * Stop hook program (`HOOK_BUNDLE` of `src/hooks/hook-bundle.ts`) or a module of its own.
   */
  readonly enforcement: EnforcementBundle;
}

/** Every runtime's declaration, by id: what the pack engine is given instead of the registry. */
export type PackRuntimes = Readonly<Record<RuntimeId, PackRuntime>>;
