import { absolute, type HookWiring, packHookFolder } from '../../install/hook-wiring.js';

/**
 * Gemini CLI 0.61 runs hook commands through a shell with `GEMINI_PROJECT_DIR` set (captured), so a project's
 * settings.json names the program relative to it; the extension's declaration uses `${extensionPath}`.
 */
export const geminiCliHookWiring: HookWiring = {
  packFiles: {
    config: 'gemini-cli/extension/hooks/hooks.json',
    program: 'gemini-cli/extension/hooks/skillpack-hook.cjs',
  },
  file: '.gemini/settings.json',
  // Gemini CLI reads settings.json with comments (JSONC).
  comments: true,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Gemini CLI's extension-root variable.
  placeholder: '${extensionPath}',
  folder: packHookFolder('.gemini/hooks/'),
  commandDir: (root, scope, folder) =>
    scope === 'project' ? `$GEMINI_PROJECT_DIR/${folder.replace(/\/$/, '')}` : absolute(root, folder),
};
