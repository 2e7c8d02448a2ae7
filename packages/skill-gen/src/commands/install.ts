import { resolve } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { INSTALL_FORMS, type InstallForm, type InstallScope } from '../install/layout.js';
import { SKILL_GEN_RUNTIME_LIST, skillGenRuntime } from '../runtimes/registry.js';
import { runtimeConfigConsent } from './_consent.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';
import { PLUGIN_CLI_OPTION } from './_plugin-cli-option.js';
import { checkRuntimeOptions, runtimeOnlyOptions, runtimeOptionFields } from './_runtime-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

/** What `install --help` says of each runtime, from its declaration. */
const RUNTIME_HELP = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) =>
  runtime.docs.installHelp ? [runtime.docs.installHelp] : [],
).join('\n\n');

/** The install command again, for the advice to run it with another flag. */
function rerunCommand(
  request: { packDir: string; scope: InstallScope; projectDir: string },
  runtime: RuntimeId,
): string {
  const dir = request.scope === 'project' ? ` --dir ${JSON.stringify(request.projectDir)}` : '';
  return `skillpack install ${JSON.stringify(request.packDir)} --runtime ${runtime} --scope ${request.scope}${dir}`;
}

export const command = defineCommand({
  name: 'install',
  summary: COMMAND_SUMMARIES.install,
  description: `Copy a built pack's skills for one runtime into its discovery folder and record every file in
skillpack-lock.json. Files are staged and renamed into place; a failure rolls the whole install back, and a run
that was killed is finished or rolled back by the next one. Runs in one scope take turns. Runtime
configuration a pack carries (settings, config, MCP servers, agents: anything outside the skill, hook and
plugin folders) is refused and named in the plan unless you pass --allow-runtime-config.

Changes that grant permission or trust are made only with --activate; without it the output prints the exact
step to take.

${RUNTIME_HELP}`,
  positionals: [
    {
      name: 'PACK_DIR',
      required: true,
      description: 'A built pack or a published portable package, or <name>@<version> on npm',
    },
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
    form: {
      type: 'string',
      value: 'F',
      choices: INSTALL_FORMS,
      default: 'skill',
      description:
        "skill (the skills and the Stop hook) or plugin (the pack's plugin form, for a runtime that has one: see above)",
    },
    'plugin-cli': PLUGIN_CLI_OPTION,
    activate: {
      type: 'boolean',
      description:
        "Make the runtime configuration changes activation needs (permission rules, hook or folder trust, enabling a plugin: each runtime's are above)",
    },
    ...runtimeOnlyOptions('install'),
  },
  output: 'formats',
  exits: {
    ok: 'installed (or nothing to do)',
    failed: 'refused (conflicts), or the pack is not a valid, untampered build',
  },
  async run({ io, values, positionals, format }) {
    const runtime = values.runtime as RuntimeId;
    const form = values.form as InstallForm;
    checkRuntimeOptions(runtime, form, values);
    const declaration = skillGenRuntime(runtime);
    const [
      { installPack },
      { formatActivationStep, formatOutcomeJson, formatOutcomeText, formatPluginFormStep },
    ] = await Promise.all([import('../runtimes/runtime-install.js'), import('../install/format.js')]);
    const roots = resolveRoots(values, io);
    const argument = positionals[0]!;
    const { resolvePackSource } = await import('../install/npm-spec.js');
    const source = await resolvePackSource(argument, resolve(io.cwd, argument), io.env);
    if (!source.success) throw source.error;
    try {
      return await installFrom(source.data.dir);
    } finally {
      await source.data.dispose();
    }

    async function installFrom(packDir: string) {
      const scope = values.scope as InstallScope;
      const consent = runtimeConfigConsent(values);
      const runtimeOptions = runtimeOptionFields(runtime, values);
      const result = await installPack({
        ...runtimeOptions,
        packDir,
        runtime,
        scope,
        ...roots,
        force: values.force,
        allowRuntimeConfig: values['allow-runtime-config'],
        activate: consent,
        dryRun: values['dry-run'],
        form,
        ...(values['plugin-cli'] ? { pluginClis: { [runtime]: values['plugin-cli'] } } : {}),
        env: io.env,
      });
      if (!result.success) throw result.error;
      const rerun = rerunCommand(
        {
          // For the advice to run install again: what the user named (an npm spec stays one).
          packDir: packDir.startsWith(resolve(io.cwd, argument)) ? packDir : argument,
          scope,
          projectDir: roots.projectDir,
        },
        runtime,
      );
      const request = {
        scope,
        projectDir: roots.projectDir,
        home: roots.home,
        env: io.env,
        cwd: io.cwd,
        consent,
        options: runtimeOptions,
      };
      const after: { key: string; report: object; text: string }[] = [];
      for (const load of declaration.install.afterInstall) {
        const step = await load();
        const report = await step.afterInstall(result.data, request);
        if (report) after.push({ key: step.key, report, text: step.format(report, rerun) });
      }
      const steps = (await declaration.install.steps?.()) ?? [];
      const reports = Object.entries(result.data.runtimeReports ?? {});
      const { activation, pluginForm } = result.data;
      if (format === 'json') {
        const extra = {
          ...Object.fromEntries(after.map(({ key, report }) => [key, report])),
          ...Object.fromEntries(reports),
          ...(activation ? { activation } : {}),
          ...(pluginForm ? { pluginForm } : {}),
        };
        io.stdout(formatOutcomeJson(result.data, extra));
      } else {
        io.stdout(formatOutcomeText(result.data));
        if (activation && !activation.active) io.stdout(formatActivationStep(activation));
        if (pluginForm && !pluginForm.active) io.stdout(formatPluginFormStep(pluginForm, declaration.title));
        for (const { text } of after) io.stdout(text);
        for (const [key, report] of reports) {
          const step = steps.find((candidate) => candidate.report === key);
          if (step?.format) io.stdout(step.format(report, rerun));
        }
      }
      return result.data.status === 'refused' ? EXIT.failed : EXIT.ok;
    }
  },
});
