import { type OutputFile, textFile } from '../../files/output-file.js';
import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import { HOOK_FILE, type HookHandler, hookHandlers, packHookedContracts } from '../../hooks/hook-plan.js';
import { toStableJson } from '../../json/stable-json.js';
import { mcpServerFiles } from '../../mcp/mcp-server-plan.js';
import type { SkillForm } from '../../render/invocation.js';
import { specKeys } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import {
  authorObject,
  enforcementFiles,
  optionalPackFields,
  type RenderTarget,
  type TargetContext,
} from '../../targets/target-context.js';

const TARGET = 'copilot-cli';
const PLUGIN = `${TARGET}/plugin`;
/** The variable a plugin hook reads its folder from: Copilot substitutes `${PLUGIN_ROOT}` in `env` values. */
const ROOT_VARIABLE = 'SKILLPACK_PLUGIN_ROOT';
/** What Copilot replaces with the installed plugin's folder. */
const PLUGIN_ROOT = '$' + '{PLUGIN_ROOT}';

/**
 * The `bash` command of one `agentStop` handler: `skillpack-hook copilot-cli` reads the answer from the
 * session's `events.jsonl` (the payload has none) and always exits 0 (Copilot only warns on exit 2).
 * Copilot 1.0.102 has `agentStop` for the main agent only in hook files, so `SubagentStop` is not wired.
 */
export function copilotHookCommand(script: string, handler: HookHandler, enforce: 'always' | 'attempted') {
  const contracts = handler.contracts.map((id) => `--contract ${id}`).join(' ');
  const blocks = handler.maxBlocks === undefined ? '' : ` --max-blocks ${handler.maxBlocks}`;
  const mode = enforce === 'attempted' ? ' --enforce attempted' : '';
  return `node "${script}" copilot-cli ${contracts}${blocks}${mode}`;
}

/**
 * A Copilot hooks file (`.github/hooks/*.json`, `~/.copilot/hooks/*.json`, a plugin's `hooks/hooks.json`):
 * `{"version":1,"hooks":{"agentStop":[…]}}` with one command per handler on `Stop`.
 */
export function copilotHooksDocument(
  handlers: readonly HookHandler[],
  command: (handler: HookHandler) => string,
  env?: Readonly<Record<string, string>>,
) {
  const stops = handlers.filter((handler) => handler.event === 'Stop');
  return {
    version: 1,
    hooks: {
      agentStop: stops.map((handler) => ({
        type: 'command',
        bash: command(handler),
        ...(env ? { env } : {}),
        timeoutSec: handler.timeout,
      })),
    },
  };
}

function skills(context: TargetContext, root: string, form: SkillForm): OutputFile[] {
  return context.skills.flatMap((skill) =>
    skillTree({
      root,
      skill,
      // Copilot lists a skill by name and description (`session.skills_loaded`, 1.0.102); the spec keys only.
      frontMatter: specKeys(skill.frontMatter, skill.frontMatter['copilot-cli'] ?? {}),
      body: context.renderBody(skill, form),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: false,
    }),
  );
}

function plugin(context: TargetContext): OutputFile[] {
  const { config } = context;
  const handlers = hookHandlers(config, packHookedContracts(config, context.skills), ['Stop']);
  const files = [
    textFile(
      `${PLUGIN}/.plugin/plugin.json`,
      toStableJson({
        name: config.name,
        version: config.version,
        description: config.description,
        author: authorObject(config),
        license: config.license,
        ...optionalPackFields(config),
        skills: 'skills',
        ...(handlers.length > 0 ? { hooks: 'hooks/hooks.json' } : {}),
      }),
    ),
    ...skills(context, `${PLUGIN}/skills`, 'plugin'),
  ];
  if (handlers.length > 0) {
    const command = (handler: HookHandler) =>
      copilotHookCommand(`$${ROOT_VARIABLE}/${HOOK_FILE}`, handler, 'attempted');
    files.push(
      textFile(
        `${PLUGIN}/hooks/hooks.json`,
        toStableJson(copilotHooksDocument(handlers, command, { [ROOT_VARIABLE]: PLUGIN_ROOT })),
      ),
      ...enforcementFiles(context, `${PLUGIN}/${HOOK_FILE}`, HOOK_BUNDLE),
    );
  }
  return files;
}

/**
 * The skill form's hook: `.github/hooks/<pack>.json` beside its bundle in `<pack>/`, found
 * through `$COPILOT_HOOK_DIR` (the folder of the hooks file, 1.0.102), so the same files work in a project
 * (`.github/hooks`, loaded in a trusted folder only) and in the user scope (`~/.copilot/hooks`, no trust).
 * It sees every session there, so it checks only stops that attempt a contract.
 */
function skillFormHook(context: TargetContext): OutputFile[] {
  const { config } = context;
  const handlers = hookHandlers(config, packHookedContracts(config, context.skills), ['Stop']);
  if (handlers.length === 0) return [];
  const folder = config.name;
  const command = (handler: HookHandler) =>
    copilotHookCommand(`$COPILOT_HOOK_DIR/${folder}/skillpack-hook.cjs`, handler, 'attempted');
  return [
    textFile(`${TARGET}/.github/hooks/${folder}.json`, toStableJson(copilotHooksDocument(handlers, command))),
    ...enforcementFiles(context, `${TARGET}/.github/hooks/${folder}/skillpack-hook.cjs`, HOOK_BUNDLE),
  ];
}

/**
 * GitHub Copilot CLI: `.github/skills/<name>/` (Copilot also reads `.agents/skills` and `.claude/skills`, and
 * `~/.copilot/skills` for the user) with the pack's `agentStop` hook in `.github/hooks/`, and a plugin
 * (`plugin/`, its manifest in `.plugin/plugin.json`, hooks in `hooks/hooks.json` run through
 * `${PLUGIN_ROOT}`), loaded with `copilot --plugin-dir` or `copilot plugin install <path>`. A plugin's hooks
 * need no folder trust; project hooks (`.github/hooks`) do.
 */
export const renderCopilotCli: RenderTarget = (context) => [
  ...skills(context, `${TARGET}/.github/skills`, 'skill'),
  ...skillFormHook(context),
  ...plugin(context),
  ...mcpServerFiles(context, PLUGIN),
];
