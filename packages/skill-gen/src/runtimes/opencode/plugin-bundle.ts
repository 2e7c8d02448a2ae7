import type { EnforcementBundle } from '../../hooks/hook-bundles.js';

/**
 * Its enforcement artifact: the OpenCode plugin, an ES module whose named export is the plugin (OpenCode
 * calls every export of a plugin module, so the plugin is its only export).
 */
export const OPENCODE_PLUGIN_BUNDLE = {
  name: 'opencodePlugin',
  title: 'OpenCode plugin',
  prebuilt: '@skillpack/adapters/bundles/opencode-plugin.mjs',
  build: {
    kind: 'module',
    factory: 'createPackPlugin',
    fastFactory: 'createFastPackPlugin',
    exported: { named: 'SkillpackContractsPlugin' },
  },
} as const satisfies EnforcementBundle;
