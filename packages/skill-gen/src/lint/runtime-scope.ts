import { SKILL_GEN_RUNTIME_LIST } from '../runtimes/registry.js';
import { LINT_RUNTIMES, type LintRuntime } from './runtimes.js';

/**
 * Discovery folders and the runtimes that load skills from them (each runtime's `lint.discoveryFolders`,
 * runtimes.md §0, §4.1), in `RUNTIME_IDS` order.
 */
const DISCOVERY_FOLDERS: readonly {
  readonly segments: readonly string[];
  readonly runtimes: readonly LintRuntime[];
}[] = (() => {
  const folders = new Map<string, { segments: readonly string[]; runtimes: LintRuntime[] }>();
  for (const runtime of SKILL_GEN_RUNTIME_LIST) {
    for (const segments of runtime.lint.discoveryFolders) {
      const key = segments.join('/');
      const folder = folders.get(key) ?? { segments, runtimes: [] };
      folder.runtimes.push(runtime.id);
      folders.set(key, folder);
    }
  }
  return [...folders.values()];
})();

/**
 * The runtimes that load a skill from its folder (`…/.agents/skills/<name>`): the folder's parent must be a
 * discovery folder. `undefined` when it is not one (then every runtime is concerned).
 */
export function runtimesFromDiscoveryPath(
  folderSegments: readonly string[],
): readonly LintRuntime[] | undefined {
  const parent = folderSegments.slice(0, -1);
  for (const folder of DISCOVERY_FOLDERS) {
    const tail = parent.slice(parent.length - folder.segments.length);
    if (
      tail.length === folder.segments.length &&
      tail.every((segment, i) => segment === folder.segments[i])
    ) {
      return folder.runtimes;
    }
  }
  return undefined;
}

/** In a built pack, the first path segment names the target (`codex/.agents/skills/x/SKILL.md`). */
export function runtimesFromPackPath(packRelativePath: string): readonly LintRuntime[] | undefined {
  const first = packRelativePath.split('/', 1)[0];
  return LINT_RUNTIMES.find((runtime) => runtime === first) ? [first as LintRuntime] : undefined;
}
