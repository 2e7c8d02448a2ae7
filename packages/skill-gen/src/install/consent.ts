/**
 * Whether the user agreed that `install` changes the runtime's own configuration (Codex's config.toml: hook
 * trust, enabling an installed plugin). The one place that decides it, so a general consent flag can replace
 * `--trust-codex-hooks` here alone.
 */
export function runtimeConfigConsent(values: {
  readonly 'trust-codex-hooks'?: boolean | undefined;
}): boolean {
  return values['trust-codex-hooks'] === true;
}
