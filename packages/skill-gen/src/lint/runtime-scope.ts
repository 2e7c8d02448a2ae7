import { RUNTIME_IDS } from '@skillpack/adapters';
import type { LintDeclarations } from './lint-declaration.js';
import { LINT_RUNTIMES, type LintRuntime } from './runtimes.js';

/** A discovery folder and the runtimes that load skills from it. */
interface DiscoveryFolder {
  readonly segments: readonly string[];
  readonly runtimes: readonly LintRuntime[];
}

/**
 * Discovery folders and the runtimes that load skills from them (each runtime's `lint.discoveryFolders`,
 * runtimes.md §0, §4.1), in `RUNTIME_IDS` order.
 */
function discoveryFolders(declarations: LintDeclarations): DiscoveryFolder[] {
  const folders = new Map<string, { segments: readonly string[]; runtimes: LintRuntime[] }>();
  for (const id of RUNTIME_IDS) {
    for (const segments of declarations[id].discoveryFolders) {
      const key = segments.join('/');
      const folder = folders.get(key) ?? { segments, runtimes: [] };
      folder.runtimes.push(id);
      folders.set(key, folder);
    }
  }
  return [...folders.values()];
}

/**
 * The runtimes that load a skill from its folder (`…/.agents/skills/<name>`): the folder's parent must be a
 * discovery folder of one of `declarations`. `undefined` when it is not one (then every runtime is concerned).
 */
export function runtimesFromDiscoveryPath(
  folderSegments: readonly string[],
  declarations: LintDeclarations,
): readonly LintRuntime[] | undefined {
  const parent = folderSegments.slice(0, -1);
  for (const folder of discoveryFolders(declarations)) {
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
