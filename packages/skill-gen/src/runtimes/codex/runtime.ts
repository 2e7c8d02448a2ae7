import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import type { SkillGenRuntime } from '../runtime-declaration.js';
import { CodexConfigSchema } from './config.js';
import { restageCodexHome } from './doctor-home.js';
import { CODEX_FORMS, codexPackForm } from './form.js';
import { CodexSectionSchema } from './front-matter.js';
import { codexHookWiring } from './hook-wiring.js';
import { CODEX_PLUGIN_CACHE } from './layout.js';
import { codexLintSeverity } from './lint-severity.js';
import { codexMcp } from './mcp.js';
import { codexOwnership } from './ownership.js';
import { CODEX_PLUGIN_RECORD } from './plugin-lock.js';
import { renderCodex } from './target.js';

/**
 * Keys Codex's own validator accepts (`skill-creator/scripts/quick_validate.py`, bundled with Codex 0.169.0);
 * its loader reads `name`, `description` and `metadata` and ignores the rest.
 */
const CODEX_KEYS = ['name', 'description', 'license', 'allowed-tools', 'metadata'] as const;

/** Codex (0.169.0): skills in `.agents/skills/`, a Stop hook in `.codex/hooks.json`, a user-scope plugin. */
export const codexRuntime = {
  id: 'codex',
  title: 'Codex',
  invocation: { sigil: '$', pluginNamespaced: true },
  strictSchema: true,
  frontMatter: CodexSectionSchema,
  config: CodexConfigSchema,
  render: renderCodex,
  enforcement: HOOK_BUNDLE,
  install: {
    mcp: codexMcp,
    skillForm: [{ from: 'codex/.agents/skills/', project: '.agents/skills/', user: '.agents/skills/' }],
    portablePackageForm: [{ from: 'skills/', project: '.agents/skills/', user: '.agents/skills/' }],
    ownership: codexOwnership,
    ownedFolders: {
      project: ['.agents/skills/', '.codex/hooks/'],
      user: ['.agents/skills/', '.codex/hooks/', CODEX_PLUGIN_CACHE],
    },
    headlessSkillRules: undefined,
    packForm: codexPackForm,
    steps: async () => [(await import('./plugin-table-step.js')).codexPluginTableStep],
    lockRecords: [CODEX_PLUGIN_RECORD],
    hookWiring: codexHookWiring,
    afterInstall: [async () => (await import('./trust-step.js')).codexHookTrustStep],
    options: {
      'codex-form': {
        declaration: {
          type: 'string',
          value: 'F',
          choices: CODEX_FORMS,
          description:
            "For codex: the pack's plugin ($<pack>:<skill>) or its standalone skills in .agents/skills ($<skill>)",
          defaultText: 'plugin in the user scope when the pack has one, else skills',
        },
        field: 'codexForm',
      },
      codex: {
        declaration: {
          type: 'string',
          value: 'PATH',
          description:
            "The codex executable asked for the hook's trust key and hash (default: codex on PATH)",
        },
        field: 'codex',
      },
      'trust-codex-hooks': {
        declaration: {
          type: 'boolean',
          description:
            'Trust the project and the installed hook, and enable the installed plugin, in $CODEX_HOME/config.toml (uninstall takes it out)',
        },
        field: 'enableCodexPlugin',
        activates: true,
      },
    },
    userConfig: ['.codex', '.agents'],
  },
  lint: {
    discoveryFolders: [
      ['.agents', 'skills'],
      ['.codex', 'skills'],
    ],
    recognisedKeys: CODEX_KEYS,
    // Keys of a source's `codex:` section that `build` writes to `agents/openai.yaml`, not to SKILL.md.
    sidecarKeys: ['interface', 'policy', 'dependencies'],
    skillFolderVariables: [],
    pluginManifest: ['.codex-plugin', 'plugin.json'],
    severity: codexLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeCodex,
    proof: async () => (await import('./proof.js')).codexProof,
    hookConfigFiles: ['.codex/hooks.json'],
    histories: ['.codex/sessions', '.codex/archived_sessions', '.codex/log'],
    homeVariables: { CODEX_HOME: '.codex' },
    restage: restageCodexHome,
  },
  testedVersion: '0.169.0',
  docs: {
    npmPackage: '@openai/codex',
    skillFolders:
      '`.agents/skills/`, `~/.agents/skills/` (user scope: the plugin in `~/.codex/plugins/cache/`)',
    hookEvent: '`Stop`',
    trustStep:
      'the project and the hook trusted in `config.toml` (`--trust-codex-hooks`); Codex skips an untrusted hook silently',
    enforcement:
      'the Stop entry in `.codex/hooks.json` running `.codex/hooks/<pack>/`, trusted; Node on PATH',
    installHelp: `For codex, skills go into .agents/skills/ and a pack with hooked contracts also gets its Stop hook: the hook
program goes into .codex/hooks/<pack>/ and its entry is merged into .codex/hooks.json (~/.codex in the user
scope), keeping every other entry. Codex skips a hook SILENTLY until it is trusted: the output prints the exact
config.toml lines (key and hash asked from \`codex app-server\`), and --activate (or --trust-codex-hooks) appends
them to $CODEX_HOME/config.toml (uninstall takes exactly them out again).

For codex in the user scope, a pack with a Codex plugin is installed as that plugin, the way \`codex plugin
add\` installs one: into ~/.codex/plugins/cache/<pack>/<pack>/<version>/, so $<pack>:<skill> selects its
skills. Codex loads it only once ~/.codex/config.toml has [plugins."<pack>@<pack>"] enabled = true: the
output prints those lines, and --activate (or --trust-codex-hooks) adds them (uninstall takes them out again).
--codex-form skills installs the standalone skills into .agents/skills/ instead (the only form in the
project scope: Codex keeps plugins per user).`,
  },
} as const satisfies SkillGenRuntime<'codex'>;
