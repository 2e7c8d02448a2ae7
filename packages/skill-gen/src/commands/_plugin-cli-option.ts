import type { StringOption } from '../cli/command.js';
import { SKILL_GEN_RUNTIME_LIST } from '../runtimes/registry.js';

const takers = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) =>
  runtime.install.homePlugin ? [`${runtime.install.homePlugin.command} for ${runtime.id}`] : [],
);

/** `--plugin-cli PATH`: the runtime's own CLI that installs (or uninstalls) a home plugin form. */
export const PLUGIN_CLI_OPTION = {
  type: 'string',
  value: 'PATH',
  description: `The runtime's own CLI that installs or uninstalls a --form plugin (${takers.join(', ')}; default: on PATH)`,
} as const satisfies StringOption;
