// Reading a lock file: its text parsed against `LockFileSchema` (lock-file.ts), then every entry held to what its
// runtime's declaration lets one install of a pack own and record.
import { describeValue, fail, ok, ProtocolError, type Result, toSchemaIssues } from '@skillpack/core';
import type { InstalledRuntime, InstalledRuntimes } from './install-declaration.js';
import type { InstallScope } from './layout.js';
import { type LockedInstall, LockedInstallSchema, type LockFile, LockFileSchema } from './lock-file.js';
import { lockOwnershipProblem } from './lock-ownership.js';
import { mcpLockRecords } from './mcp-lock.js';
import { isOwnablePath, ownableFolders } from './runtime-layout.js';

const MAX_LOCK_FILE_CHARS = 16 * 1024 * 1024;

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
