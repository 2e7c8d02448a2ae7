import { type OutputFile, textFile } from '../../files/output-file.js';
import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import {
  HOOK_FILE,
  type HookHandler,
  hookCommand,
  hookHandlers,
  packHookedContracts,
} from '../../hooks/hook-plan.js';
import { toStableJson } from '../../json/stable-json.js';
import { mcpServerFiles } from '../../mcp/mcp-server-plan.js';
import type { SkillForm } from '../../render/invocation.js';
import { specKeys } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import { enforcementFiles, type RenderTarget, type TargetContext } from '../../targets/target-context.js';

const TARGET = 'gemini-cli';
const EXTENSION = `${TARGET}/extension`;

/** Gemini CLI's event for a pack's `Stop` hooks: AfterAgent fires when the agent is about to end its turn. */
const GEMINI_EVENT: Readonly<Record<string, string | undefined>> = { Stop: 'AfterAgent' };

/**
 * The extension's name: Gemini CLI expects lowercase letters, digits and dashes, matching the folder it is
 * installed in (`~/.gemini/extensions/<name>/`); a scoped npm name loses its scope's `@` and `/`.
 */
export function geminiExtensionName(pack: string): string {
  return pack
    .replace(/^@/, '')
    .replaceAll('/', '-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function skills(context: TargetContext, root: string, form: SkillForm): OutputFile[] {
  return context.skills.flatMap((skill) =>
    skillTree({
      root,
      skill,
      // Gemini CLI 0.61 reads `name` and `description` (skillLoader.js); the other spec keys are kept, unread.
      frontMatter: specKeys(skill.frontMatter, skill.frontMatter['gemini-cli'] ?? {}),
      body: context.renderBody(skill, form),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: false,
      extra: [],
    }),
  );
}

/**
 * `hooks` in Gemini CLI's settings shape: one group per event, its command named (Gemini lists hooks by name
 * and records project hooks in `~/.gemini/trusted_hooks.json` as `<name>:<command>`), `timeout` in
 * milliseconds (a pack's hook timeout is in seconds).
 */
export function geminiHooksObject(
  pack: string,
  handlers: readonly HookHandler[],
  command: (handler: HookHandler) => string,
): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const handler of handlers) {
    const event = GEMINI_EVENT[handler.event];
    if (event === undefined) continue;
    const entry = {
      type: 'command',
      name: `skillpack-${geminiExtensionName(pack)}`,
      command: command(handler),
      timeout: handler.timeout * 1000,
    };
    hooks[event] = [...(hooks[event] ?? []), { hooks: [entry] }];
  }
  return hooks;
}

/**
 * The extension form (`gemini extensions install <folder>` copies it to `~/.gemini/extensions/<name>/`):
 * `gemini-extension.json`, the skills under `skills/`, and the AfterAgent hook in `hooks/hooks.json` (extension
 * hooks are not declared in the manifest), its command through `${extensionPath}`. `skillpack install`
 * wires the same declaration into `.gemini/settings.json` for the skill form.
 */
function extension(context: TargetContext): OutputFile[] {
  const { config } = context;
  const handlers = hookHandlers(config, packHookedContracts(config, context.skills), ['Stop']);
  const files = [
    textFile(
      `${EXTENSION}/gemini-extension.json`,
      toStableJson({
        name: geminiExtensionName(config.name),
        version: config.version,
        description: config.description,
      }),
    ),
    ...skills(context, `${EXTENSION}/skills`, 'plugin'),
  ];
  if (handlers.length > 0) {
    const command = (handler: HookHandler) =>
      hookCommand(`\${extensionPath}/${HOOK_FILE}`, 'gemini-cli', handler, 'plugin');
    files.push(
      textFile(
        `${EXTENSION}/hooks/hooks.json`,
        toStableJson({ hooks: geminiHooksObject(config.name, handlers, command) }),
      ),
      ...enforcementFiles(context, `${EXTENSION}/${HOOK_FILE}`, HOOK_BUNDLE),
    );
  }
  return files;
}

/**
 * Gemini CLI: `.gemini/skills/<name>/` (the skill form; Gemini also reads `.agents/skills/`) and the extension
 * form (`extension/`). Gemini CLI has no skill-scoped hooks, so the skill form carries none: `install` wires
 * the extension's AfterAgent declaration into `.gemini/settings.json`.
 */
export const renderGeminiCli: RenderTarget = (context) => [
  ...skills(context, `${TARGET}/.gemini/skills`, 'skill'),
  ...extension(context),
  ...mcpServerFiles(context, EXTENSION),
];
