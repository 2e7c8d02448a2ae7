import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { authorError } from '../errors/author-error.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { windowsNameProblem, windowsPathProblem } from '../files/windows-names.js';
import { safeParseSkillFile } from './parse-skill-file.js';
import { ASSET_FOLDERS, type SkillAsset, type SkillSource, type SourceRecord } from './skill-source.js';

export const SKILL_SOURCE_FILE = 'skill.md';

export interface ReadSkillSourcesInput {
  /** Directory of the pack config; `skills` entries and manifest source paths are relative to it. */
  readonly baseDir: string;
  /** Directory error messages show paths relative to (default `baseDir`). */
  readonly displayDir?: string;
  /** The config file, as reported in errors about its `skills` entries. */
  readonly configFile: string;
  readonly folders: readonly string[];
}

export interface SkillSources {
  readonly skills: readonly SkillSource[];
  readonly records: readonly SourceRecord[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

async function entriesOf(dir: string): Promise<Dirent[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isFile();
  } catch {
    return false;
  }
}

/** The skill folders an entry of the config's `skills` names: itself, or its sub-folders. */
async function skillFolders(input: ReadSkillSourcesInput, entry: string): Promise<string[]> {
  const dir = resolve(input.baseDir, entry);
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(dir);
  } catch {
    throw authorError('skill_folder_not_found', {
      file: input.configFile,
      message: `The skills folder "${entry}" does not exist (resolved to ${dir}).`,
      fix: 'Correct the "skills" entry; paths are relative to the config file.',
    });
  }
  if (!stats.isDirectory()) {
    throw authorError('skill_folder_not_found', {
      file: input.configFile,
      message: `The skills entry "${entry}" is not a folder.`,
      fix: 'List folders that hold <name>/skill.md (or skill folders themselves) under "skills".',
    });
  }
  if (await isFile(join(dir, SKILL_SOURCE_FILE))) return [dir];
  const folders: string[] = [];
  for (const entry of await entriesOf(dir)) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      throw authorError('source_symlink', {
        file: toPosix(relative(input.displayDir ?? input.baseDir, path)),
        message: 'Skill folders may not be symbolic links.',
        fix: 'Replace the link with the folder itself.',
      });
    }
    if (entry.isDirectory()) folders.push(path);
  }
  return folders;
}

/** A source file's bytes; FIFOs, sockets, devices and files too large to copy are author errors naming the file. */
async function readSourceFile(path: string, display: string): Promise<{ bytes: Buffer; mode: number }> {
  const read = await readRegularFile(path);
  if (read.success) return read.data;
  const fixes: Record<string, string> = {
    file_not_regular: 'Replace it with a regular file, or move it out of the skill folder.',
    file_too_large: 'Keep large files out of skills: link to them, or fetch them from a script.',
  };
  throw authorError(read.error.code === 'file_not_regular' ? 'source_not_regular' : 'source_unreadable', {
    file: display,
    message: `${read.error.message.replace(path, 'The file')}`,
    fix: fixes[read.error.code] ?? 'Check that the file exists and can be read.',
    cause: read.error,
  });
}

async function readAssets(root: string, folder: string, display: string): Promise<SkillAsset[]> {
  const assets: SkillAsset[] = [];
  const walk = async (relativeDir: string): Promise<void> => {
    for (const entry of await entriesOf(join(root, relativeDir))) {
      const relativePath = `${relativeDir}/${entry.name}`;
      const path = join(root, relativePath);
      if (entry.isSymbolicLink()) {
        throw authorError('source_symlink', {
          file: `${display}/${relativePath}`,
          message: 'Files copied into a skill may not be symbolic links.',
          fix: 'Replace the link with a copy of the file it points to.',
        });
      }
      if (entry.isDirectory()) await walk(relativePath);
      else {
        const { bytes, mode } = await readSourceFile(path, `${display}/${relativePath}`);
        assets.push({ path: relativePath, content: bytes, executable: (mode & 0o111) !== 0 });
      }
    }
  };
  const stats = await lstat(join(root, folder)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stats?.isSymbolicLink()) {
    throw authorError('source_symlink', {
      file: `${display}/${folder}`,
      message: `The ${folder} folder may not be a symbolic link.`,
      fix: `Replace the link with the folder itself.`,
    });
  }
  if (stats?.isDirectory()) await walk(folder);
  return assets;
}

async function readSkill(
  input: ReadSkillSourcesInput,
  dir: string,
): Promise<{ skill: SkillSource; records: SourceRecord[] }> {
  const display = toPosix(relative(input.displayDir ?? input.baseDir, dir)) || '.';
  const recorded = toPosix(relative(input.baseDir, dir)) || '.';
  const folderName = dir.split(sep).at(-1) ?? '';
  const names = (await entriesOf(dir)).map((entry) => entry.name);
  if (!names.includes(SKILL_SOURCE_FILE)) {
    const upper = names.find((name) => name.toLowerCase() === SKILL_SOURCE_FILE);
    throw authorError('skill_source_missing', {
      file: display,
      message: upper
        ? `The folder has ${upper} but no ${SKILL_SOURCE_FILE}.`
        : `The folder has no ${SKILL_SOURCE_FILE}, so it is not a skill source.`,
      fix: upper
        ? `Rename ${upper} to ${SKILL_SOURCE_FILE}: sources are lowercase; SKILL.md is what the build writes.`
        : `Add ${display}/${SKILL_SOURCE_FILE}, or move the folder out of the skills folder.`,
    });
  }
  const file = `${display}/${SKILL_SOURCE_FILE}`;
  if ((await lstat(join(dir, SKILL_SOURCE_FILE))).isSymbolicLink()) {
    throw authorError('source_symlink', {
      file,
      message: 'The skill source may not be a symbolic link.',
      fix: 'Replace the link with the file itself.',
    });
  }
  const { bytes } = await readSourceFile(join(dir, SKILL_SOURCE_FILE), file);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw authorError('source_encoding', {
      file,
      message: 'The file is not valid UTF-8.',
      fix: 'Save the file as UTF-8.',
    });
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    throw authorError('source_nul_byte', {
      file,
      line: text.slice(0, nul).split('\n').length,
      message: 'The file contains a NUL byte; a skill source is text.',
      fix: 'Remove the NUL byte (the file may have been saved as UTF-16 or binary).',
    });
  }
  const parsed = safeParseSkillFile(text, file);
  if (!parsed.success) throw parsed.error;
  const { frontMatter } = parsed.data;
  if (frontMatter.name !== folderName) {
    throw authorError('skill_name_mismatch', {
      file,
      ...(parsed.data.lineOf(['name']) === undefined ? {} : { line: parsed.data.lineOf(['name'])! }),
      message: `The name "${frontMatter.name}" differs from its folder "${folderName}"; runtimes load a skill only when they match.`,
      fix: `Rename the folder to "${frontMatter.name}" or set name: "${folderName}".`,
    });
  }
  // Every runtime runs on Windows: a skill folder or copied file Windows cannot create breaks the pack there.
  const reserved = windowsNameProblem(frontMatter.name);
  if (reserved) {
    throw authorError('skill_name_windows_unsafe', {
      file,
      ...(parsed.data.lineOf(['name']) === undefined ? {} : { line: parsed.data.lineOf(['name'])! }),
      message: `The skill name "${frontMatter.name}" ${reserved}; it names the skill's folder in every runtime, which Windows cannot create.`,
      fix: `Rename the skill and its folder, e.g. "${frontMatter.name}-skill".`,
    });
  }
  // Only references/, scripts/ and assets/ are copied; other files beside skill.md stay in the source.
  const assets = (await Promise.all(ASSET_FOLDERS.map((folder) => readAssets(dir, folder, display)))).flat();
  for (const asset of assets) {
    const unsafe = windowsPathProblem(asset.path);
    if (unsafe) {
      throw authorError('skill_file_windows_unsafe', {
        file: `${display}/${asset.path}`,
        message: `${JSON.stringify(unsafe.segment)} ${unsafe.problem}; the pack copies this file into every runtime's skill, and Windows cannot create it.`,
        fix: 'Rename it to letters, digits, `-`, `_` and `.`, not a Windows device name (CON, AUX, NUL, COM1, …), and update what refers to it.',
      });
    }
  }
  const records = [
    { path: `${recorded}/${SKILL_SOURCE_FILE}`, sha256: sha256(bytes) },
    ...assets.map((asset) => ({ path: `${recorded}/${asset.path}`, sha256: sha256(asset.content) })),
  ];
  return { skill: { ...parsed.data, name: frontMatter.name, file, assets }, records };
}

/** Read every skill source the config names; the first mistake is thrown as a ConfigError. */
export async function readSkillSources(input: ReadSkillSourcesInput): Promise<SkillSources> {
  const folders = (await Promise.all(input.folders.map((entry) => skillFolders(input, entry)))).flat();
  const read = await Promise.all(folders.map((dir) => readSkill(input, dir)));
  const byName = new Map<string, SkillSource>();
  for (const { skill } of read) {
    const other = byName.get(skill.name);
    if (other) {
      throw authorError('duplicate_skill', {
        file: skill.file,
        message: `The skill "${skill.name}" is also defined in ${other.file}.`,
        fix: 'Give each skill a unique name, or list only one of the folders under "skills".',
      });
    }
    byName.set(skill.name, skill);
  }
  const skills = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const records = read.flatMap((entry) => entry.records).sort((a, b) => (a.path < b.path ? -1 : 1));
  return { skills, records };
}
