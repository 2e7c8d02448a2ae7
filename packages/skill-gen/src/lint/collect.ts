import type { Dirent } from 'node:fs';
import { access, lstat, readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { readRegularFile } from '../files/read-regular-file.js';
import type { LintDeclarations } from './lint-declaration.js';
import { runtimesFromDiscoveryPath, runtimesFromPackPath } from './runtime-scope.js';
import type { LintRuntime } from './runtimes.js';
import type { FolderEntry, SkillFileInput } from './skill-document.js';

/** A skill file read from disk, with the runtimes its location implies (`undefined`: all of them). */
export interface CollectedSkillFile extends SkillFileInput {
  readonly path: string;
  readonly impliedRuntimes: readonly LintRuntime[] | undefined;
}

/** A skill file or folder lint found and did not read: a link, a FIFO or device, or one past the depth limit. */
export interface RefusedSkillPath {
  readonly file: string;
  readonly reason: 'symlink' | 'not-regular' | 'too-deep' | 'too-large';
}

export interface CollectedSkills {
  readonly files: readonly CollectedSkillFile[];
  readonly refused: readonly RefusedSkillPath[];
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);
const MAX_SEARCH_DEPTH = 12;
const MAX_FOLDER_DEPTH = 8;
const MAX_FOLDER_ENTRIES = 5000;
const PACK_MANIFEST = 'skillpack.manifest.json';
const MAX_SKILL_FILE_BYTES = 16 * 1024 * 1024;

const shownPath = (path: string, cwd: string) => {
  const shown = relative(cwd, path);
  return (shown === '' || isAbsolute(shown) ? path : shown).split(sep).join('/');
};

/**
 * Find every `SKILL.md` (and skill source `skill.md`) under the given paths, read it and list its folder.
 * Like `build`, lint never follows a symbolic link to a skill file or skill folder, and never reads a FIFO,
 * socket or device: those are reported, unread, in `refused`. A missing path is an `IoError`
 * (`lint_path_not_found`). The runtimes' `declarations` say which runtimes a file's location implies.
 */
export async function collectSkillFiles(
  paths: readonly string[],
  cwd: string,
  declarations: LintDeclarations,
): Promise<Result<CollectedSkills, SkillpackError>> {
  const found = new Set<string>();
  const refused: RefusedSkillPath[] = [];
  const refuse = (path: string, reason: RefusedSkillPath['reason']) =>
    refused.push({ file: shownPath(path, cwd), reason });
  for (const input of paths) {
    const absolute = resolve(cwd, input);
    const info = await lstat(absolute).catch(() => undefined);
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
    if (info.isSymbolicLink()) refuse(absolute, 'symlink');
    else if (info.isFile()) found.add(absolute);
    else if (info.isDirectory()) await searchSkillFiles(absolute, 0, found, refuse);
    else refuse(absolute, 'not-regular');
  }
  const files: CollectedSkillFile[] = [];
  for (const path of [...found].sort()) {
    const read = await readRegularFile(path, { maxBytes: MAX_SKILL_FILE_BYTES });
    if (!read.success) {
      if (read.error.code === 'file_not_regular') refuse(path, 'not-regular');
      else if (read.error.code === 'file_too_large') refuse(path, 'too-large');
      else {
        return fail(
          new IoError('lint_read_failed', read.error.message, {
            details: { file: path },
            cause: read.error,
          }),
        );
      }
      continue;
    }
    try {
      files.push(await readSkillFile(path, read.data.bytes, cwd, declarations));
    } catch (error) {
      return fail(
        new IoError('lint_read_failed', `Cannot list the folder of ${path}: ${(error as Error).message}`, {
          details: { file: path },
          cause: error,
        }),
      );
    }
  }
  return ok({ files, refused: refused.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)) });
}

const isSkillFileName = (name: string) => name.toLowerCase() === 'skill.md';

async function searchSkillFiles(
  folder: string,
  depth: number,
  found: Set<string>,
  refuse: (path: string, reason: RefusedSkillPath['reason']) => void,
) {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [] as Dirent[]);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isSymbolicLink()) {
      // A linked skill file, or a linked folder holding one, is reported and never read.
      if (isSkillFileName(entry.name)) refuse(path, 'symlink');
      else if ((await stat(path).catch(() => undefined))?.isDirectory()) {
        const inside = await readdir(path).catch(() => [] as string[]);
        if (inside.some(isSkillFileName)) refuse(path, 'symlink');
      }
    } else if (isSkillFileName(entry.name)) {
      if (entry.isFile()) found.add(path);
      else if (!entry.isDirectory()) refuse(path, 'not-regular');
    } else if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) {
      if (depth >= MAX_SEARCH_DEPTH) refuse(path, 'too-deep');
      else await searchSkillFiles(path, depth + 1, found, refuse);
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

async function readSkillFile(
  path: string,
  bytes: Uint8Array,
  cwd: string,
  declarations: LintDeclarations,
): Promise<CollectedSkillFile> {
  const folder = dirname(path);
  const folderEntries: FolderEntry[] = [];
  await listFolder(folder, '', 0, folderEntries);
  const implied = await impliedRuntimes(folder, declarations);
  return {
    path,
    file: shownPath(path, cwd),
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
async function impliedRuntimes(
  folder: string,
  declarations: LintDeclarations,
): Promise<readonly LintRuntime[] | undefined> {
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
    for (const id of RUNTIME_IDS) {
      const manifest = declarations[id].pluginManifest;
      if (manifest && (await exists(join(pluginRoot, ...manifest)))) plugin.push(id);
    }
    if (plugin.length > 0) return plugin;
  }
  return runtimesFromDiscoveryPath(folder.split(sep), declarations);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
