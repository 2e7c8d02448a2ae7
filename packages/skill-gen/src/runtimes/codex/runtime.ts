import type { SkillGenRuntime } from '../runtime-declaration.js';
import { CodexSectionSchema } from './front-matter.js';
import { codexHookWiring } from './hook-wiring.js';
import { CODEX_PLUGIN_CACHE } from './layout.js';
import { codexLintSeverity } from './lint-severity.js';
import { codexOwnership } from './ownership.js';
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
  render: renderCodex,
  enforcement: 'hook',
  install: {
    skillForm: [{ from: 'codex/.agents/skills/', project: '.agents/skills/', user: '.agents/skills/' }],
    portablePackageForm: [{ from: 'skills/', project: '.agents/skills/', user: '.agents/skills/' }],
    ownership: codexOwnership,
    ownedFolders: {
      project: ['.agents/skills/', '.codex/hooks/'],
      user: ['.agents/skills/', '.codex/hooks/', CODEX_PLUGIN_CACHE],
    },
    hookWiring: codexHookWiring,
    pluginForm: false,
    headlessSkillRules: false,
    packForms: true,
    pluginConfigTable: true,
    hookTrust: true,
    folderTrust: undefined,
    options: ['trust-codex-hooks', 'codex-form'],
    activateAliases: ['trust-codex-hooks'],
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
    pluginManifest: ['.codex-plugin', 'plugin.json'],
    severity: codexLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeCodex,
    proof: async () => (await import('./proof.js')).codexProof,
    hookConfigFiles: ['.codex/hooks.json'],
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
  },
} as const satisfies SkillGenRuntime<'codex'>;
