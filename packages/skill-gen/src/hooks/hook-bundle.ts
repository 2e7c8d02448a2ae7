import type { EnforcementBundle } from './hook-bundles.js';

/** The Stop hook program, the enforcement artifact every hook runtime's pack carries (the adapters' prebuilt one). */
export const HOOK_BUNDLE = {
  name: 'hook',
  title: 'Stop hook',
  prebuilt: '@skillpack/adapters/bundles/skillpack-hook.cjs',
  build: { kind: 'hook' },
} as const satisfies EnforcementBundle;
