import { fileURLToPath } from 'node:url';
import type { WholePackRuntime } from '../hooks/whole-pack-runtime.js';
import { loadWithCodeCache } from './code-cache.js';
import { SECOND_PROGRAM_START } from './program-markers.js';

/**
 * The whole runtime a generated pack's plugin or extension module (`moduleUrl`) carries as its second
 * program (exporting `factory` and `load`), loaded with a code cache of its own on the first call and kept.
 */
export function carriedWholeRuntime<Module>(moduleUrl: string): () => Promise<WholePackRuntime<Module>> {
  let whole: Promise<WholePackRuntime<Module>> | undefined;
  const load = async (): Promise<WholePackRuntime<Module>> => {
    const file = fileURLToPath(moduleUrl);
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
