import { SKILL_GEN_RUNTIME_LIST } from '../runtimes/registry.js';

/** The options that mean `--activate` for one runtime (its declared options with `activates`). */
const ACTIVATE_ALIASES = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) =>
  Object.entries(runtime.install.options).flatMap(([name, option]) => (option.activates ? [name] : [])),
);

/**
 * Whether the user agreed that `install` changes the runtime's own configuration (`--activate`, or a runtime's
 * older spelling of it): permission rules, hook and folder trust, enabling an installed plugin. The one place
 * that decides it.
 */
export function runtimeConfigConsent(values: Readonly<Record<string, unknown>>): boolean {
  return values.activate === true || ACTIVATE_ALIASES.some((option) => values[option] === true);
}
