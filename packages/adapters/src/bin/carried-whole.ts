import { pathOfFileUrl } from '../hooks/read-module-config.js';
import type { WholePackRuntime } from '../hooks/whole-pack-runtime.js';
import { SECOND_PROGRAM_START } from './program-markers.js';

/**
 * The whole runtime a generated pack's plugin or extension module (`moduleUrl`) carries as its second
 * program (exporting `factory` and `load`), loaded with a code cache of its own on the first call and kept.
 */
export function carriedWholeRuntime<Module>(moduleUrl: string): () => Promise<WholePackRuntime<Module>> {
  let whole: Promise<WholePackRuntime<Module>> | undefined;
  const load = async (): Promise<WholePackRuntime<Module>> => {
    // Imported now: the code-cache loader takes `node:vm` and `node:fs`, which a start that decides nothing
    // should not pay for (in Bun, several milliseconds).
    const { loadWithCodeCache } = await import('./code-cache.js');
    const file = pathOfFileUrl(new URL(moduleUrl));
    const { factory, load } = loadWithCodeCache(file, process.env, SECOND_PROGRAM_START).exports;
    if (typeof factory !== 'function' || typeof load !== 'function')
      throw new Error(`${file} carries no whole runtime.`);
    return { factory, load } as WholePackRuntime<Module>;
  };
  return () => {
    whole ??= load();
    return whole;
  };
}
