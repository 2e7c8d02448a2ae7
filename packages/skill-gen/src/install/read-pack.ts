import { lstatSync, realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import {
  ConfigError,
  fail,
  isJsonObject,
  ok,
  ProtocolError,
  type Result,
  type SkillpackError,
  safeJsonParse,
} from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { cliCommand } from '../cli/invocation.js';
import { readRegularFile, readRegularFileSync } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { contractsModuleBeside } from '../hooks/contracts-module.js';
import { MANIFEST_FILE, type Manifest, safeParseManifest } from '../pack/manifest.js';
import { isInside } from './disk-state.js';
import { manifestPluginName, stagedName, stagedPath } from './home-plugin.js';
import type { PackHook } from './hook-config-plan.js';
import { HOOK_PROGRAM_FILE } from './hook-wiring.js';
import type { HomePluginForm, InstalledRuntime, InstalledRuntimes } from './install-declaration.js';
import type { InstallForm, InstallScope } from './layout.js';
import type { LockedInstall } from './lock-file.js';
import { mcpProgramFolder } from './mcp-wiring.js';
import type { PackFile } from './plan.js';
import { hasPluginForm, isOwnablePath, type PackLayout, targetPathFor } from './runtime-layout.js';
import { unsafePathReason } from './safe-path.js';

export interface ReadPack {
  readonly manifest: Manifest;
  /** The runtime's skill-form files, verified against the manifest's sha256, sorted by target path. */
  readonly files: readonly PackFile[];
  /** The Stop hook the pack's plugin declares, when it has one, wired into the runtime's hook configuration. */
  readonly hook?: PackHook;
  /** What the runtime's pack form chose (`install.packForm`), when not its skill form. */
  readonly packForm?: unknown;
  /** For a runtime whose CLI installs its plugin form (`install.homePlugin`): the plugin's name in its manifest. */
  readonly homePlugin?: { readonly name: string };
  /**
   * The bytes of `files` as read and checked against their sha256, by source path, so the apply stages
   * what was verified instead of reading each file again (files above `KEPT_BYTES_LIMIT` in all are not kept).
   */
  readonly bytes: ReadonlyMap<string, Uint8Array>;
  /** The bytes of the pack's `skillpack.manifest.json` that `manifest` was parsed from. */
  readonly manifestBytes: Uint8Array;
}

/** What a form's reader gives, before `readPack` adds the manifest's bytes. */
type ReadForm = Omit<ReadPack, 'manifestBytes'>;

/** At most this many bytes of verified pack files are kept for the apply; the rest are read again there. */
export const KEPT_BYTES_LIMIT = 64 * 1024 * 1024;

export interface ReadPackOptions {
  /** `skill` (default) or `plugin` (`--form`): the runtime's local or home plugin form. */
  readonly form?: InstallForm;
  /** The install's options, the runtime's own among them (its `packForm` reads its `--<id>-form`). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The install of the pack of this name the lock records, which a runtime's pack form may keep to. */
  readonly previousInstall?: (packName: string) => LockedInstall | undefined;
}

/** Reject any manifest path that could leave the pack or the target root, before anything else reads it. */
function unsafeManifestPaths(text: string): { path: string; reason: string }[] {
  const parsed = safeJsonParse(text);
  if (!parsed || !isJsonObject(parsed.value) || !Array.isArray(parsed.value.files)) return [];
  const unsafe: { path: string; reason: string }[] = [];
  for (const entry of parsed.value.files) {
    if (!isJsonObject(entry) || typeof entry.path !== 'string') continue;
    const reason = unsafePathReason(entry.path);
    if (reason) unsafe.push({ path: entry.path, reason });
  }
  return unsafe;
}

/**
 * Read `<packDir>/skillpack.manifest.json`, pick the files of `runtime`'s skill form and verify each one's
 * sha256, so a tampered or half-written pack is refused before anything is copied.
 */
export async function readPack(
  runtimes: InstalledRuntimes,
  packDir: string,
  runtimeId: RuntimeId,
  scope: InstallScope,
  options: ReadPackOptions = {},
): Promise<Result<ReadPack, SkillpackError>> {
  const info = await stat(packDir).catch(() => undefined);
  if (!info?.isDirectory()) {
    return fail(
      new IoError(
        'pack_not_found',
        `No pack directory at ${packDir}. Build one with \`${cliCommand('build')}\`.`,
        {
          details: { packDir },
        },
      ),
    );
  }
  const manifestPath = join(packDir, MANIFEST_FILE);
  const read = await readRegularFile(manifestPath, { maxBytes: 64 * 1024 * 1024 });
  if (!read.success) {
    const missing = read.error.code === 'file_not_found';
    return fail(
      new (missing ? ConfigError : IoError)(
        missing ? 'pack_manifest_missing' : 'pack_manifest_unreadable',
        missing
          ? `${packDir} has no ${MANIFEST_FILE}, so it is not a pack built by \`${cliCommand('build')}\` (or the build did not finish).`
          : `Cannot read the pack manifest: ${read.error.message}`,
        { details: { packDir, file: manifestPath, reason: read.error.code }, cause: read.error },
      ),
    );
  }
  const text = read.data.bytes.toString('utf8');
  const unsafe = unsafeManifestPaths(text);
  if (unsafe.length > 0) {
    const listed = unsafe.slice(0, 5).map((entry) => `${JSON.stringify(entry.path)} ${entry.reason}`);
    return fail(
      new ProtocolError(
        'pack_path_unsafe',
        `Refusing the pack: ${manifestPath} lists unsafe paths: ${listed.join('; ')}.`,
        {
          details: { file: manifestPath, paths: unsafe },
        },
      ),
    );
  }
  const parsed = safeParseManifest(text, manifestPath);
  if (!parsed.success) {
    return fail(
      new ProtocolError('pack_manifest_invalid', parsed.error.message, {
        details: { file: manifestPath, ...parsed.error.details },
        cause: parsed.error,
      }),
    );
  }
  const form = await readForm(runtimes, packDir, parsed.data, runtimeId, scope, options);
  return form.success ? ok({ ...form.data, manifestBytes: read.data.bytes }) : form;
}

/** The files of the form `options` asks for, as the manifest names them, verified. */
async function readForm(
  runtimes: InstalledRuntimes,
  packDir: string,
  manifest: Manifest,
  runtimeId: RuntimeId,
  scope: InstallScope,
  options: ReadPackOptions,
): Promise<Result<ReadForm, SkillpackError>> {
  const runtime = runtimes[runtimeId];
  if (options.form === 'plugin') {
    const home = runtime.install.homePlugin;
    return home
      ? readHomePluginForm(packDir, manifest, runtime, scope, home)
      : readPluginForm(runtimes, packDir, manifest, runtime);
  }
  const chosen = runtime.install.packForm?.choose(
    manifest,
    scope,
    options.options ?? {},
    options.previousInstall?.(manifest.pack.name),
  );
  if (chosen && !chosen.success) return chosen;
  const packForm = chosen?.data;
  const layout = packLayoutOf(manifest, runtime);
  const hook = pluginHookOf(manifest, runtime);
  if (hook && !hook.success) return hook;
  // The form's own hook declaration and program stay out of it when install wires the hook into the runtime's
  // hook configuration itself: Codex 0.169 runs every trusted hook, so a plugin hook the user also trusts (keyed
  // `<plugin>@<marketplace>:hooks/hooks.json:stop:0:0`) would run it twice per stop.
  const wiredByInstall = new Set(
    hook.data && packForm?.wiresHook
      ? [hook.data.hook.declaration.source, ...hook.data.programs.map((file) => file.source)]
      : [],
  );
  const selected: PackFile[] = [];
  for (const entry of manifest.files) {
    if (wiredByInstall.has(entry.path)) continue;
    const path = packForm
      ? packForm.targetPath(entry.path)
      : targetPathFor(runtime, scope, entry.path, layout);
    if (path !== undefined) {
      selected.push({
        path,
        source: entry.path,
        sha256: entry.sha256,
        executable: entry.executable,
        runtimeConfig: !isOwnablePath(runtime, scope, path),
      });
    }
  }
  if (hook.data) selected.push(...hook.data.programs);
  const server = mcpServerOf(manifest, runtime, scope);
  if (!server.success) return server;
  if (server.data) selected.push(server.data);
  if (selected.length === 0) {
    return fail(
      new ConfigError(
        'pack_runtime_missing',
        `The pack ${manifest.pack.name}@${manifest.pack.version} has no skills for ${runtimeId} (it was built for: ${manifest.targets.join(', ') || 'nothing'}).`,
        { details: { packDir, runtime: runtimeId, targets: manifest.targets } },
      ),
    );
  }
  return verifiedPack(packDir, manifest, selected, {
    ...(hook.data ? { hook: hook.data.hook } : {}),
    ...(packForm ? { packForm: packForm.value } : {}),
  });
}

/** A local plugin form (`install.localPlugin`): its files as the runtime's declaration selects them. */
async function readPluginForm(
  runtimes: InstalledRuntimes,
  packDir: string,
  manifest: Manifest,
  runtime: InstalledRuntime,
): Promise<Result<ReadForm, SkillpackError>> {
  const form = runtime.install.localPlugin;
  if (!form) {
    const takers = RUNTIME_IDS.filter((id) => hasPluginForm(runtimes[id])).join(', ');
    return fail(
      new ConfigError(
        'install_form_unsupported',
        `--form plugin is not built for ${runtime.id}: it installs the plugin form of ${takers}.`,
        { details: { runtime: runtime.id } },
      ),
    );
  }
  const selected = form.select(manifest);
  if (!selected.success) return selected;
  return verifiedPack(packDir, manifest, [...selected.data], {});
}

/**
 * A plugin form the runtime's own CLI installs (`install.homePlugin`): the pack's plugin folder, staged whole
 * below the home under the name its manifest gives. The project scope has none: these CLIs install plugins for
 * the user only.
 */
async function readHomePluginForm(
  packDir: string,
  manifest: Manifest,
  runtime: InstalledRuntime,
  scope: InstallScope,
  form: HomePluginForm,
): Promise<Result<ReadForm, SkillpackError>> {
  const { title } = runtime;
  if (scope !== 'user')
    return fail(
      new ConfigError(
        'install_form_unsupported',
        `${title} installs its plugin form for the user only (\`${form.command} ${form.register.slice(0, 2).join(' ')}\` puts it in ~/${form.installed.replace('{name}/', '')}): install --form plugin with --scope user, or the skill form in a project.`,
        { details: { runtime: runtime.id, scope } },
      ),
    );
  const manifestEntry = manifest.files.find((entry) => entry.path === form.source + form.manifest);
  if (manifestEntry === undefined)
    return fail(
      new ConfigError(
        'pack_runtime_missing',
        `The pack ${manifest.pack.name}@${manifest.pack.version} has no ${title} plugin form (${form.source}${form.manifest}; it was built for: ${manifest.targets.join(', ') || 'nothing'}).`,
        { details: { packDir, runtime: runtime.id, targets: manifest.targets } },
      ),
    );
  const checked = await verifyFiles(packDir, [
    { path: form.manifest, source: manifestEntry.path, sha256: manifestEntry.sha256, executable: false },
  ]);
  if (checked.problems.length > 0) return fail(mismatched(packDir, checked.problems));
  const manifestBytes = checked.bytes.get(manifestEntry.path);
  const name =
    manifestBytes === undefined ? undefined : manifestPluginName(Buffer.from(manifestBytes).toString('utf8'));
  if (name === undefined)
    return fail(
      new ProtocolError(
        'pack_path_unsafe',
        `Refusing the pack: ${form.source}${form.manifest} names no plugin that can name a folder (a plain "name").`,
        { details: { pack: manifest.pack.name, file: manifestEntry.path } },
      ),
    );
  if (stagedName(manifest.pack.name) === undefined)
    return fail(
      new ProtocolError(
        'pack_path_unsafe',
        `Refusing the pack: its name ${JSON.stringify(manifest.pack.name)} cannot name the folder its ${title} plugin is staged in.`,
        { details: { pack: manifest.pack.name } },
      ),
    );
  const selected: PackFile[] = [];
  for (const entry of manifest.files) {
    const path = stagedPath(form, manifest.pack.name, entry.path);
    if (path !== undefined)
      selected.push({ path, source: entry.path, sha256: entry.sha256, executable: entry.executable });
  }
  return verifiedPack(packDir, manifest, selected, { homePlugin: { name } });
}

/** The selected files checked against their sha256, sorted by target path, with what the form adds. */
async function verifiedPack(
  packDir: string,
  manifest: Manifest,
  selected: PackFile[],
  form: Pick<ReadPack, 'hook' | 'packForm' | 'homePlugin'>,
): Promise<Result<ReadForm, SkillpackError>> {
  const { problems, bytes } = await verifyFiles(packDir, selected);
  if (problems.length > 0) return fail(mismatched(packDir, problems));
  const files = selected.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return ok({ manifest, files, bytes, ...form });
}

function mismatched(packDir: string, problems: readonly Problem[]): ProtocolError {
  const listed = problems.slice(0, 5).map((problem) => `${problem.path} (${problem.problem})`);
  return new ProtocolError(
    'pack_file_mismatch',
    `Refusing the pack: ${problems.length} file(s) do not match ${MANIFEST_FILE}: ${listed.join(', ')}${problems.length > 5 ? ', …' : ''}. The pack was changed or only partly written; rebuild it.`,
    { details: { packDir, files: problems } },
  );
}

/**
 * A published portable package (a manifest whose paths are not below `portable/`, with the portable target):
 * its spec-only `skills/` install for a runtime whose own form it does not carry (a package built before the
 * package carried the runtime forms, or by a pack that does not build that runtime). Otherwise the pack
 * layout: the runtime's form, hooks and plugins included, whether from a built pack or a published package.
 */
function packLayoutOf(manifest: Manifest, runtime: InstalledRuntime): PackLayout {
  const isPackage =
    manifest.targets.includes('portable') &&
    !manifest.files.some((entry) => entry.path.startsWith('portable/'));
  return isPackage && !manifest.targets.includes(runtime.id) ? 'portable-package' : 'pack';
}

/**
 * The plugin's Stop hook (declaration and program) of a runtime whose hooks install wires into its hook
 * configuration: the program, and the pack's contracts module beside it when it carries one, go into the
 * runtime's hook folder (`.codex/hooks/<pack>/`, `.claude/hooks/<pack>/`), the entries into `.codex/hooks.json`
 * or `.claude/settings.json`.
 */
function pluginHookOf(
  manifest: Manifest,
  runtime: InstalledRuntime,
): Result<{ hook: PackHook; programs: PackFile[] } | undefined, SkillpackError> {
  const wiring = runtime.install.hookWiring;
  const files = wiring?.packFiles;
  if (!files || !wiring) return ok(undefined);
  const declaration = manifest.files.find((entry) => entry.path === files.config);
  const program = manifest.files.find((entry) => entry.path === files.program);
  if (!declaration || !program) return ok(undefined);
  const folder = wiring.folder(manifest.pack.name);
  if (folder === undefined) {
    return fail(
      new ProtocolError(
        'pack_path_unsafe',
        `Refusing the pack: its name ${JSON.stringify(manifest.pack.name)} cannot name the folder its ${runtime.id} hook goes in.`,
        { details: { pack: manifest.pack.name } },
      ),
    );
  }
  const contracts = manifest.files.find((entry) => entry.path === contractsModuleBeside(files.program));
  return ok({
    hook: { declaration: { source: declaration.path, sha256: declaration.sha256 }, folder },
    programs: [
      {
        path: `${folder}${HOOK_PROGRAM_FILE}`,
        source: program.path,
        sha256: program.sha256,
        executable: program.executable,
      },
      ...(contracts
        ? [
            {
              path: `${folder}${contractsModuleBeside(HOOK_PROGRAM_FILE)}`,
              source: contracts.path,
              sha256: contracts.sha256,
              executable: false,
            },
          ]
        : []),
    ],
  });
}

/**
 * The pack's MCP server program (`install.mcp.packFile`) of a runtime whose MCP configuration install wires: it
 * goes into the runtime's folder for the pack (`.claude/mcp/<pack>/`), named by absolute path in the entry.
 */
function mcpServerOf(
  manifest: Manifest,
  runtime: InstalledRuntime,
  scope: InstallScope,
): Result<PackFile | undefined, SkillpackError> {
  const mcp = runtime.install.mcp;
  const program = mcp && manifest.files.find((entry) => entry.path === mcp.packFile);
  if (!mcp || !program) return ok(undefined);
  const folder = mcpProgramFolder(mcp, scope, manifest.pack.name);
  if (folder === undefined) {
    return fail(
      new ProtocolError(
        'pack_path_unsafe',
        `Refusing the pack: its name ${JSON.stringify(manifest.pack.name)} cannot name the folder its ${runtime.id} MCP server goes in.`,
        { details: { pack: manifest.pack.name } },
      ),
    );
  }
  return ok({
    path: `${folder}skillpack-mcp.cjs`,
    source: program.path,
    sha256: program.sha256,
    executable: program.executable,
  });
}

interface Problem {
  path: string;
  problem:
    | 'missing'
    | 'not a regular file'
    | 'outside the pack'
    | 'sha256 differs'
    | 'too large'
    | 'unreadable';
}

/** Check each file against its sha256; the bytes that matched are kept (up to `KEPT_BYTES_LIMIT` in all). */
/**
 * `realpath` of folders, each resolved once: a folder that is no symlink is its resolved parent's entry of the
 * same name, so a pack's ~1 000 files cost one `lstat` per folder instead of one `readlink` per path segment
 * of each file. `undefined` for a folder that does not resolve (a missing one, a dangling link).
 */
function folderResolver(): (folder: string) => string | undefined {
  const resolved = new Map<string, string | undefined>();
  const resolve = (folder: string): string | undefined => {
    if (resolved.has(folder)) return resolved.get(folder);
    let real: string | undefined;
    try {
      const parent = dirname(folder);
      const info = parent === folder ? undefined : lstatSync(folder);
      if (info === undefined || info.isSymbolicLink() || !info.isDirectory())
        real = realpathSync.native(folder);
      else {
        const realParent = resolve(parent);
        real = realParent === undefined ? undefined : join(realParent, basename(folder));
      }
    } catch {
      real = undefined;
    }
    resolved.set(folder, real);
    return real;
  };
  return resolve;
}

async function verifyFiles(
  packDir: string,
  files: readonly PackFile[],
): Promise<{ problems: Problem[]; bytes: Map<string, Uint8Array> }> {
  const realPack = await realpath(packDir);
  const realFolder = folderResolver();
  /** Whether each resolved folder is inside the pack, asked once per folder (`relative` resolves both paths). */
  const insidePack = new Map<string, boolean>();
  const isInsidePack = (folder: string) => {
    const known = insidePack.get(folder);
    if (known !== undefined) return known;
    const inside = isInside(realPack, folder);
    insidePack.set(folder, inside);
    return inside;
  };
  const problems: Problem[] = [];
  const bytes = new Map<string, Uint8Array>();
  let kept = 0;
  for (const file of files) {
    const path = join(packDir, file.source);
    const parent = realFolder(dirname(path));
    if (parent !== undefined && !isInsidePack(parent)) {
      problems.push({ path: file.source, problem: 'outside the pack' });
      continue;
    }
    const read = readRegularFileSync(path);
    if (read.success) {
      if (sha256(read.data.bytes) !== file.sha256)
        problems.push({ path: file.source, problem: 'sha256 differs' });
      else if (kept + read.data.bytes.length <= KEPT_BYTES_LIMIT) {
        kept += read.data.bytes.length;
        bytes.set(file.source, read.data.bytes);
      }
      continue;
    }
    const problem = {
      file_not_found: 'missing',
      file_not_regular: 'not a regular file',
      file_too_large: 'too large',
      file_unreadable: 'unreadable',
    } as const;
    problems.push({
      path: file.source,
      problem: problem[read.error.code as keyof typeof problem] ?? 'unreadable',
    });
  }
  return { problems, bytes };
}
