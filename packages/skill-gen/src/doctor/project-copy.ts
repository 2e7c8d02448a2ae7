import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/** A throwaway copy doctor runs a runtime in; `remove()` deletes it (and only it). */
export interface ThrowawayCopy {
  readonly dir: string;
  remove(): void;
}

/**
 * Whether a path of the project is copied: everything but `.git` and `node_modules` folders, except the
 * `node_modules` an OpenCode project keeps for its plugins (`.opencode/node_modules`). Pure.
 */
export function isCopied(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  if (parts.includes('.git')) return false;
  const modules = parts.indexOf('node_modules');
  return modules === -1 || (modules === 1 && parts[0] === '.opencode');
}

/** Copy `project` to a new temp folder (a fresh git repository, as the runtimes look for one). */
export function copyProject(project: string): ThrowawayCopy {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-doctor-')));
  const dir = join(root, 'project');
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    cpSync(project, dir, {
      recursive: true,
      filter: (source) => {
        const rel = relative(project, source);
        return rel === '' || (!rel.startsWith(`..${sep}`) && isCopied(rel));
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

/**
 * OpenCode installs `@opencode-ai/plugin` from the npm registry into a plugins folder's `node_modules`
 * before its first run unless one is there; a pack's skillpack plugin (a self-contained bundle) imports
 * nothing from it, so an empty stand-in keeps doctor's run offline. Written only into the throwaway copy,
 * only when missing.
 */
export function standInOpenCodePlugin(pluginsParent: string): void {
  const dir = join(pluginsParent, 'node_modules/@opencode-ai/plugin');
  if (!existsSync(join(pluginsParent, 'plugins')) || existsSync(join(dir, 'package.json'))) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    '{"name":"@opencode-ai/plugin","version":"0.0.0-skillpack-doctor"}\n',
  );
}
