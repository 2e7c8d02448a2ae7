import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/** A throwaway copy doctor runs a runtime in; `remove()` deletes it (and only it). */
export interface ThrowawayCopy {
  readonly dir: string;
  remove(): void;
}

/**
 * Whether a path of the project is copied: everything but `.git` and `node_modules` folders, except the
 * `node_modules` of a top folder in `keptModules` (a runtime's, its declaration's `doctor.keptModules`). Pure.
 */
export function isCopied(relativePath: string, keptModules: readonly string[]): boolean {
  const parts = relativePath.split(/[\\/]/);
  if (parts.includes('.git')) return false;
  const modules = parts.indexOf('node_modules');
  return modules === -1 || (modules === 1 && keptModules.includes(parts[0]!));
}

/** Copy `project` to a new temp folder (a fresh git repository, as the runtimes look for one). */
export function copyProject(project: string, keptModules: readonly string[]): ThrowawayCopy {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-doctor-')));
  const dir = join(root, 'project');
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    cpSync(project, dir, {
      recursive: true,
      filter: (source) => {
        const rel = relative(project, source);
        return rel === '' || (!rel.startsWith(`..${sep}`) && isCopied(rel, keptModules));
      },
    });
    execFileSync('git', ['init', '-q'], { cwd: dir, stdio: 'ignore' });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** A fresh, empty project for a user-scope check. */
export function emptyProject(): ThrowawayCopy {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-doctor-')));
  const dir = join(root, 'project');
  mkdirSync(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir, stdio: 'ignore' });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
