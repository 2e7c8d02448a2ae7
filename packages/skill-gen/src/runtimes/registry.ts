import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import { claudeCodeRuntime } from './claude-code/runtime.js';
import { codexRuntime } from './codex/runtime.js';
import { copilotCliRuntime } from './copilot-cli/runtime.js';
import { geminiCliRuntime } from './gemini-cli/runtime.js';
import { openCodeRuntime } from './opencode/runtime.js';
import { piRuntime } from './pi/runtime.js';
import { qwenCodeRuntime } from './qwen-code/runtime.js';
import type { SkillGenRuntime } from './runtime-declaration.js';

/**
 * Every runtime's skill-gen declaration, one per id of `RUNTIME_IDS`: the one place a runtime is registered in
 * `@skillpack/skill-gen`, each from its folder `src/runtimes/<id>/`. Every list and map of runtimes in the package
 * derives from it.
 */
export const SKILL_GEN_RUNTIMES = {
  'claude-code': claudeCodeRuntime,
  codex: codexRuntime,
  opencode: openCodeRuntime,
  'gemini-cli': geminiCliRuntime,
  'copilot-cli': copilotCliRuntime,
  'qwen-code': qwenCodeRuntime,
  pi: piRuntime,
} as const satisfies { readonly [R in RuntimeId]: SkillGenRuntime<R> };

/** The declarations in `RUNTIME_IDS` order. */
export const SKILL_GEN_RUNTIME_LIST: readonly SkillGenRuntime[] = RUNTIME_IDS.map(
  (id) => SKILL_GEN_RUNTIMES[id],
);

/** The declaration of one runtime. */
export function skillGenRuntime(id: RuntimeId): SkillGenRuntime {
  return SKILL_GEN_RUNTIMES[id];
}

/** A map of every runtime id to `value(declaration)`, exhaustive by construction. */
export function perRuntime<T>(value: (runtime: SkillGenRuntime) => T): Readonly<Record<RuntimeId, T>> {
  return Object.fromEntries(RUNTIME_IDS.map((id) => [id, value(SKILL_GEN_RUNTIMES[id])])) as Record<
    RuntimeId,
    T
  >;
}
