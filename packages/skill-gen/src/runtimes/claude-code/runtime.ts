import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import { SPEC_KEYS } from '../../lint/spec-keys.js';
import type { SkillGenRuntime } from '../runtime-declaration.js';
import { claudeCodeSkillRules } from './activation.js';
import { ClaudeCodeConfigSchema } from './config.js';
import { ClaudeCodeSectionSchema } from './front-matter.js';
import { claudeCodeHookWiring } from './hook-wiring.js';
import { claudeCodeLintSeverity } from './lint-severity.js';
import { claudeCodeLocalPlugin } from './local-plugin.js';
import { claudeCodeMcp } from './mcp.js';
import { claudeCodeOwnership } from './ownership.js';
import { CLAUDE_PLUGIN_RECORD } from './plugin-lock.js';
import { renderClaudeCode } from './target.js';

/** Keys Claude Code honours in a skill's front matter (runtimes.md §2.2). */
const CLAUDE_CODE_KEYS = [
  ...SPEC_KEYS,
  'when_to_use',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'disallowed-tools',
  'model',
  'effort',
  'context',
  'agent',
  'background',
  'hooks',
  'paths',
  'shell',
] as const;

/** Claude Code (2.1.328): skills in `.claude/skills/`, a Stop hook, and a plugin form. */
export const claudeCodeRuntime = {
  id: 'claude-code',
  title: 'Claude Code',
  invocation: { sigil: '/', pluginNamespaced: true },
  strictSchema: false,
  frontMatter: ClaudeCodeSectionSchema,
  config: ClaudeCodeConfigSchema,
  render: renderClaudeCode,
  enforcement: HOOK_BUNDLE,
  install: {
    mcp: claudeCodeMcp,
    skillForm: [{ from: 'claude-code/.claude/', project: '.claude/', user: '.claude/' }],
    portablePackageForm: [{ from: 'skills/', project: '.claude/skills/', user: '.claude/skills/' }],
    ownership: claudeCodeOwnership,
    ownedFolders: {
      project: ['.claude/skills/', '.claude/hooks/', '.claude/skillpack-plugins/'],
      user: ['.claude/skills/', '.claude/hooks/', '.claude/skillpack-plugins/'],
    },
    localPlugin: claudeCodeLocalPlugin,
    headlessSkillRules: claudeCodeSkillRules,
    steps: async () => [(await import('./plugin-form-step.js')).claudePluginFormStep],
    lockRecords: [CLAUDE_PLUGIN_RECORD],
    hookWiring: claudeCodeHookWiring,
    afterInstall: [],
    options: {
      claude: {
        declaration: {
          type: 'string',
          value: 'PATH',
          description:
            'The claude executable that registers (uninstall: unregisters) a --form plugin install (default: claude on PATH)',
        },
        field: 'claude',
        uninstall: true,
      },
    },
    userConfig: ['.claude'],
  },
  lint: {
    discoveryFolders: [['.claude', 'skills']],
    recognisedKeys: CLAUDE_CODE_KEYS,
    sidecarKeys: [],
    skillFolderVariables: ['CLAUDE_SKILL_DIR'],
    pluginManifest: ['.claude-plugin', 'plugin.json'],
    severity: claudeCodeLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeClaudeCode,
    proof: async () => (await import('./proof.js')).claudeCodeProof,
    hookConfigFiles: ['.claude/settings.json', '.claude/settings.local.json'],
    // Transcripts (`projects/<cwd>/<session>.jsonl`) and what it snapshots per session.
    histories: [
      '.claude/projects',
      '.claude/todos',
      '.claude/shell-snapshots',
      '.claude/file-history',
      '.claude/session-env',
      '.claude/paste-cache',
    ],
  },
  testedVersion: '2.1.328',
  docs: {
    npmPackage: '@anthropic-ai/claude-code',
    skillFolders: '`.claude/skills/`, `~/.claude/skills/`',
    hookEvent: '`Stop` / `SubagentStop`',
    trustStep:
      'none for the hook; `--activate` adds the `Skill(<name>)` allow rule a skill with `allowed-tools` needs headless',
    enforcement:
      'the Stop entry in `.claude/settings.json` running `.claude/hooks/<pack>/` (or the plugin form), Node on PATH',
    installHelp: `For claude-code, a pack with hooked contracts also gets its Stop hook: the hook program goes into
.claude/hooks/<pack>/ and one Stop entry (--enforce attempted: only answers that attempt a hooked contract
are checked) is merged into .claude/settings.json (~/.claude in the user scope), so headless \`claude -p\`
enforces in every session. Hook configuration edits are surgical: every byte skillpack did not add stays,
and uninstall takes out exactly what install added.

Claude Code refuses, headless, to run a skill whose front matter has allowed-tools (or hooks) without a
Skill(<name>) allow rule: without --activate the output prints the exact JSON to add (to
.claude/settings.local.json in a project, which Claude honours without a workspace trust step;
~/.claude/settings.json for the user), and --activate merges it there, recorded in the lock and removed by
uninstall.

--form plugin for claude-code installs the pack's Claude Code plugin instead: its local marketplace is
copied into .claude/skillpack-plugins/<pack>/ (in the home for the user scope), and --activate declares and
enables it in .claude/settings.json (extraKnownMarketplaces, enabledPlugins) and registers it with Claude
Code's own \`claude plugin marketplace add\` and \`claude plugin install\` (--claude PATH), your settings.json
put back byte for byte with only those two keys added. headless \`claude -p\` then loads the plugin, its
skills (<pack>:<skill>) and its Stop hook. Without --activate nothing is enabled: the output prints the exact
commands. uninstall reverses both.`,
  },
} as const satisfies SkillGenRuntime<'claude-code'>;
