import { resolve } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { INSTALL_FORMS, type InstallForm, type InstallScope } from '../install/layout.js';
import { CODEX_FORMS, type CodexForm } from '../runtimes/codex/form.js';
import { skillGenRuntime } from '../runtimes/registry.js';
import { runtimeConfigConsent } from './_consent.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';
import { PLUGIN_CLI_OPTION } from './_plugin-cli-option.js';
import { checkRuntimeOptions } from './_runtime-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'install',
  summary: COMMAND_SUMMARIES.install,
  description: `Copy a built pack's skills for one runtime into its discovery folder (.claude/skills,
.agents/skills, .opencode/skills; user scope: ~/.claude, ~/.agents/skills, ~/.config/opencode) and record
every file in skillpack-lock.json. Files are staged and renamed into place; a failure rolls the whole
install back, and a run that was killed is finished or rolled back by the next one. Runs in one scope take
turns. Runtime configuration a pack carries (settings, config, MCP servers, agents: anything outside the
skill, hook and plugin folders) is refused and named in the plan unless you pass --allow-runtime-config.

For claude-code, a pack with hooked contracts also gets its Stop hook: the hook program goes into
.claude/hooks/<pack>/ and one Stop entry (--enforce attempted: only answers that attempt a hooked contract
are checked) is merged into .claude/settings.json (~/.claude in the user scope), so headless \`claude -p\`
enforces in every session. Hook configuration edits are surgical: every byte skillpack did not add stays,
and uninstall takes out exactly what install added.

For codex, a pack with hooked contracts also gets its Stop hook: the hook program goes into
.codex/hooks/<pack>/ and its entry is merged into .codex/hooks.json (~/.codex in the user scope), keeping
every other entry. Codex skips a hook SILENTLY until it is trusted: the output prints the exact config.toml
lines (key and hash asked from \`codex app-server\`), and --trust-codex-hooks has Codex record them.

For gemini-cli, skills go into .gemini/skills/ and a pack with hooked contracts also gets its AfterAgent hook:
the hook program goes into .gemini/hooks/<pack>/ and its entry is merged into .gemini/settings.json
(~/.gemini in the user scope), keeping every other byte. Headless Gemini CLI runs nothing in an untrusted
folder (exit 55): the output prints the exact step, and --activate adds "<project>": "TRUST_FOLDER" to
~/.gemini/trustedFolders.json (uninstall leaves that trust: it is the folder's).

For codex in the user scope, a pack with a Codex plugin is installed as that plugin, the way \`codex plugin
add\` installs one: into ~/.codex/plugins/cache/<pack>/<pack>/<version>/, so $<pack>:<skill> selects its
skills. Codex loads it only once ~/.codex/config.toml has [plugins."<pack>@<pack>"] enabled = true: the
output prints those lines, and --activate (or --trust-codex-hooks) adds them (uninstall takes them out again).
--codex-form skills installs the standalone skills into .agents/skills/ instead (the only form in the
project scope: Codex keeps plugins per user).

For gemini-cli and copilot-cli, --form plugin (user scope only: both keep plugins per user) stages the pack's
Gemini CLI extension (~/.gemini/skillpack-extensions/<name>/) or Copilot CLI plugin
(~/.copilot/skillpack-plugins/<name>/), recorded in the lock, and --activate has the runtime's own CLI install it
(\`gemini extensions install <folder> --consent\`, the source trusted for that one process; \`copilot plugin install
<folder>\`; --plugin-cli PATH). Uninstall has the CLI uninstall it (\`gemini extensions uninstall\`, \`copilot plugin
uninstall\`), then removes the staged files.

Changes that grant permission or trust are made only with --activate. Claude Code refuses, headless, to run
a skill whose front matter has allowed-tools (or hooks) without a Skill(<name>) allow rule: without
--activate the output prints the exact JSON to add (to .claude/settings.local.json in a project, which Claude
honours without a workspace trust step; ~/.claude/settings.json for the user), and --activate merges it
there, recorded in the lock and removed by uninstall. For codex, --activate means --trust-codex-hooks. For
GitHub Copilot CLI, which loads a project's hooks only in a trusted folder, --activate adds the project to
"trustedFolders" in ~/.copilot/config.json (journaled; uninstall takes exactly that entry out again).

--form plugin for claude-code installs the pack's Claude Code plugin instead: its local marketplace is
copied into .claude/skillpack-plugins/<pack>/ (in the home for the user scope), and --activate declares and
enables it in .claude/settings.json (extraKnownMarketplaces, enabledPlugins) and registers it with Claude
Code's own \`claude plugin marketplace add\` and \`claude plugin install\` (--claude PATH), your settings.json
put back byte for byte with only those two keys added. headless \`claude -p\` then loads the plugin, its
skills (<pack>:<skill>) and its Stop hook. Without --activate nothing is enabled: the output prints the exact
commands. uninstall reverses both.`,
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
    'codex-form': {
      type: 'string',
      value: 'F',
      choices: CODEX_FORMS,
      description:
        "For codex: the pack's plugin ($<pack>:<skill>) or its standalone skills in .agents/skills ($<skill>)",
      defaultText: 'plugin in the user scope when the pack has one, else skills',
    },
    codex: {
      type: 'string',
      value: 'PATH',
      description: "The codex executable asked for the hook's trust key and hash (default: codex on PATH)",
    },
    'trust-codex-hooks': {
      type: 'boolean',
      description:
        'Have Codex trust the project and the installed hook, and enable the installed plugin ($CODEX_HOME/config.toml)',
    },
    form: {
      type: 'string',
      value: 'F',
      choices: INSTALL_FORMS,
      default: 'skill',
      description:
        "skill (the skills and the Stop hook) or plugin (claude-code: the pack's plugin, from a local marketplace; gemini-cli, copilot-cli: its extension or plugin, installed by the runtime's CLI, user scope)",
    },
    claude: {
      type: 'string',
      value: 'PATH',
      description: 'The claude executable that registers a --form plugin install (default: claude on PATH)',
    },
    'plugin-cli': PLUGIN_CLI_OPTION,
    activate: {
      type: 'boolean',
      description:
        'Make the runtime configuration changes activation needs: Skill(<name>) allow rules for Claude Code, hook trust for Codex (--trust-codex-hooks), folder trust for Gemini CLI',
    },
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
    const [
      { installPack },
      { formatActivationStep, formatOutcomeJson, formatOutcomeText, formatPluginFormStep },
      trustStep,
      { formatCodexHookTrust },
      { formatCodexPluginActivation },
    ] = await Promise.all([
      import('../runtimes/runtime-install.js'),
      import('../install/format.js'),
      import('../runtimes/codex/trust-step.js'),
      import('../runtimes/codex/trust.js'),
      import('../runtimes/codex/plugin-format.js'),
    ]);
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
      const result = await installPack({
        packDir,
        runtime,
        scope,
        ...roots,
        force: values.force,
        allowRuntimeConfig: values['allow-runtime-config'],
        activate: values.activate,
        dryRun: values['dry-run'],
        ...(values['codex-form'] ? { codexForm: values['codex-form'] as CodexForm } : {}),
        form,
        ...(values.claude ? { claude: values.claude } : {}),
        ...(values['plugin-cli'] ? { pluginClis: { [runtime]: values['plugin-cli'] } } : {}),
        enableCodexPlugin: runtimeConfigConsent(values),
        env: io.env,
      });
      if (!result.success) throw result.error;
      const consent = runtimeConfigConsent(values);
      const plugin = result.data.codexPlugin;
      const request = {
        // For the advice to run install again: what the user named (an npm spec stays one).
        packDir: packDir.startsWith(resolve(io.cwd, argument)) ? packDir : argument,
        scope,
        projectDir: roots.projectDir,
        ...(values.codex ? { codex: values.codex } : {}),
        trust: consent,
      };
      const trust = skillGenRuntime(runtime).install.hookTrust
        ? await trustStep.codexTrustAfter(result.data, request, io)
        : undefined;
      const folderTrustStep = await skillGenRuntime(runtime).install.folderTrust?.();
      const folderTrust = await folderTrustStep?.afterInstall(result.data, {
        scope,
        projectDir: roots.projectDir,
        home: roots.home,
        env: io.env,
        consent,
      });
      const activation = result.data.activation;
      const pluginForm = result.data.pluginForm;
      if (format === 'json') {
        const extra = {
          ...(trust ? { codexHook: trust } : {}),
          ...(plugin ? { codexPlugin: plugin } : {}),
          ...(activation ? { activation } : {}),
          ...(pluginForm ? { pluginForm } : {}),
          ...(folderTrust ? { folderTrust } : {}),
        };
        io.stdout(formatOutcomeJson(result.data, extra));
      } else {
        io.stdout(formatOutcomeText(result.data));
        if (activation && !activation.active) io.stdout(formatActivationStep(activation));
        if (pluginForm && !pluginForm.active)
          io.stdout(formatPluginFormStep(pluginForm, skillGenRuntime(runtime).title));
        if (trust) io.stdout(formatCodexHookTrust(trust, trustStep.rerunCommand(request, runtime)));
        if (plugin) io.stdout(formatCodexPluginActivation(plugin, trustStep.rerunCommand(request, runtime)));
        if (folderTrustStep && folderTrust)
          io.stdout(folderTrustStep.format(folderTrust, trustStep.rerunCommand(request, runtime)));
      }
      return result.data.status === 'refused' ? EXIT.failed : EXIT.ok;
    }
  },
});
