import { join } from 'node:path';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { probePaths } from './disk-state.js';
import type { DiskState, PlanAction } from './plan.js';

/** What is at a runtime settings file now, and its text when it is a readable regular file. */
export async function currentSettings(
  root: string,
  file: string,
): Promise<{ state: DiskState; text?: string }> {
  const state = probePaths(root, [file]).get(file) ?? { kind: 'missing' };
  if (state.kind !== 'file') return { state };
  const read = await readRegularFile(join(root, file));
  return read.success ? { state, text: read.data.bytes.toString('utf8') } : { state: { kind: 'other' } };
}

/** The action that puts `text` at `path`: a replace of what is there, else a new file. */
export function writingSettings(path: string, text: string, state: DiskState): PlanAction {
  const content = { source: path, content: text, sha256: sha256(text), executable: false };
  return state.kind === 'file'
    ? { type: 'replace', path, reason: 'hook-entry', previousSha256: state.sha256, ...content }
    : { type: 'write', path, reason: 'hook-entry', ...content };
}

/** What taking an install's additions out of a settings text gives. */
export type SettingsRemoval =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'changed'; readonly text: string; readonly deleteFile: boolean };

/**
 * Take one install's additions out of `file`, chained onto the action already planned for it (the hook
 * removal, an earlier install's removal): the edit starts from that action's text, else from the disk, and
 * replaces it. A file that is gone or no longer parses is released, never rewritten.
 */
export async function chainSettingsRemoval(
  root: string,
  actions: PlanAction[],
  file: string,
  remove: (base: string) => SettingsRemoval,
): Promise<void> {
  const at = actions.findIndex((action) => action.path === file);
  const previous = at >= 0 ? actions[at] : undefined;
  const disk = await currentSettings(root, file);
  const base =
    previous && (previous.type === 'write' || previous.type === 'replace') ? previous.content : disk.text;
  if (base === undefined) {
    if (at < 0) actions.push({ type: 'release', path: file, reason: 'missing' });
    return;
  }
  const edit = remove(base);
  if (edit.kind === 'invalid') {
    if (at < 0) actions.push({ type: 'release', path: file, reason: 'modified' });
    return;
  }
  if (edit.kind === 'unchanged') return;
  const next: PlanAction =
    edit.deleteFile && disk.state.kind === 'file'
      ? { type: 'delete', path: file, reason: 'hook-entry', sha256: disk.state.sha256 }
      : writingSettings(file, edit.text, disk.state);
  if (at >= 0) actions[at] = next;
  else actions.push(next);
}
