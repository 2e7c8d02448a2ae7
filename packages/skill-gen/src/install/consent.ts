/**
 * Whether the user agreed that `install` changes the runtime's own configuration (`--activate`, or for Codex
 * its older spelling `--trust-codex-hooks`): Claude Code's `Skill(<name>)` allow rules, Codex hook trust and
 * enabling an installed Codex plugin. The one place that decides it.
 */
export function runtimeConfigConsent(values: {
  readonly 'trust-codex-hooks'?: boolean | undefined;
  readonly activate?: boolean | undefined;
}): boolean {
  return values['trust-codex-hooks'] === true || values.activate === true;
}
