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
  const scoped = form === 'plugin' && !external ? `${pack}:${name}` : name;
  switch (target) {
    case 'claude-code':
      return `/${scoped}`;
    case 'codex':
      return `$${scoped}`;
    case 'opencode':
      return `/${name}`;
    case 'portable':
      return `the ${name} skill`;
  }
}
