import { RUNTIME_IDS } from '@skillpack/adapters';
import { perRuntime } from '../runtimes/registry.js';
import type { LintRuntime } from './runtimes.js';
import { SPEC_KEYS } from './spec-keys.js';

export { SPEC_KEYS } from './spec-keys.js';

/** Keys only a skillpack skill source has; `build` turns them into per-runtime front matter. */
export const SOURCE_ONLY_KEYS: readonly string[] = ['contracts', ...RUNTIME_IDS];

/** Keys of each runtime's source section that `build` writes elsewhere than SKILL.md (Codex's `agents/openai.yaml`). */
export const SIDECAR_KEYS = perRuntime((runtime) => runtime.lint.sidecarKeys);

/** The front-matter keys each runtime reads; `portable` is the Agent Skills spec. */
export const RECOGNISED_KEYS: Readonly<Record<LintRuntime, readonly string[]>> = {
  ...perRuntime((runtime) => runtime.lint.recognisedKeys),
  portable: SPEC_KEYS,
};
