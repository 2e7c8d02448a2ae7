import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import type { LintDeclarations } from './lint-declaration.js';
import type { LintRuntime } from './runtimes.js';
import { SPEC_KEYS } from './spec-keys.js';

export { SPEC_KEYS } from './spec-keys.js';

/** Keys only a skillpack skill source has; `build` turns them into per-runtime front matter. */
export const SOURCE_ONLY_KEYS: readonly string[] = ['contracts', ...RUNTIME_IDS];

/** The front-matter keys each runtime reads, and those of its source section that `build` writes elsewhere. */
export interface KnownKeys {
  /** The front-matter keys each runtime reads; `portable` is the Agent Skills spec. */
  readonly recognised: Readonly<Record<LintRuntime, readonly string[]>>;
  /** Keys of each runtime's source section that `build` writes elsewhere than SKILL.md (Codex's `agents/openai.yaml`). */
  readonly sidecar: Readonly<Record<RuntimeId, readonly string[]>>;
}

/** The keys the runtimes' declarations give (`lint.recognisedKeys`, `lint.sidecarKeys`). */
export function knownKeys(declarations: LintDeclarations): KnownKeys {
  const each = <T>(value: (id: RuntimeId) => T) =>
    Object.fromEntries(RUNTIME_IDS.map((id) => [id, value(id)])) as Record<RuntimeId, T>;
  return {
    recognised: { ...each((id) => declarations[id].recognisedKeys), portable: SPEC_KEYS },
    sidecar: each((id) => declarations[id].sidecarKeys),
  };
}
