// A lock's entries are claims (it travels with the repository, a merge or a hand edit can change it); before
// install or uninstall removes anything an entry names, the entry is held to what the pack itself says:
// - its files and skills to the pack's own manifest, kept by the install (install-record.ts): every file is one
//   of the manifest's (same bytes, same name), every skill one the manifest has;
// - its hook groups to the hook program: a recorded group, on its recorded event, must run the pack's program;
// - its plugin installed by the runtime's CLI to the name in the plugin manifest install staged.
// A claim beyond that is a `lock_file_corrupt` ProtocolError, returned before any change.
import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import type { ProtocolError, Result, SkillpackError } from '@skillpack/core';
import { fail, ok } from '@skillpack/core';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { type Manifest, safeParseManifest } from '../pack/manifest.js';
import { manifestPluginName, stagedFolder } from './home-plugin.js';
import { entryDigest, parseHookConfig } from './hook-config.js';
import { hookCommandProgram } from './hook-config-plan.js';
import type { InstalledRuntime } from './install-declaration.js';
import { installRecordPath } from './install-record.js';
import type { LockedInstall } from './lock-file.js';
import { lockFileCorrupt } from './parse-lock-file.js';

/** What the proof reads: the scope root, the lock file (for messages), and the pack being installed, if any. */
export interface ProofInput {
  readonly root: string;
  readonly lockFile: string;
  readonly installs: readonly LockedInstall[];
  /** Each runtime's declaration (the registry's, handed down). */
  readonly declaration: (runtime: RuntimeId) => InstalledRuntime;
  /** The manifest of the pack being installed: the proof of an entry written before install records existed. */
  readonly installing?: Manifest;
}

async function readText(root: string, path: string): Promise<{ text: string; sha256: string } | undefined> {
  const read = await readRegularFile(join(root, path));
  if (!read.success) return undefined;
  return { text: read.data.bytes.toString('utf8'), sha256: sha256(read.data.bytes) };
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The skills a manifest has: every `skills/<name>/` folder of its files. */
function manifestSkills(manifest: Manifest): Set<string> {
  const skills = new Set<string>();
  for (const file of manifest.files) {
    const parts = file.path.split('/');
    for (let at = 0; at < parts.length - 2; at++) if (parts[at] === 'skills') skills.add(parts[at + 1]!);
  }
  return skills;
}

/** The pack manifest an entry is held to, or why there is none to hold it to. */
async function ownManifest(input: ProofInput, install: LockedInstall): Promise<Result<Manifest, string>> {
  const record = installRecordPath(install.runtime, install.pack.name);
  const locked = record === undefined ? undefined : install.files.find((file) => file.path === record);
  if (record === undefined || locked === undefined) {
    // An entry from before install records: the pack being installed under the same name vouches for it.
    if (input.installing?.pack.name === install.pack.name) return ok(input.installing);
    return fail(
      `it records no pack manifest (expected ${record ?? 'one'}, the manifest its install keeps), so nothing proves its files are its own; install the pack again to record one`,
    );
  }
  const read = await readText(input.root, record);
  if (read === undefined || read.sha256 !== locked.sha256)
    return fail(
      `the pack manifest install kept at ${record} is ${read === undefined ? 'missing' : 'changed'} (expected it as installed), so nothing proves its files are its own; install the pack again`,
    );
  const manifest = safeParseManifest(read.text, record);
  if (!manifest.success) return fail(`the pack manifest at ${record} is not one (${manifest.error.message})`);
  if (manifest.data.pack.name !== install.pack.name)
    return fail(`the pack manifest at ${record} is ${manifest.data.pack.name}'s`);
  return ok(manifest.data);
}

/** Why an entry's files or skills are not its pack's own, or `undefined`. */
function packProblem(install: LockedInstall, manifest: Manifest): string | undefined {
  const record = installRecordPath(install.runtime, install.pack.name);
  const skills = manifestSkills(manifest);
  const foreignSkill = install.skills.find((skill) => !skills.has(skill));
  if (foreignSkill !== undefined)
    return `it records the skill ${foreignSkill}, which its pack does not have (expected only: ${[...skills].sort().join(', ') || 'none'})`;
  for (const file of install.files) {
    if (file.path === record) continue;
    const name = baseName(file.path);
    const own = manifest.files.some((entry) => entry.sha256 === file.sha256 && baseName(entry.path) === name);
    if (!own)
      return `it records ${file.path}, which is no file of its pack (expected only files its manifest lists, byte for byte)`;
  }
  return undefined;
}

/** Why an entry's hook groups are not groups of its hook program, or `undefined`. */
async function hookProblem(input: ProofInput, install: LockedInstall): Promise<string | undefined> {
  const recorded = install.hookConfig;
  const wiring = input.declaration(install.runtime).install.hookWiring;
  if (!recorded || !wiring) return undefined;
  const read = await readText(input.root, recorded.file);
  if (read === undefined) return undefined;
  const parsed = parseHookConfig(read.text, recorded.file, wiring.comments ?? false);
  if (!parsed.success) return undefined;
  const marker = hookCommandProgram(
    input.declaration(install.runtime),
    input.root,
    install.scope,
    wiring.folder(install.pack.name) ?? '',
  );
  for (const entry of recorded.entries) {
    for (const group of parsed.data.hooks[entry.event] ?? []) {
      if (entryDigest(group) === entry.sha256 && !JSON.stringify(group).includes(marker))
        return `it records a ${entry.event} hook group in ${recorded.file} that does not run its hook program (expected only groups running ${marker})`;
    }
  }
  return undefined;
}

/** Why an entry's plugin is not the one install staged, or `undefined`. */
async function pluginProblem(input: ProofInput, install: LockedInstall): Promise<string | undefined> {
  const form = input.declaration(install.runtime).install.homePlugin;
  if (!install.homePlugin || !form) return undefined;
  const folder = stagedFolder(form, install.pack.name);
  const manifest = folder === undefined ? undefined : `${folder}${form.manifest}`;
  const read = manifest === undefined ? undefined : await readText(input.root, manifest);
  const staged = read === undefined ? undefined : manifestPluginName(read.text);
  if (staged !== install.homePlugin.name)
    return `it records the plugin ${install.homePlugin.name}, but the plugin install staged (${manifest ?? 'none'}) is ${staged ?? 'missing'} (expected the name in its staged manifest)`;
  return undefined;
}

/** Hold each entry to what its pack says (see the top of the file); the first claim beyond that is an error. */
export async function proveLockOwnership(input: ProofInput): Promise<Result<void, SkillpackError>> {
  for (const install of input.installs) {
    const key = `${install.pack.name} (${install.runtime})`;
    const refuse = (problem: string): Result<void, ProtocolError> =>
      fail(
        lockFileCorrupt(input.lockFile, `${key}: ${problem}`, {
          pack: install.pack.name,
          runtime: install.runtime,
        }),
      );
    const manifest = await ownManifest(input, install);
    if (!manifest.success) return refuse(manifest.error);
    const problem =
      packProblem(install, manifest.data) ??
      (await hookProblem(input, install)) ??
      (await pluginProblem(input, install));
    if (problem !== undefined) return refuse(problem);
  }
  return ok(undefined);
}
