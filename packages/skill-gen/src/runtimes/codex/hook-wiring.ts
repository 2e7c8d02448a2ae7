import { absolute, type HookWiring, packHookFolder } from '../../install/hook-wiring.js';

/** Codex runs a hook with the project as its working directory and no project variable: commands are absolute. */
export const codexHookWiring: HookWiring = {
  packFiles: { config: 'codex/plugin/hooks/hooks.json', program: 'codex/plugin/hooks/skillpack-hook.cjs' },
  file: '.codex/hooks.json',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Codex's plugin-root placeholder.
  placeholder: '${PLUGIN_ROOT}',
  folder: packHookFolder('.codex/hooks/'),
  commandDir: (root, _scope, folder) => absolute(root, folder),
};
