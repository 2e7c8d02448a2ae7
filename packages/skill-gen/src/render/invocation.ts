import { isRuntimeId } from '@skillpack/adapters';
import { SKILL_GEN_RUNTIMES } from '../runtimes/registry.js';
import type { TargetId } from '../targets/target-id.js';

/** A skill is rendered as a standalone skill, or inside the runtime's plugin (namespaced by the pack). */
export type SkillForm = 'skill' | 'plugin';

/**
 * How a user or agent invokes a skill in each runtime (runtimes.md §0, §6.4): `/name` in Claude Code and
 * OpenCode, `$name` in Codex; plugin skills are namespaced `/pack:name` and `$pack:name`. A skill that is
 * not part of this pack is never namespaced.
 */
export function invocation(
  target: TargetId,
  form: SkillForm,
  pack: string,
  name: string,
  external = false,
): string {
  if (!isRuntimeId(target)) return `the ${name} skill`;
  const { sigil, pluginNamespaced } = SKILL_GEN_RUNTIMES[target].invocation;
  return `${sigil}${form === 'plugin' && !external && pluginNamespaced ? `${pack}:${name}` : name}`;
}
