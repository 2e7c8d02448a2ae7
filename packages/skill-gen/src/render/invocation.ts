/** A skill is rendered as a standalone skill, or inside the runtime's plugin (namespaced by the pack). */
export type SkillForm = 'skill' | 'plugin';

/** What rendering reads of a runtime's declaration: how its skills are invoked, whether they carry strict schemas. */
export interface RenderedRuntime {
  /** How a skill is invoked: `/name` or `$name`; `pluginNamespaced` when a plugin's skills are `pack:name`. */
  readonly invocation: { readonly sigil: '/' | '$' | undefined; readonly pluginNamespaced: boolean };
  /** Whether its skills carry a contract's OpenAI-strict schema (`exec --output-schema`). */
  readonly strictSchema: boolean;
}

/**
 * How a user or agent invokes a skill in a runtime (runtimes.md §0, §6.4): `/name` or `$name` by the runtime's
 * sigil; plugin skills are namespaced `/pack:name` where the runtime namespaces them. A skill that is not part
 * of this pack is never namespaced; `runtime` is `undefined` for a target that is no runtime (`portable`).
 */
export function invocation(
  runtime: RenderedRuntime | undefined,
  form: SkillForm,
  pack: string,
  name: string,
  external = false,
): string {
  if (runtime === undefined) return `the ${name} skill`;
  const { sigil, pluginNamespaced } = runtime.invocation;
  // A runtime whose skills are no commands (the model activates them by name) names the skill.
  if (sigil === undefined) return `the ${name} skill`;
  return `${sigil}${form === 'plugin' && !external && pluginNamespaced ? `${pack}:${name}` : name}`;
}
