import type { SkillGenRuntime } from '../runtime-declaration.js';
import { OpenCodeSectionSchema } from './front-matter.js';
import { openCodeLintSeverity } from './lint-severity.js';
import { openCodeMcp } from './mcp.js';
import { openCodeOwnership } from './ownership.js';
import { OPENCODE_PLUGIN_BUNDLE } from './plugin-bundle.js';
import { renderOpenCode } from './target.js';

/** Keys OpenCode reads; it ignores every other key, `allowed-tools` included (runtimes.md §4.1). */
const OPENCODE_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata'] as const;

/** OpenCode (1.18.33): skills in `.opencode/skills/` (it also reads `.claude/` and `.agents/`), a plugin. */
export const openCodeRuntime = {
  id: 'opencode',
  title: 'OpenCode',
  invocation: { sigil: '/', pluginNamespaced: false },
  strictSchema: false,
  frontMatter: OpenCodeSectionSchema,
  render: renderOpenCode,
  enforcement: OPENCODE_PLUGIN_BUNDLE,
  install: {
    mcp: openCodeMcp,
    skillForm: [{ from: 'opencode/.opencode/', project: '.opencode/', user: '.config/opencode/' }],
    portablePackageForm: [
      { from: 'skills/', project: '.opencode/skills/', user: '.config/opencode/skills/' },
    ],
    ownership: openCodeOwnership,
    ownedFolders: {
      project: ['.opencode/skills/', '.opencode/plugins/'],
      user: ['.config/opencode/skills/', '.config/opencode/plugins/'],
    },
    // The OpenCode plugin is its enforcement; it has no hook entry.
    headlessSkillRules: undefined,
    lockRecords: [],
    hookWiring: undefined,
    afterInstall: [],
    options: {},
    userConfig: ['.config/opencode'],
  },
  lint: {
    discoveryFolders: [
      ['.claude', 'skills'],
      ['.agents', 'skills'],
      ['.opencode', 'skills'],
      ['.opencode', 'skill'],
      ['.config', 'opencode', 'skills'],
    ],
    recognisedKeys: OPENCODE_KEYS,
    sidecarKeys: [],
    skillFolderVariables: [],
    pluginManifest: undefined,
    severity: openCodeLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeOpenCode,
    proof: async () => (await import('./proof.js')).openCodeProof,
    hookConfigFiles: [],
    // OpenCode keeps its plugins' dependencies in `.opencode/node_modules`.
    keptModules: ['.opencode'],
    // OpenCode 1.18 installs a plugin's package when it loads a project, `opencode debug skill` included:
    // `.opencode/package.json`, a lockfile, `.gitignore`, `node_modules/`; and `~/.config/opencode/node_modules/`,
    // `~/.cache/opencode`, `~/.cache/bun`, `~/.local/share/opencode` in the home.
    probeWrites: true,
  },
  testedVersion: '1.18.33',
  docs: {
    npmPackage: 'opencode-ai',
    skillFolders: '`.opencode/skills/`, `~/.config/opencode/skills/`',
    hookEvent:
      'plugin: the step that finishes with `stop` (and `session.idle`); it prompts the session again',
    trustStep: 'none',
    enforcement: 'the plugin in `.opencode/plugins/<pack>.js` (`~/.config/opencode/plugins/`)',
    installHelp: `For opencode, skills go into .opencode/skills/ (~/.config/opencode/skills/) and a pack with hooked contracts
also gets its plugin in .opencode/plugins/<pack>.js, which prompts the session again after a wrong final answer.`,
  },
} as const satisfies SkillGenRuntime<'opencode'>;
