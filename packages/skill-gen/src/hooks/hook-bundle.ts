/** The adapters' prebuilt Stop hook program, the enforcement artifact every hook runtime's pack carries. */
export const HOOK_BUNDLE = '@skillpack/adapters/bundles/skillpack-hook.cjs';
