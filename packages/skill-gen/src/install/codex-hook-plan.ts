import { join } from 'node:path';
import { fail, ok, ProtocolError, type Result, type SkillpackError } from '@skillpack/core';
import { readRegularFile } from '../read-regular-file.js';
import { sha256 } from '../sha256.js';
import {
  CODEX_HOOK_CONFIG,
  declaredHookEntries,
  entryDigest,
  type HookEntry,
  type LockedHookConfig,
  mergeHookEntries,
  removeHookEntries,
} from './codex-hooks.js';
import { probePaths } from './disk-state.js';
import { codexHookFolder } from './layout.js';
import type { LockedInstall } from './lock-file.js';
import type { DiskState, HookConfigPlan, PlanAction } from './plan.js';

/** The Codex hook a pack carries: its declaration in the pack and the folder its program is installed in. */
export interface PackCodexHook {
  /** The pack path of the plugin's hooks.json and its manifest sha256. */
  readonly declaration: { readonly source: string; readonly sha256: string };
  /** Below the scope root, e.g. `.codex/hooks/my-pack/`. */
  readonly folder: string;
}

/** The absolute path of the installed hook program, as it appears in the hook command. */
export function hookProgramPath(root: string, folder: string): string {
  return `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${folder}skillpack-hook.cjs`;
}

async function currentConfig(root: string): Promise<{ state: DiskState; text?: string }> {
  const state = (await probePaths(root, [CODEX_HOOK_CONFIG])).get(CODEX_HOOK_CONFIG) ?? { kind: 'missing' };
  if (state.kind !== 'file') return { state };
  const read = await readRegularFile(join(root, CODEX_HOOK_CONFIG));
  if (!read.success) throw read.error;
  return { state, text: read.data.bytes.toString('utf8') };
}

function conflict(
  reason: 'hook-entry-modified' | 'hook-config-invalid' | 'symlink' | 'not-a-file' | 'outside-root',
  detail: string,
): PlanAction {
  return { type: 'conflict', path: CODEX_HOOK_CONFIG, reason, detail };
}

function notAFile(state: DiskState): PlanAction | undefined {
  if (state.kind === 'outside-root')
    return conflict('outside-root', `a parent folder resolves to ${state.resolved}`);
  if (state.kind === 'symlink')
    return conflict('symlink', 'a symbolic link; skillpack never writes through one');
  if (state.kind === 'directory' || state.kind === 'other')
    return conflict('not-a-file', 'not a regular file');
  return undefined;
}

function writing(text: string, state: DiskState): PlanAction {
  const content = { source: CODEX_HOOK_CONFIG, content: text, sha256: sha256(text), executable: false };
  return state.kind === 'file'
    ? {
        type: 'replace',
        path: CODEX_HOOK_CONFIG,
        reason: 'hook-entry',
        previousSha256: state.sha256,
        ...content,
      }
    : { type: 'write', path: CODEX_HOOK_CONFIG, reason: 'hook-entry', ...content };
}

/**
 * Plan the edit of `.codex/hooks.json` for a Codex install: add the pack's hook groups (their commands pointing
 * at the installed program), replace the ones the previous install recorded, keep everything else. A group a
 * person changed is a conflict (unless `force`), and so is a file skillpack cannot parse: nothing is lost.
 */
export async function planCodexHookConfig(input: {
  readonly root: string;
  readonly packDir: string;
  readonly hook: PackCodexHook | undefined;
  readonly previous: LockedInstall | undefined;
  readonly force: boolean;
}): Promise<Result<HookConfigPlan | undefined, SkillpackError>> {
  const recorded = input.previous?.hookConfig;
  if (!input.hook && !recorded) return ok(undefined);
  let desired: HookEntry[] = [];
  const folder = input.hook?.folder ?? codexHookFolder(input.previous?.pack.name ?? '') ?? '.codex/hooks/';
  const marker = hookProgramPath(input.root, folder);
  if (input.hook) {
    const file = join(input.packDir, input.hook.declaration.source);
    const read = await readRegularFile(file);
    if (!read.success) return fail(mismatch(file));
    if (sha256(read.data.bytes) !== input.hook.declaration.sha256) return fail(mismatch(file));
    const hookDir = marker.slice(0, -'/skillpack-hook.cjs'.length);
    const entries = declaredHookEntries(read.data.bytes.toString('utf8'), file, hookDir);
    if (!entries.success) return entries;
    desired = entries.data;
  }
  const { state, text } = await currentConfig(input.root);
  const blocked = notAFile(state);
  const locked: LockedHookConfig | undefined =
    desired.length === 0
      ? undefined
      : {
          file: CODEX_HOOK_CONFIG,
          createdFile: state.kind === 'missing' || (recorded?.createdFile ?? false),
          entries: desired.map((entry) => ({ event: entry.event, sha256: entryDigest(entry.group) })),
        };
  if (blocked) return ok({ action: blocked, ...(locked ? { locked } : {}) });
  const merged = mergeHookEntries({
    text,
    file: join(input.root, CODEX_HOOK_CONFIG),
    desired,
    recorded: recorded?.entries.map((entry) => entry.sha256) ?? [],
    marker,
    force: input.force,
  });
  const withLock = (action: PlanAction): HookConfigPlan => ({ action, ...(locked ? { locked } : {}) });
  if (!merged.success) return ok(withLock(conflict('hook-config-invalid', merged.error.message)));
  if (merged.data.kind === 'modified')
    return ok(withLock(conflict('hook-entry-modified', merged.data.detail)));
  if (merged.data.kind === 'unchanged')
    return ok(withLock({ type: 'keep', path: CODEX_HOOK_CONFIG, reason: 'unchanged' }));
  return ok(withLock(writing(merged.data.text, state)));
}

function mismatch(file: string): SkillpackError {
  return new ProtocolError(
    'pack_file_mismatch',
    `Refusing the pack: ${file} does not match its sha256 in the manifest; rebuild the pack.`,
    { details: { file } },
  );
}

/** Plan taking uninstalled packs' recorded groups out of `.codex/hooks.json`; what a person changed stays. */
export async function planCodexHookRemoval(
  root: string,
  installs: readonly LockedInstall[],
): Promise<PlanAction[]> {
  const withHooks = installs.filter((install) => install.hookConfig);
  if (withHooks.length === 0) return [];
  const { state, text } = await currentConfig(root);
  const release = (reason: Extract<PlanAction, { type: 'release' }>['reason']): PlanAction[] => [
    { type: 'release', path: CODEX_HOOK_CONFIG, reason },
  ];
  if (state.kind === 'missing') return release('missing');
  if (state.kind !== 'file' || text === undefined) return release('not-a-file');
  const recorded = withHooks.flatMap((install) => install.hookConfig!.entries.map((entry) => entry.sha256));
  const markers = withHooks.map((install) =>
    hookProgramPath(root, codexHookFolder(install.pack.name) ?? '.codex/hooks/'),
  );
  const removed = removeHookEntries({
    text,
    file: join(root, CODEX_HOOK_CONFIG),
    recorded,
    marker: markers[0]!,
    createdFile: withHooks.every((install) => install.hookConfig!.createdFile),
  });
  if (!removed.success) return release('modified');
  if (removed.data.kind === 'unchanged')
    return release(removed.data.modified > 0 ? 'hook-entry-modified' : 'missing');
  if (removed.data.kind === 'delete')
    return [{ type: 'delete', path: CODEX_HOOK_CONFIG, reason: 'hook-entry', sha256: state.sha256 }];
  return [writing(removed.data.text, state)];
}
