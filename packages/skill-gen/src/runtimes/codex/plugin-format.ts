import type { CodexPluginActivation } from './plugin-step.js';

/** The text report of the plugin's config.toml table: what changed, or the exact step still to take. */
export function formatCodexPluginActivation(activation: CodexPluginActivation, rerun: string): string {
  const lines: string[] = [];
  if (activation.change === 'added')
    lines.push(`Enabled the Codex plugin ${activation.id} in ${activation.configFile}.`);
  else if (activation.change === 'removed')
    lines.push(`Removed skillpack's [plugins."${activation.id}"] table from ${activation.configFile}.`);
  else if (activation.enabled)
    lines.push(`The Codex plugin ${activation.id} is enabled in ${activation.configFile}.`);
  if (activation.configToml !== undefined) {
    lines.push(
      `The Codex plugin ${activation.id} is installed but NOT enabled: Codex loads it only once ${activation.configFile} has`,
      '',
      ...activation.configToml
        .trimEnd()
        .split('\n')
        .map((line) => `    ${line}`),
      '',
      `Add those lines, or run: ${rerun} --trust-codex-hooks`,
    );
  }
  if (activation.problem) lines.push(`Warning: ${activation.problem}.`);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
