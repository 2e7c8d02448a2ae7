import { absolute, type HookWiring, packHookFolder } from '../../install/hook-wiring.js';

/**
 * Claude Code 2.1.328 runs hook commands through a shell with `CLAUDE_PROJECT_DIR` set, so a project's
 * settings.json (committed with the project) names the program relative to it and works in every clone; the
 * user's settings name it absolutely.
 */
export const claudeCodeHookWiring: HookWiring = {
  packFiles: {
    config: 'claude-code/plugin/hooks/hooks.json',
    program: 'claude-code/plugin/hooks/skillpack-hook.cjs',
  },
  file: '.claude/settings.json',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's plugin-root placeholder.
  placeholder: '${CLAUDE_PLUGIN_ROOT}',
  folder: packHookFolder('.claude/hooks/'),
  commandDir: (root, scope, folder) =>
    scope === 'project' ? `$CLAUDE_PROJECT_DIR/${folder.replace(/\/$/, '')}` : absolute(root, folder),
};
