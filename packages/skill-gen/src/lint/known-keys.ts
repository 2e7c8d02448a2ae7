import { RUNTIME_IDS } from '@skillpack/adapters';

export { SPEC_KEYS } from './spec-keys.js';

/** Keys only a skillpack skill source has; `build` turns them into per-runtime front matter. */
export const SOURCE_ONLY_KEYS: readonly string[] = ['contracts', ...RUNTIME_IDS];
