import { SKILL_GEN_RUNTIME_LIST } from '../runtimes/registry.js';

/** The options that mean `--activate` for one runtime (its declaration's `install.activateAliases`). */
const ACTIVATE_ALIASES = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) => runtime.install.activateAliases ?? []);

/**
 * Whether the user agreed that `install` changes the runtime's own configuration (`--activate`, or a runtime's
 * older spelling of it): Claude Code's `Skill(<name>)` allow rules, Codex hook trust and enabling an installed
 * Codex plugin. The one place that decides it.
 */
export function runtimeConfigConsent(values: Readonly<Record<string, unknown>>): boolean {
  return values.activate === true || ACTIVATE_ALIASES.some((option) => values[option] === true);
}
