// Codex reads command hooks from `.codex/hooks.json` (project) and `$CODEX_HOME/hooks.json` (user); the
// editing itself is shared with Claude Code's settings (hook-config.ts).
export {
  declaredHookEntries,
  entryDigest,
  type HookEntry,
  type HookMergeResult,
  type HookUnmergeResult,
  type LockedHookConfig,
  mergeHookEntries,
  parseHookConfig,
  removeHookEntries,
} from '../../install/hook-config.js';

/** The hook configuration file, relative to the scope root (project or home). */
export const CODEX_HOOK_CONFIG = '.codex/hooks.json' as const;
/** The pack files of the Codex plugin's hook, and the placeholder its commands use for the plugin folder. */
export const PACK_HOOK_CONFIG = 'codex/plugin/hooks/hooks.json';
export const PACK_HOOK_PROGRAM = 'codex/plugin/hooks/skillpack-hook.cjs';
