import type { EnforcementBundle } from '../../hooks/hook-bundles.js';

/** Its enforcement artifact: the Pi extension, an ES module whose default export is the extension factory Pi loads. */
export const PI_EXTENSION_BUNDLE = {
  name: 'piExtension',
  title: 'Pi extension',
  prebuilt: '@skillpack/adapters/bundles/pi-extension.mjs',
  build: {
    kind: 'module',
    factory: 'createPiPackExtension',
    fastFactory: 'createFastPiPackExtension',
    exported: 'default',
  },
} as const satisfies EnforcementBundle;
