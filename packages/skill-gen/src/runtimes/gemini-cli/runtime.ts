import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import type { SkillGenRuntime } from '../runtime-declaration.js';
import { GeminiCliSectionSchema } from './front-matter.js';
import { geminiCliHookWiring } from './hook-wiring.js';
import { geminiCliLintSeverity } from './lint-severity.js';
import { geminiCliMcp } from './mcp.js';
import { geminiCliOwnership } from './ownership.js';
import { renderGeminiCli } from './target.js';

/**
 * Keys Gemini CLI 0.61 reads in SKILL.md: `name` and `description` (`skillLoader.js`, js-yaml with a line-by-line
 * fallback); the spec's other keys are kept and ignored.
 */
const GEMINI_CLI_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata'] as const;

/**
 * Gemini CLI (0.61.0): skills in `.gemini/skills/` (it also reads `.agents/skills/`), an AfterAgent hook in
 * `.gemini/settings.json`, and an extension form (`install --form plugin`: `gemini extensions install`). Headless it runs nothing in an
 * untrusted folder (exit 55): install's trust step (`--activate`) records the project in trustedFolders.json.
 */
export const geminiCliRuntime = {
  id: 'gemini-cli',
  title: 'Gemini CLI',
  // Skills are no slash commands in Gemini CLI: the model activates them (`activate_skill`) by name.
  invocation: { sigil: undefined, pluginNamespaced: false },
  strictSchema: false,
  frontMatter: GeminiCliSectionSchema,
  render: renderGeminiCli,
  enforcement: HOOK_BUNDLE,
  install: {
    mcp: geminiCliMcp,
    skillForm: [{ from: 'gemini-cli/.gemini/skills/', project: '.gemini/skills/', user: '.gemini/skills/' }],
    portablePackageForm: [{ from: 'skills/', project: '.gemini/skills/', user: '.gemini/skills/' }],
    ownership: geminiCliOwnership,
    ownedFolders: {
      project: ['.gemini/skills/', '.gemini/hooks/'],
      user: ['.gemini/skills/', '.gemini/hooks/', '.gemini/skillpack-extensions/'],
    },
    headlessSkillRules: undefined,
    lockRecords: [],
    hookWiring: geminiCliHookWiring,
    // `gemini extensions install <folder> --consent` copies the extension into ~/.gemini/extensions/<name>/
    // (0.61.0). An untrusted source folder is installed only after a y/N prompt headless runs cannot answer;
    // GEMINI_CLI_TRUST_WORKSPACE=true trusts it for that one process and records nothing.
    homePlugin: {
      source: 'gemini-cli/extension/',
      manifest: 'gemini-extension.json',
      stage: '.gemini/skillpack-extensions/',
      command: 'gemini',
      register: ['extensions', 'install', '{path}', '--consent'],
      unregister: ['extensions', 'uninstall', '{name}'],
      registerEnv: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
      installed: '.gemini/extensions/{name}/',
    },
    afterInstall: [async () => (await import('./trust-step.js')).geminiFolderTrust],
    options: {},
    userConfig: ['.gemini'],
  },
  lint: {
    discoveryFolders: [
      ['.gemini', 'skills'],
      ['.agents', 'skills'],
    ],
    recognisedKeys: GEMINI_CLI_KEYS,
    sidecarKeys: [],
    skillFolderVariables: [],
    pluginManifest: ['gemini-extension.json'],
    severity: geminiCliLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probeGeminiCli,
    proof: async () => (await import('./proof.js')).geminiCliProof,
    hookConfigFiles: ['.gemini/settings.json'],
    // `tmp/<project hash>/` holds its chats and checkpoints.
    histories: ['.gemini/tmp', '.gemini/history'],
  },
  testedVersion: '0.61.0',
  docs: {
    npmPackage: '@google/gemini-cli',
    skillFolders:
      '`.gemini/skills/`, `~/.gemini/skills/` (it also reads `.agents/skills/`); the extension form (`--form plugin`, user scope) in `~/.gemini/extensions/<name>/`, installed by `gemini extensions install`',
    hookEvent: '`AfterAgent` (the answer read from the session transcript: `prompt_response` is cumulative)',
    trustStep:
      'the folder trusted in `~/.gemini/trustedFolders.json` (`--activate`); headless Gemini CLI exits 55 in an untrusted folder',
    enforcement:
      "the AfterAgent entry in `.gemini/settings.json` running `.gemini/hooks/<pack>/` (or the extension form's own hook, `--activate`), the folder trusted, Node on PATH; the block budget is skillpack's (Gemini CLI has none)",
    installHelp: `For gemini-cli, skills go into .gemini/skills/ and a pack with hooked contracts also gets its AfterAgent hook:
the hook program goes into .gemini/hooks/<pack>/ and its entry is merged into .gemini/settings.json
(~/.gemini in the user scope), keeping every other byte. Headless Gemini CLI runs nothing in an untrusted
folder (exit 55): the output prints the exact step, and --activate adds "<project>": "TRUST_FOLDER" to
~/.gemini/trustedFolders.json (uninstalling the project's last gemini-cli install takes it out).
--form plugin (user scope only) stages the pack's Gemini CLI extension in
~/.gemini/skillpack-extensions/<name>/, recorded in the lock, and --activate has \`gemini extensions install
<folder> --consent\` install it (the source trusted for that one process; --plugin-cli PATH); uninstall has
\`gemini extensions uninstall\` remove it, then removes the staged files.`,
  },
} as const satisfies SkillGenRuntime<'gemini-cli'>;
