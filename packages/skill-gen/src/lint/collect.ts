import type { Dirent } from 'node:fs';
import { access, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { runtimesFromDiscoveryPath, runtimesFromPackPath } from './runtime-scope.js';
import type { LintRuntime } from './runtimes.js';
import type { FolderEntry, SkillFileInput } from './skill-document.js';

/** A skill file read from disk, with the runtimes its location implies (`undefined`: all of them). */
export interface CollectedSkillFile extends SkillFileInput {
  readonly path: string;
  readonly impliedRuntimes: readonly LintRuntime[] | undefined;
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);
const MAX_SEARCH_DEPTH = 12;
const MAX_FOLDER_DEPTH = 8;
const MAX_FOLDER_ENTRIES = 5000;
const PACK_MANIFEST = 'skillpack.manifest.json';

/**
 * Find every `SKILL.md` (and skill source `skill.md`) under the given paths, read it and list its folder.
 * A missing path is a `ConfigError` (`lint_path_not_found`).
 */
export async function collectSkillFiles(
  paths: readonly string[],
  cwd: string,
): Promise<Result<CollectedSkillFile[], SkillpackError>> {
  const found = new Set<string>();
  for (const input of paths) {
    const absolute = resolve(cwd, input);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      return fail(
        new IoError(
          'lint_path_not_found',
          `Cannot lint ${JSON.stringify(input)}: no such file or directory.`,
          {
            details: { path: absolute },
          },
        ),
      );
    }
    if (info.isFile()) found.add(absolute);
    else if (info.isDirectory()) await searchSkillFiles(absolute, 0, found, new Set());
  }
  const files: CollectedSkillFile[] = [];
  for (const path of [...found].sort()) {
    try {
      files.push(await readSkillFile(path, cwd));
    } catch (error) {
      return fail(
        new IoError('lint_read_failed', `Cannot read ${path}: ${(error as Error).message}`, {
          details: { path },
          cause: error,
        }),
      );
    }
  }
  return ok(files);
}

async function searchSkillFiles(folder: string, depth: number, found: Set<string>, visited: Set<string>) {
  if (depth > MAX_SEARCH_DEPTH) return;
  const real = await realpath(folder).catch(() => folder);
  if (visited.has(real)) return;
  visited.add(real);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [] as Dirent[]);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    const kind = await entryKind(entry, path);
    if (kind === 'file' && entry.name.toLowerCase() === 'skill.md') found.add(path);
    else if (kind === 'directory' && !SKIPPED_FOLDERS.has(entry.name)) {
      await searchSkillFiles(path, depth + 1, found, visited);
    }
  }
}

async function entryKind(entry: Dirent, path: string): Promise<'file' | 'directory' | 'other'> {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (!entry.isSymbolicLink()) return 'other';
  // Runtimes follow symlinked skill folders (Codex documents it), so lint does too.
  const target = await stat(path).catch(() => undefined);
  return target?.isFile() ? 'file' : target?.isDirectory() ? 'directory' : 'other';
}

async function readSkillFile(path: string, cwd: string): Promise<CollectedSkillFile> {
  const folder = dirname(path);
  const bytes = await readFile(path);
  const folderEntries: FolderEntry[] = [];
  await listFolder(folder, '', 0, folderEntries);
  const shown = relative(cwd, path);
  const implied = await impliedRuntimes(folder);
  return {
    path,
    file: (shown === '' || isAbsolute(shown) ? path : shown).split(sep).join('/'),
    fileName: basename(path),
    folderName: basename(folder),
    bytes,
    folderEntries: folderEntries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    impliedRuntimes: implied,
    // A runtime's discovery folder or a built pack holds installed skills, never skill sources.
    ...(implied === undefined ? {} : { kind: 'skill' as const }),
  };
}

async function listFolder(folder: string, prefix: string, depth: number, out: FolderEntry[]) {
  if (depth > MAX_FOLDER_DEPTH || out.length >= MAX_FOLDER_ENTRIES) return;
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [] as Dirent[]);
  for (const entry of entries) {
    if (out.length >= MAX_FOLDER_ENTRIES) return;
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = `${prefix}${entry.name}`;
    const kind = await entryKind(entry, join(folder, entry.name));
    if (kind === 'directory') {
      out.push({ path, type: 'directory' });
      if (!entry.isSymbolicLink()) await listFolder(join(folder, entry.name), `${path}/`, depth + 1, out);
    } else out.push({ path, type: 'file' });
  }
}

/** Built pack target folder, plugin manifest next to `skills/`, or a discovery folder such as `.agents/skills`. */
async function impliedRuntimes(folder: string): Promise<readonly LintRuntime[] | undefined> {
  let current = folder;
  for (let depth = 0; depth < MAX_SEARCH_DEPTH; depth++) {
    if (await exists(join(current, PACK_MANIFEST))) {
      const fromPack = runtimesFromPackPath(relative(current, folder).split(sep).join('/'));
      if (fromPack) return fromPack;
      break;
    }
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const skillsFolder = dirname(folder);
  if (basename(skillsFolder) === 'skills') {
    const pluginRoot = dirname(skillsFolder);
    const plugin: LintRuntime[] = [];
    if (await exists(join(pluginRoot, '.claude-plugin', 'plugin.json'))) plugin.push('claude-code');
    if (await exists(join(pluginRoot, '.codex-plugin', 'plugin.json'))) plugin.push('codex');
    if (plugin.length > 0) return plugin;
  }
  return runtimesFromDiscoveryPath(folder.split(sep));
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
