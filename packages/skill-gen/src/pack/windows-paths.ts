import { ConfigError } from '@skillpack/core';
import { windowsPathProblem } from '../files/windows-names.js';

/**
 * Refuse a rendered pack a Windows checkout or install cannot hold: a path segment Windows cannot create
 * (see `windowsNameProblem`: a contract id, a template or a pack name that gives one) or two paths equal but
 * for case. Every runtime a pack targets runs on Windows. Throws `pack_path_windows_unsafe`. Pure.
 */
export function assertWindowsSafePaths(paths: readonly string[]): void {
  const folded = new Map<string, string>();
  for (const path of paths) {
    const unsafe = windowsPathProblem(path);
    if (unsafe) {
      throw new ConfigError(
        'pack_path_windows_unsafe',
        `The pack would write ${path}, whose ${JSON.stringify(unsafe.segment)} ${unsafe.problem}; Windows cannot create it, and every runtime the pack targets runs on Windows. Rename what gives that name (a skill, a file in it, a contract id).`,
        { details: { path, segment: unsafe.segment, problem: unsafe.problem } },
      );
    }
    const key = path.toLowerCase();
    const other = folded.get(key);
    if (other !== undefined) {
      throw new ConfigError(
        'pack_path_windows_unsafe',
        `The pack would write ${other} and ${path}, which differ only by case; on Windows and macOS one overwrites the other. Rename one of them.`,
        { details: { path, other } },
      );
    }
    folded.set(key, path);
  }
}
