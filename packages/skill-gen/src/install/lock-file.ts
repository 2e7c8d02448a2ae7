import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import { describeValue, fail, ok, ProtocolError, type Result, toSchemaIssues } from '@skillpack/core';
import { z } from 'zod';
import { toStableJson } from '../json/stable-json.js';
import type { InstalledRuntime, InstalledRuntimes } from './install-declaration.js';
import { INSTALL_SCOPES, type InstallScope, isOwnablePath, ownableFolders } from './layout.js';
import { lockOwnershipProblem } from './lock-ownership.js';
import { mcpLockRecords } from './mcp-lock.js';
import { unsafePathReason } from './safe-path.js';

export const LOCK_FILE_VERSION = 1;

const MAX_LOCK_FILE_CHARS = 16 * 1024 * 1024;

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

function corrupt(file: string, problem: string, details: Record<string, unknown> = {}): ProtocolError {
  return new ProtocolError(
    'lock_file_corrupt',
    `The lock file ${file} is corrupt: ${problem}. skillpack does not overwrite it and leaves every file it names alone; fix it by hand (removing it makes skillpack forget what it installed there).`,
    { details: { file, ...details } },
  );
}

/** The records a runtime's installs may keep: its steps' and its MCP wiring's. */
const recordsOf = (runtime: InstalledRuntime) => [
  ...runtime.install.lockRecords,
  ...mcpLockRecords(runtime.install.mcp),
];

/** The keys every lock entry may hold; any other is a record of its runtime's install steps. */
const ENTRY_KEYS = new Set(Object.keys(LockedInstallSchema.shape));

/**
 * Check the keys of a lock entry beyond `LockedInstallSchema`'s: each must be the record of one of its runtime's
 * install steps (`install.lockRecords`), made in that scope, and valid against the step's schema.
 */
function runtimeRecords(
  runtimes: InstalledRuntimes,
  install: LockedInstall,
  index: number,
): Result<void, { problem: string; details: Record<string, unknown> }> {
  const key = `${install.runtime} ${install.pack.name}`;
  const own = recordsOf(runtimes[install.runtime]);
  for (const name of Object.keys(install)) {
    if (ENTRY_KEYS.has(name)) continue;
    const record = own.find((candidate) => candidate.key === name);
    if (!record) {
      const elsewhere = Object.values(runtimes)
        .flatMap(recordsOf)
        .find((candidate) => candidate.key === name);
      const problem = elsewhere
        ? `${key} records ${elsewhere.what}, which ${install.runtime} installs never make`
        : `installs.${index}: unrecognized key ${JSON.stringify(name)}`;
      return fail({ problem, details: { fieldPath: `installs.${index}.${name}` } });
    }
    if (!record.scopes.includes(install.scope))
      return fail({
        problem: `${key} records ${record.what}, which only ${record.scopes.join(' and ')}-scope installs make`,
        details: { fieldPath: `installs.${index}.${name}` },
      });
    const checked = record.schema.safeParse(install[name]);
    if (!checked.success) {
      const issues = toSchemaIssues(checked.error).map((issue) => ({
        ...issue,
        path: [`installs.${index}.${name}`, issue.path].filter(Boolean).join('.'),
      }));
      const first = issues[0];
      return fail({
        problem: `${first?.path}: ${first?.message}`,
        details: { issues, fieldPath: first?.path },
      });
    }
  }
  return ok(undefined);
}

/** The `lock_file_corrupt` error of `file`: what is wrong, and that skillpack leaves everything alone. */
export { corrupt as lockFileCorrupt };

/**
 * Parse a lock file read from disk. Damage is a `lock_file_corrupt` ProtocolError naming `file`; so is an
 * entry outside the folders a pack may own (a lock travels with the repository, so a merged edit must not be
 * able to make skillpack delete `src/` or `README.md`), one inside them that is not a file of that pack's own
 * skills, hook or plugin (see `lockOwnershipProblem`), or one recorded for another scope. Never throws.
 */
export function safeParseLockFile(
  runtimes: InstalledRuntimes,
  text: unknown,
  file: string,
  scope?: InstallScope,
): Result<LockFile, ProtocolError> {
  if (typeof text !== 'string')
    return fail(corrupt(file, `expected JSON text, received ${describeValue(text)}`));
  if (text.length > MAX_LOCK_FILE_CHARS) return fail(corrupt(file, `it has ${text.length} characters`));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(
      corrupt(file, `it is not JSON (${(error as Error).message}); received ${describeValue(text)}`),
    );
  }
  const parsed = LockFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = toSchemaIssues(parsed.error);
    const first = issues[0];
    return fail(corrupt(file, `${first?.path}: ${first?.message}`, { issues, fieldPath: first?.path }));
  }
  const owners = new Map<string, string>();
  const keys = new Set<string>();
  for (const [index, install] of parsed.data.installs.entries()) {
    const key = `${install.runtime} ${install.pack.name}`;
    if (keys.has(key))
      return fail(corrupt(file, `${install.pack.name} is recorded twice for ${install.runtime}`));
    keys.add(key);
    const runtime = runtimes[install.runtime];
    const records = runtimeRecords(runtimes, install, index);
    if (!records.success) return fail(corrupt(file, records.error.problem, records.error.details));
    if (install.homePlugin && (!runtime.install.homePlugin || install.scope !== 'user'))
      return fail(
        corrupt(
          file,
          `${key} records a plugin installed by its CLI, which only user-scope installs of a runtime with one make`,
        ),
      );
    if (scope !== undefined && install.scope !== scope)
      return fail(
        corrupt(file, `${key} is recorded for the ${install.scope} scope in the ${scope} scope's lock`),
      );
    for (const locked of install.files) {
      if (!locked.runtimeConfig && !isOwnablePath(runtime, install.scope, locked.path)) {
        const folders = ownableFolders(runtime, install.scope).join(', ');
        return fail(
          corrupt(
            file,
            `${locked.path} (${key}) is outside the folders a ${install.runtime} pack may own (${folders})`,
            {
              path: locked.path,
            },
          ),
        );
      }
      const owner = owners.get(locked.path);
      if (owner !== undefined)
        return fail(corrupt(file, `${locked.path} is owned by both ${owner} and ${key}`));
      owners.set(locked.path, key);
    }
  }
  // Inside the folders a pack may own, an entry must still be one of that pack's own files.
  const claim = lockOwnershipProblem(runtimes, parsed.data.installs);
  if (claim) return fail(corrupt(file, claim.problem, claim.path === undefined ? {} : { path: claim.path }));
  return ok(parsed.data);
}
