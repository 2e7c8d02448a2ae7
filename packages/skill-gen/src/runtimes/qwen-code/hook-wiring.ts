import { absolute, type HookWiring, packHookFolder } from '../../install/hook-wiring.js';

/**
 * Qwen Code 0.24.4 runs hook commands through a shell with QWEN_PROJECT_DIR set (like Claude Code's
 * CLAUDE_PROJECT_DIR), from project or user `.qwen/settings.json`, with no trust step.
 */
export const qwenCodeHookWiring: HookWiring = {
  packFiles: { config: 'qwen-code/hooks/hooks.json', program: 'qwen-code/hooks/skillpack-hook.cjs' },
  file: '.qwen/settings.json',
  // Qwen Code reads settings.json with comments (JSONC).
  comments: true,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the pack's own placeholder (target.ts).
  placeholder: '${QWEN_PACK_ROOT}',
  folder: packHookFolder('.qwen/hooks/'),
  commandDir: (root, scope, folder) =>
    scope === 'project' ? `$QWEN_PROJECT_DIR/${folder.replace(/\/$/, '')}` : absolute(root, folder),
};
