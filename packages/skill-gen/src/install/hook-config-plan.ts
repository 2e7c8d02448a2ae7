// Planning the edit of a runtime's hook configuration file for an install or an uninstall: which file, which
// placeholder the pack's declaration uses, and how the command names the installed program, per runtime.
import { join } from 'node:path';
import { fail, ok, ProtocolError, type Result, type SkillpackError } from '@skillpack/core';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { probePaths } from './disk-state.js';
import {
  declaredHookEntries,
  entryDigest,
  type HookEntry,
  type LockedHookConfig,
  mergeHookEntries,
  removeHookEntries,
} from './hook-config.js';
import { absolute } from './hook-wiring.js';
import type { InstalledRuntime, InstalledRuntimes } from './install-declaration.js';
import type { InstallScope } from './layout.js';
import type { LockedInstall } from './lock-file.js';
import type { DiskState, HookConfigPlan, PlanAction } from './plan.js';
import { writingSettings } from './settings-file.js';

/** The Stop hook a pack carries: its declaration in the pack and the folder its program is installed in. */
export interface PackHook {
  /** The pack path of the plugin's hooks.json and its manifest sha256. */
  readonly declaration: { readonly source: string; readonly sha256: string };
  /** Below the scope root, e.g. `.codex/hooks/my-pack/`. */
  readonly folder: string;
}

/** The installed hook program as the hook command names it (the marker of skillpack's entries). */
export function hookCommandProgram(
  runtime: InstalledRuntime,
  root: string,
  scope: InstallScope,
  folder: string,
): string {
  const wiring = runtime.install.hookWiring;
  return `${wiring ? wiring.commandDir(root, scope, folder) : absolute(root, folder)}/skillpack-hook.cjs`;
}

async function currentConfig(root: string, file: string): Promise<{ state: DiskState; text?: string }> {
  const state = probePaths(root, [file]).get(file) ?? { kind: 'missing' };
  if (state.kind !== 'file') return { state };
  const read = await readRegularFile(join(root, file));
  if (!read.success) throw read.error;
  return { state, text: read.data.bytes.toString('utf8') };
}

function conflict(
  file: string,
  reason: 'hook-entry-modified' | 'hook-config-invalid' | 'symlink' | 'not-a-file' | 'outside-root',
  detail: string,
): PlanAction {
  return { type: 'conflict', path: file, reason, detail };
}

function notAFile(file: string, state: DiskState): PlanAction | undefined {
  if (state.kind === 'outside-root')
    return conflict(file, 'outside-root', `a parent folder resolves to ${state.resolved}`);
  if (state.kind === 'symlink')
    return conflict(file, 'symlink', 'a symbolic link; skillpack never writes through one');
  if (state.kind === 'directory' || state.kind === 'other')
    return conflict(file, 'not-a-file', 'not a regular file');
  return undefined;
}

function mismatch(file: string): SkillpackError {
  return new ProtocolError(
    'pack_file_mismatch',
    `Refusing the pack: ${file} does not match its sha256 in the manifest; rebuild the pack.`,
    { details: { file } },
  );
}

/**
 * Plan the edit of the runtime's hook configuration for an install: add the pack's hook groups (their
 * commands pointing at the installed program), replace the ones the previous install recorded, keep
 * everything else byte for byte. A group a person changed is a conflict (unless `force`), and so is a file
 * skillpack cannot parse (or one with comments): nothing is lost.
 */
export async function planHookConfig(input: {
  readonly runtime: InstalledRuntime;
  readonly scope: InstallScope;
  readonly root: string;
  readonly packDir: string;
  readonly hook: PackHook | undefined;
  readonly previous: LockedInstall | undefined;
  readonly force: boolean;
}): Promise<Result<HookConfigPlan | undefined, SkillpackError>> {
  const wiring = input.runtime.install.hookWiring;
  const recorded = input.previous?.hookConfig;
  if (!wiring || (!input.hook && !recorded)) return ok(undefined);
  const file = wiring.file;
  const folder = input.hook?.folder ?? wiring.folder(input.previous?.pack.name ?? '') ?? '';
  const commandDir = wiring.commandDir(input.root, input.scope, folder);
  const marker = `${commandDir}/skillpack-hook.cjs`;
  let desired: HookEntry[] = [];
  if (input.hook) {
    const source = join(input.packDir, input.hook.declaration.source);
    const read = await readRegularFile(source);
    if (!read.success) return fail(mismatch(source));
    if (sha256(read.data.bytes) !== input.hook.declaration.sha256) return fail(mismatch(source));
    const entries = declaredHookEntries(
      read.data.bytes.toString('utf8'),
      source,
      absolute(input.root, folder),
      { placeholder: wiring.placeholder, commandDir },
    );
    if (!entries.success) return entries;
    desired = entries.data;
  }
  const { state, text } = await currentConfig(input.root, file);
  const blocked = notAFile(file, state);
  const merged = blocked
    ? undefined
    : mergeHookEntries({
        text,
        file: join(input.root, file),
        desired,
        recorded: recorded?.entries ?? [],
        marker,
        force: input.force,
        comments: wiring.comments ?? false,
        // What the file held before the first install; an older lock did not say.
        ...(recorded ? (recorded.existing ? { existing: recorded.existing } : {}) : {}),
      });
  const existing =
    merged?.success && merged.data.kind !== 'modified'
      ? recorded
        ? recorded.existing
        : merged.data.existing
      : undefined;
  const locked: LockedHookConfig | undefined =
    desired.length === 0
      ? undefined
      : {
          file,
          createdFile: state.kind === 'missing' || (recorded?.createdFile ?? false),
          entries: desired.map((entry) => ({ event: entry.event, sha256: entryDigest(entry.group) })),
          ...(existing ? { existing } : {}),
        };
  const withLock = (action: PlanAction): HookConfigPlan => ({ action, ...(locked ? { locked } : {}) });
  if (blocked || !merged) return ok(withLock(blocked!));
  if (!merged.success) return ok(withLock(conflict(file, 'hook-config-invalid', merged.error.message)));
  if (merged.data.kind === 'modified')
    return ok(withLock(conflict(file, 'hook-entry-modified', merged.data.detail)));
  if (merged.data.kind === 'unchanged')
    return ok(withLock({ type: 'keep', path: file, reason: 'unchanged' }));
  return ok(withLock(writingSettings(file, merged.data.text, state)));
}

/** Plan taking uninstalled packs' recorded groups out of their hook configuration; what a person changed stays. */
export async function planHookConfigRemoval(
  runtimes: InstalledRuntimes,
  root: string,
  installs: readonly LockedInstall[],
): Promise<PlanAction[]> {
  const actions: PlanAction[] = [];
  const byFile = new Map<string, LockedInstall[]>();
  for (const install of installs) {
    if (!install.hookConfig) continue;
    byFile.set(install.hookConfig.file, [...(byFile.get(install.hookConfig.file) ?? []), install]);
  }
  for (const [file, withHooks] of byFile) {
    const { state, text } = await currentConfig(root, file);
    const release = (reason: Extract<PlanAction, { type: 'release' }>['reason']) =>
      actions.push({ type: 'release', path: file, reason });
    if (state.kind === 'missing') release('missing');
    else if (state.kind !== 'file' || text === undefined) release('not-a-file');
    else {
      const recorded = withHooks.flatMap((install) => install.hookConfig!.entries);
      const first = withHooks[0]!;
      const runtime = runtimes[first.runtime];
      const folder = runtime.install.hookWiring?.folder(first.pack.name) ?? '';
      const removed = removeHookEntries({
        text,
        file: join(root, file),
        recorded,
        marker: hookCommandProgram(runtime, root, first.scope, folder),
        createdFile: withHooks.every((install) => install.hookConfig!.createdFile),
        comments: runtime.install.hookWiring?.comments ?? false,
        ...(first.hookConfig!.existing ? { existing: first.hookConfig!.existing } : {}),
      });
      if (!removed.success) release('modified');
      else if (removed.data.kind === 'unchanged')
        release(removed.data.modified > 0 ? 'hook-entry-modified' : 'missing');
      else if (removed.data.kind === 'delete')
        actions.push({ type: 'delete', path: file, reason: 'hook-entry', sha256: state.sha256 });
      else actions.push(writingSettings(file, removed.data.text, state));
    }
  }
  return actions;
}
