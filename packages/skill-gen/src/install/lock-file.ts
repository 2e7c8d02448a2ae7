import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import { z } from 'zod';
import { toStableJson } from '../json/stable-json.js';
import { INSTALL_SCOPES } from './layout.js';
import { unsafePathReason } from './safe-path.js';

export const LOCK_FILE_VERSION = 1;

const LockPathSchema = z
  .string()
  .refine((path) => unsafePathReason(path) === undefined, 'must be a safe relative path');

export const LockedFileSchema = z.strictObject({
  path: LockPathSchema,
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex sha256'),
  executable: z.boolean(),
  /** Runtime configuration installed with `--allow-runtime-config`: never deleted, only released. */
  runtimeConfig: z.literal(true).optional(),
});
/** One file an install wrote: its path, its sha256 and whether it is executable. */
export type LockedFile = z.output<typeof LockedFileSchema>;

/** The entries an install added to a runtime's hook configuration file (`.codex/hooks.json`, `.claude/settings.json`). */
export const LockedHookConfigSchema = z.strictObject({
  /** Its runtime's hook configuration file (`hookWiring.file`; `lockOwnershipProblem` holds it to that). */
  file: LockPathSchema,
  createdFile: z.boolean(),
  entries: z.array(
    z.strictObject({
      event: z.string().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex sha256'),
    }),
  ),
  /** The `hooks` object and event arrays the file had before install added to it: uninstall keeps them. */
  existing: z.strictObject({ hooks: z.boolean(), events: z.array(z.string().min(1)) }).optional(),
});

/**
 * The permission rules `--activate` added to the settings of a runtime whose skills need them headless
 * (`install.headlessSkillRules`; `lockOwnershipProblem` holds the file to the one its rules go in).
 */
export const LockedActivationSchema = z.strictObject({
  file: LockPathSchema,
  createdFile: z.boolean(),
  allow: z.array(z.string().regex(/^Skill\([^()\s]+\)$/, 'must be a Skill(<name>) rule')),
});
export type LockedActivation = z.output<typeof LockedActivationSchema>;

/**
 * A plugin form the runtime's own CLI installed into the home (home-plugin.ts): the plugin's name, recorded once
 * `--activate` had the CLI install the staged folder, so uninstall has the CLI remove exactly that plugin.
 */
export const LockedHomePluginSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
});
/** The plugin a runtime's CLI installed from a staged folder, as the lock records it. */
export type LockedHomePlugin = z.output<typeof LockedHomePluginSchema>;

/** A skill's folder name: one plain path segment. */
const SkillNameSchema = z
  .string()
  .refine(
    (name) => !name.includes('/') && unsafePathReason(name) === undefined,
    'must be a plain folder name',
  );

/** An npm package name (`@acme/review-skills`), as `npm install` takes it. */
export const NPM_PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;

/**
 * One lock entry. Besides these keys it may hold the records of its runtime's own install steps
 * (`install.lockRecords`: Claude Code's `claudePlugin`, Codex's `codexPlugin`), which `safeParseLockFile` checks
 * against the runtime's declaration; any other key is refused there.
 */
export const LockedInstallSchema = z.looseObject({
  pack: z.strictObject({
    name: z.string().min(1),
    version: z.string().min(1),
    /**
     * The npm package the pack was installed from (the `name` of its `package.json`), which `list` shows and
     * `uninstall` accepts beside the pack name. A lock written before this field, or a pack from a folder, has none.
     */
    package: z.string().max(214).regex(NPM_PACKAGE_NAME).optional(),
  }),
  runtime: z.enum(RUNTIME_IDS),
  scope: z.enum(INSTALL_SCOPES),
  /**
   * The skills the pack installed (their folder names), as its manifest named them: the only skill folders
   * whose files this install may own. A lock written before this field owns no skill folder.
   */
  skills: z.array(SkillNameSchema).default([]),
  files: z.array(LockedFileSchema),
  hookConfig: LockedHookConfigSchema.optional(),
  activation: LockedActivationSchema.optional(),
  homePlugin: LockedHomePluginSchema.optional(),
});
/** One pack installed for one runtime in one scope, with the files it wrote. */
export type LockedInstall = z.output<typeof LockedInstallSchema>;

/** `skillpack-lock.json`: what skillpack wrote into one scope root, per pack and runtime. */
export const LockFileSchema = z.strictObject({
  lockfileVersion: z.literal(LOCK_FILE_VERSION),
  installs: z.array(LockedInstallSchema),
});
/** A scope root's `skillpack-lock.json`: what skillpack wrote there, per pack and runtime. */
export type LockFile = z.output<typeof LockFileSchema>;

export function emptyLockFile(): LockFile {
  return { lockfileVersion: LOCK_FILE_VERSION, installs: [] };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted installs (runtime, then pack name) and files (path); sorted keys, LF, no timestamps. */
export function serializeLockFile(lock: LockFile): string {
  const installs = [...lock.installs]
    .sort((a, b) => compare(a.runtime, b.runtime) || compare(a.pack.name, b.pack.name))
    .map((install) => ({ ...install, files: [...install.files].sort((a, b) => compare(a.path, b.path)) }));
  return toStableJson({ lockfileVersion: lock.lockfileVersion, installs });
}

/** Whether `install` is of the pack `name` names: its pack name, or the npm package it was installed from. */
export function installNamed(install: LockedInstall, name: string): boolean {
  return install.pack.name === name || (install.pack.package !== undefined && install.pack.package === name);
}

export function findInstall(lock: LockFile, packName: string, runtime: RuntimeId): LockedInstall | undefined {
  return lock.installs.find((install) => install.pack.name === packName && install.runtime === runtime);
}
