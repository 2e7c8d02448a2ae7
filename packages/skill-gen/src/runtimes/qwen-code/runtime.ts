import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import { SPEC_KEYS } from '../../lint/spec-keys.js';
import type { SkillGenRuntime } from '../runtime-declaration.js';
import { QwenCodeSectionSchema } from './front-matter.js';
import { qwenCodeHookWiring } from './hook-wiring.js';
import { qwenCodeLintSeverity } from './lint-severity.js';
import { qwenCodeMcp } from './mcp.js';
import { qwenCodeOwnership } from './ownership.js';
import { renderQwenCode } from './target.js';

/** Keys Qwen Code 0.24.4 reads in a skill's front matter (`parseSkillContent` of its bundle). */
const QWEN_CODE_KEYS = [
  ...SPEC_KEYS,
  'allowed-tools',
  'model',
  'argument-hint',
  'when_to_use',
  'disable-model-invocation',
  'user-invocable',
  'paths',
  'hooks',
] as const;

/** Qwen Code (0.24.4): skills in `.qwen/skills/`, a Claude-style Stop hook in `.qwen/settings.json`. */
export const qwenCodeRuntime = {
  id: 'qwen-code',
  title: 'Qwen Code',
  invocation: { sigil: '/', pluginNamespaced: false },
  strictSchema: false,
  frontMatter: QwenCodeSectionSchema,
  render: renderQwenCode,
  enforcement: HOOK_BUNDLE,
  install: {
    mcp: qwenCodeMcp,
    skillForm: [{ from: 'qwen-code/.qwen/skills/', project: '.qwen/skills/', user: '.qwen/skills/' }],
    portablePackageForm: [{ from: 'skills/', project: '.qwen/skills/', user: '.qwen/skills/' }],
    ownership: qwenCodeOwnership,
    ownedFolders: {
      project: ['.qwen/skills/', '.qwen/hooks/'],
      user: ['.qwen/skills/', '.qwen/hooks/'],
    },
    headlessSkillRules: undefined,
    lockRecords: [],
    hookWiring: qwenCodeHookWiring,
    afterInstall: [],
    options: {},
    userConfig: ['.qwen'],
  },
  lint: {
    discoveryFolders: [
      ['.qwen', 'skills'],
      ['.agents', 'skills'],
    ],
    recognisedKeys: QWEN_CODE_KEYS,
    sidecarKeys: [],
    skillFolderVariables: [],
    pluginManifest: undefined,
    severity: qwenCodeLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeQwenCode,
    proof: async () => (await import('./proof.js')).qwenCodeProof,
    hookConfigFiles: ['.qwen/settings.json'],
    histories: ['.qwen/tmp', '.qwen/file-history'],
    // Qwen Code 0.24 migrates the project's `.qwen/settings.json` when it starts (adds `"$version": 4`).
    probeWrites: true,
  },
  testedVersion: '0.24.4',
  docs: {
    npmPackage: '@qwen-code/qwen-code',
    skillFolders:
      '`.qwen/skills/`, `~/.qwen/skills/` (it also reads `.agents/skills/`, not `.claude/skills/`)',
    hookEvent: '`Stop` (Claude Code dialect, `last_assistant_message`)',
    trustStep: 'none (project hooks run untrusted)',
    enforcement:
      'the Stop entry in `.qwen/settings.json` running `.qwen/hooks/<pack>/`; Node.js >= 22 for the CLI; read stdout with `--include-partial-messages`',
    installHelp: `For qwen-code, skills go into .qwen/skills/ and a pack with hooked contracts also gets its Stop hook: the hook
program goes into .qwen/hooks/<pack>/ and its entry is merged into .qwen/settings.json (~/.qwen in the user
scope), keeping every other byte.`,
  },
} as const satisfies SkillGenRuntime<'qwen-code'>;
