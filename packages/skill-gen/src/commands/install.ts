import { resolve } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import type { InstallScope } from '../install/layout.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';

export const command = defineCommand({
  name: 'install',
  summary: "Install a built pack's skills for one runtime, tracked in skillpack-lock.json",
  description: `Copy a built pack's skills for one runtime into its discovery folder (.claude/skills,
.agents/skills, .opencode/skills; user scope: ~/.claude, ~/.agents/skills, ~/.config/opencode) and record
every file in skillpack-lock.json. Files are staged and renamed into place; a failure rolls the whole
install back, and a run that was killed is finished or rolled back by the next one. Runs in one scope take
turns. Runtime configuration a pack carries (settings, config, MCP servers, agents: anything outside the
skill, hook and plugin folders) is refused and named in the plan unless you pass --allow-runtime-config.`,
  positionals: [
    { name: 'PACK_DIR', required: true, description: 'The built pack (the output of skillpack build)' },
  ],
  options: {
    runtime: { ...RUNTIME_OPTION, required: true, description: 'The runtime to install for' },
    scope: { ...SCOPE_OPTION, required: true },
    ...ROOT_OPTIONS,
    force: {
      type: 'boolean',
      description: 'Overwrite files that were changed since install or that skillpack did not install',
    },
    'allow-runtime-config': {
      type: 'boolean',
      description: 'Also install the runtime configuration files the pack carries (never deleted later)',
    },
    'dry-run': { type: 'boolean', description: 'Print the plan and change nothing' },
  },
  output: 'formats',
  exits: {
    ok: 'installed (or nothing to do)',
    failed: 'refused (conflicts), or the pack is not a valid, untampered build',
  },
  async run({ io, values, positionals, format }) {
    const [{ installPack }, { formatOutcomeJson, formatOutcomeText }] = await Promise.all([
      import('../install/operations.js'),
      import('../install/format.js'),
    ]);
    const result = await installPack({
      packDir: resolve(io.cwd, positionals[0]!),
      runtime: values.runtime as RuntimeId,
      scope: values.scope as InstallScope,
      ...resolveRoots(values, io),
      force: values.force,
      allowRuntimeConfig: values['allow-runtime-config'],
      dryRun: values['dry-run'],
    });
    if (!result.success) throw result.error;
    io.stdout(format === 'json' ? formatOutcomeJson(result.data) : formatOutcomeText(result.data));
    return result.data.status === 'refused' ? EXIT.failed : EXIT.ok;
  },
});
