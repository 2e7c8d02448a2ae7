import { SPEC_KEYS } from '../../lint/spec-keys.js';
import type { SkillGenRuntime } from '../runtime-declaration.js';
import { ClaudeCodeSectionSchema } from './front-matter.js';
import { claudeCodeHookWiring } from './hook-wiring.js';
import { claudeCodeLintSeverity } from './lint-severity.js';
import { claudeCodeOwnership } from './ownership.js';
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
  render: renderClaudeCode,
  enforcement: 'hook',
  install: {
    skillForm: [{ from: 'claude-code/.claude/', project: '.claude/', user: '.claude/' }],
    portablePackageForm: [{ from: 'skills/', project: '.claude/skills/', user: '.claude/skills/' }],
    ownership: claudeCodeOwnership,
    ownedFolders: {
      project: ['.claude/skills/', '.claude/hooks/', '.claude/skillpack-plugins/'],
      user: ['.claude/skills/', '.claude/hooks/', '.claude/skillpack-plugins/'],
    },
    hookWiring: claudeCodeHookWiring,
    pluginForm: true,
    headlessSkillRules: true,
    packForms: false,
    pluginConfigTable: false,
    hookTrust: false,
    folderTrust: undefined,
    options: [],
    userConfig: ['.claude'],
  },
  lint: {
    discoveryFolders: [['.claude', 'skills']],
    recognisedKeys: CLAUDE_CODE_KEYS,
    sidecarKeys: [],
    pluginManifest: ['.claude-plugin', 'plugin.json'],
    severity: claudeCodeLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeClaudeCode,
    proof: async () => (await import('./proof.js')).claudeCodeProof,
    hookConfigFiles: ['.claude/settings.json', '.claude/settings.local.json'],
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
  },
} as const satisfies SkillGenRuntime<'claude-code'>;
