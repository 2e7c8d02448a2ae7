import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import { SPEC_KEYS } from '../../lint/spec-keys.js';
import type { SkillGenRuntime } from '../runtime-declaration.js';
import { CopilotCliSectionSchema } from './front-matter.js';
import { copilotCliLintSeverity } from './lint-severity.js';
import { copilotCliMcp } from './mcp.js';
import { copilotCliOwnership } from './ownership.js';
import { renderCopilotCli } from './target.js';

/**
 * GitHub Copilot CLI (1.0.102): skills in `.github/skills/` (it also reads `.agents/skills/` and
 * `.claude/skills/`; `~/.copilot/skills/` and `~/.agents/skills/` for the user), the pack's `agentStop` hook
 * in `.github/hooks/` (`~/.copilot/hooks/`), and a plugin form (`.plugin/plugin.json`).
 */
export const copilotCliRuntime = {
  id: 'copilot-cli',
  title: 'GitHub Copilot CLI',
  // `/name`; a plugin's skills are listed by their own names (`copilot skill list`, 1.0.102).
  invocation: { sigil: '/', pluginNamespaced: false },
  strictSchema: false,
  frontMatter: CopilotCliSectionSchema,
  render: renderCopilotCli,
  enforcement: HOOK_BUNDLE,
  install: {
    mcp: copilotCliMcp,
    // The skills and the hook file with its bundle: `.github/` in a project, `~/.copilot/` for the user.
    skillForm: [{ from: 'copilot-cli/.github/', project: '.github/', user: '.copilot/' }],
    portablePackageForm: [{ from: 'skills/', project: '.github/skills/', user: '.copilot/skills/' }],
    ownership: copilotCliOwnership,
    ownedFolders: {
      project: ['.github/skills/', '.github/hooks/'],
      user: ['.copilot/skills/', '.copilot/hooks/', '.copilot/skillpack-plugins/'],
    },
    // The skill form carries its own hook file (`.github/hooks/skillpack-<pack>.json`): nothing to wire.
    headlessSkillRules: undefined,
    lockRecords: [],
    hookWiring: undefined,
    // `copilot plugin install <folder>` copies the plugin into ~/.copilot/installed-plugins/_direct/<folder>/
    // and records it in ~/.copilot/config.json (1.0.102; a local path is "deprecated" but installed, offline).
    homePlugin: {
      source: 'copilot-cli/plugin/',
      manifest: '.plugin/plugin.json',
      stage: '.copilot/skillpack-plugins/',
      command: 'copilot',
      register: ['plugin', 'install', '{path}'],
      unregister: ['plugin', 'uninstall', '{name}'],
      registerEnv: {},
      installed: '.copilot/installed-plugins/_direct/{folder}/',
    },
    // Copilot's trust step is its own (trust-step.ts), not Codex's hook trust.
    afterInstall: [async () => (await import('./trust-step.js')).copilotFolderTrust],
    options: {},
    userConfig: ['.copilot'],
  },
  lint: {
    discoveryFolders: [
      ['.github', 'skills'],
      ['.copilot', 'skills'],
    ],
    recognisedKeys: SPEC_KEYS,
    sidecarKeys: [],
    skillFolderVariables: [],
    pluginManifest: ['.plugin', 'plugin.json'],
    severity: copilotCliLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).copilotCliProbe,
    proof: async () => (await import('./proof.js')).copilotCliProof,
    hookConfigFiles: [],
    histories: ['.copilot/session-state', '.copilot/logs'],
    homeVariables: { COPILOT_HOME: '.copilot' },
  },
  testedVersion: '1.0.102',
  docs: {
    npmPackage: '@github/copilot',
    skillFolders:
      '`.github/skills/`, `~/.copilot/skills/`; the plugin form (`--form plugin`, user scope) in `~/.copilot/installed-plugins/_direct/<pack>/`, installed by `copilot plugin install`',
    hookEvent: '`agentStop` (no answer in the payload: read from the session `events.jsonl`)',
    trustStep:
      'project hooks load only in a trusted folder (`trustedFolders` in `~/.copilot/config.json`, or `copilot --trust-folder`); Copilot skips them silently otherwise. User hooks need none',
    enforcement:
      "`.github/hooks/<pack>.json` running `.github/hooks/<pack>/skillpack-hook.cjs` (`~/.copilot/hooks/` for the user), in a trusted folder; or the plugin form's own hook (`--activate`), no folder trust; Node on PATH",
    installHelp: `For copilot-cli, which loads a project's hooks only in a trusted folder, --activate adds the project to
"trustedFolders" in ~/.copilot/config.json (journaled; uninstall takes exactly that entry out again). --form
plugin (user scope only) stages the pack's Copilot CLI plugin in ~/.copilot/skillpack-plugins/<name>/, recorded
in the lock, and --activate has \`copilot plugin install <folder>\` install it (--plugin-cli PATH); uninstall
has \`copilot plugin uninstall\` remove it, then removes the staged files.`,
  },
} as const satisfies SkillGenRuntime<'copilot-cli'>;
