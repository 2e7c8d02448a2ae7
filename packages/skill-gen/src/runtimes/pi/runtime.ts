import type { SkillGenRuntime } from '../runtime-declaration.js';
import { PI_EXTENSION_BUNDLE } from './extension-bundle.js';
import { PiSectionSchema } from './front-matter.js';
import { piLintSeverity } from './lint-severity.js';
import { piOwnership } from './ownership.js';
import { renderPi } from './target.js';

/**
 * Keys Pi 1.6.0 reads in SKILL.md (`dist/core/skills.js`): `name` (the folder name when missing),
 * `description` (required: a skill without one is not loaded) and `disable-model-invocation`; the spec's
 * other keys are kept and ignored.
 */
const PI_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'disable-model-invocation',
] as const;

/**
 * Pi (1.6.0, `@earendil-works/pi-coding-agent`): skills in `.pi/skills/` (`~/.pi/agent/skills/` for the user;
 * it also reads `.agents/skills/`), and an extension in `.pi/extensions/<pack>.js` (`~/.pi/agent/extensions/`)
 * that pushes a wrong final answer back at `agent_before_settle` within a block budget of its own. Headless it
 * skips a project's extensions and skills unless the project is trusted: install's trust step (`--activate`)
 * records the project in `~/.pi/agent/trust.json`. 0.73.1 cannot enforce (doctor says why).
 */
export const piRuntime = {
  id: 'pi',
  title: 'Pi',
  // A skill is invoked as `/skill:<name>`, or picked by the model from its description.
  invocation: { sigil: undefined, pluginNamespaced: false },
  strictSchema: false,
  frontMatter: PiSectionSchema,
  render: renderPi,
  enforcement: PI_EXTENSION_BUNDLE,
  install: {
    skillForm: [{ from: 'pi/.pi/', project: '.pi/', user: '.pi/agent/' }],
    portablePackageForm: [{ from: 'skills/', project: '.pi/skills/', user: '.pi/agent/skills/' }],
    ownership: piOwnership,
    ownedFolders: {
      project: ['.pi/skills/', '.pi/extensions/'],
      user: ['.pi/agent/skills/', '.pi/agent/extensions/'],
    },
    // The extension is its enforcement; it has no hook entry.
    headlessSkillRules: undefined,
    lockRecords: [],
    hookWiring: undefined,
    afterInstall: [async () => (await import('./trust-step.js')).piFolderTrust],
    options: {},
    userConfig: ['.pi/agent'],
  },
  lint: {
    discoveryFolders: [
      ['.pi', 'skills'],
      ['.agents', 'skills'],
      ['.pi', 'agent', 'skills'],
    ],
    recognisedKeys: PI_KEYS,
    sidecarKeys: [],
    skillFolderVariables: [],
    pluginManifest: undefined,
    severity: piLintSeverity,
  },
  doctor: {
    probe: async () => (await import('./probe.js')).probePi,
    proof: async () => (await import('./proof.js')).piProof,
    hookConfigFiles: [],
    histories: ['.pi/agent/sessions'],
  },
  testedVersion: '1.6.0',
  docs: {
    npmPackage: '@earendil-works/pi-coding-agent',
    skillFolders:
      '`.pi/skills/`, `~/.pi/agent/skills/` (it also reads `.agents/skills/`, not `.claude/skills/`)',
    hookEvent: 'extension: `agent_before_settle` appends the correction and continues the run (1.6.0)',
    trustStep:
      "project scope: the project trusted in `~/.pi/agent/trust.json` (`--activate`; or `pi --approve` per run); headless Pi 1.6.0 skips an untrusted project's extensions and skills silently. User scope: none",
    enforcement:
      'the extension in `.pi/extensions/<pack>.js` (`~/.pi/agent/extensions/`) with `<pack>.json`; Node.js >= 22.19 for the CLI; 0.73.1 (`@mariozechner/pi-coding-agent`) cannot enforce',
    installHelp: `For pi, skills go into .pi/skills/ (~/.pi/agent/skills/) and a pack with hooked contracts also gets its
extension in .pi/extensions/<pack>.js, which pushes a wrong final answer back within the run. Headless Pi skips an
untrusted project's extensions and skills SILENTLY: the output prints the step, and --activate trusts the
project in ~/.pi/agent/trust.json (uninstall leaves that trust: it is the folder's).`,
  },
} as const satisfies SkillGenRuntime<'pi'>;
