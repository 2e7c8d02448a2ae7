import { type OutputFile, textFile } from '../../files/output-file.js';
import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import {
  HOOK_FILE,
  hookCommand,
  hookHandlers,
  hooksObject,
  packHookedContracts,
} from '../../hooks/hook-plan.js';
import { toStableJson } from '../../json/stable-json.js';
import { mcpServerFiles } from '../../mcp/mcp-server-plan.js';
import type { SkillSource } from '../../source/skill-source.js';
import { type FrontMatter, specKeys, toolString } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import { enforcementFiles, type RenderTarget, type TargetContext } from '../../targets/target-context.js';

const TARGET = 'qwen-code';

/**
 * The placeholder of the hook folder in the pack's `qwen-code/hooks/hooks.json`: `skillpack install`
 * replaces `${QWEN_PACK_ROOT}/hooks` with the folder it puts `skillpack-hook.cjs` in. Qwen Code never reads
 * this file itself; the install merges its entries into `.qwen/settings.json`.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder written literally into the pack.
export const QWEN_PACK_ROOT = '${QWEN_PACK_ROOT}';

/**
 * Spec keys plus `allowed-tools` (Qwen Code 0.24.4 `parseSkillContent` reads `name`, `description`,
 * `allowed-tools`, `model`, `argument-hint`, `when_to_use`, `disable-model-invocation`, `user-invocable`,
 * `paths` and `hooks`). No `hooks`: the pack's Stop hook goes into `.qwen/settings.json`, where it checks
 * every stop.
 */
function frontMatter(skill: SkillSource): FrontMatter {
  const source = skill.frontMatter;
  const section = source['qwen-code'] ?? {};
  return {
    ...specKeys(source, section),
    'allowed-tools': toolString(section['allowed-tools'] ?? source['allowed-tools']),
  };
}

function skills(context: TargetContext): OutputFile[] {
  return context.skills.flatMap((skill) =>
    skillTree({
      root: `${TARGET}/.qwen/skills`,
      skill,
      frontMatter: frontMatter(skill),
      body: context.renderBody(skill, 'skill'),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: false,
    }),
  );
}

/**
 * Qwen Code: `.qwen/skills/<name>/` (project, or `~/.qwen/skills/` for the user), and, when the pack hooks a
 * contract, `hooks/hooks.json` (Claude-shaped `Stop` groups running `${QWEN_PACK_ROOT}/hooks/skillpack-hook.cjs
 * qwen-code …`) with the hook program beside it, which `skillpack install` wires into `.qwen/settings.json`.
 */
export const renderQwenCode: RenderTarget = (context) => {
  const files = [...skills(context), ...mcpServerFiles(context, TARGET)];
  const handlers = hookHandlers(context.config, packHookedContracts(context.config, context.skills));
  if (handlers.length === 0) return files;
  const command = (handler: (typeof handlers)[number]) =>
    hookCommand(`${QWEN_PACK_ROOT}/${HOOK_FILE}`, TARGET, handler, 'plugin');
  return [
    ...files,
    textFile(
      `${TARGET}/hooks/hooks.json`,
      toStableJson({
        description: `skillpack: check the output contracts of ${context.config.name} before Qwen Code stops`,
        hooks: hooksObject(handlers, command),
      }),
    ),
    ...enforcementFiles(context, `${TARGET}/${HOOK_FILE}`, HOOK_BUNDLE),
  ];
};
