// Codex reads command hooks from `.codex/hooks.json` (project) and `$CODEX_HOME/hooks.json` (user): a JSON
// object `{ "hooks": { "<Event>": [ { "hooks": [ { "type": "command", "command": … } ] } ] } }`. That file is
// runtime configuration a person shares with other tools, so install only adds and removes skillpack's own
// groups, identified by the sha256 of their stable JSON as recorded in the lock. Pure: text in, text out.
import { fail, isJsonObject, ok, ProtocolError, type Result } from '@skillpack/core';
import { sha256 } from '../sha256.js';
import { toStableJson } from '../stable-json.js';

/** The hook configuration file, relative to the scope root (project or home). */
export const CODEX_HOOK_CONFIG = '.codex/hooks.json' as const;
/** The pack files of the Codex plugin's hook, and the placeholder its commands use for the plugin folder. */
export const PACK_HOOK_CONFIG = 'codex/plugin/hooks/hooks.json';
export const PACK_HOOK_PROGRAM = 'codex/plugin/hooks/skillpack-hook.cjs';
// biome-ignore lint/suspicious/noTemplateCurlyInString: Codex's plugin-root placeholder, replaced by the folder.
const PLUGIN_HOOKS_DIR = '${PLUGIN_ROOT}/hooks';

export interface HookEntry {
  readonly event: string;
  readonly group: Record<string, unknown>;
}

/** What the lock records of an install's hook configuration edits. */
export interface LockedHookConfig {
  readonly file: typeof CODEX_HOOK_CONFIG;
  /** Whether skillpack created the file (then uninstall deletes it once nothing else is left in it). */
  readonly createdFile: boolean;
  entries: { event: string; sha256: string }[];
}

export const entryDigest = (group: unknown): string => sha256(toStableJson(group));

type Hooks = Record<string, unknown[]>;

function invalid(file: string, problem: string): ProtocolError {
  return new ProtocolError(
    'hook_config_invalid',
    `${file} is not a Codex hook configuration skillpack can edit: ${problem}. skillpack leaves it as it is; fix it (or move it away) and install again.`,
    { details: { file, problem } },
  );
}

/** Parse a hooks.json text: an object whose `hooks` (optional) maps each event to an array. Never throws. */
export function parseHookConfig(
  text: string,
  file: string,
): Result<{ root: Record<string, unknown>; hooks: Hooks }, ProtocolError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(invalid(file, `it is not JSON (${(error as Error).message})`));
  }
  if (!isJsonObject(json)) return fail(invalid(file, 'it is not a JSON object'));
  const hooks = json.hooks ?? {};
  if (!isJsonObject(hooks)) return fail(invalid(file, '`hooks` is not an object'));
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) return fail(invalid(file, `\`hooks.${event}\` is not an array`));
  }
  return ok({ root: json as Record<string, unknown>, hooks: { ...(hooks as Hooks) } });
}

/**
 * The hook groups a built pack declares (its plugin's hooks.json), with `${PLUGIN_ROOT}/hooks` replaced by
 * `hookDir`, the absolute folder the install puts `skillpack-hook.cjs` in (Codex runs the command with the
 * project as its working directory, so only an absolute path also works in the user scope).
 */
export function declaredHookEntries(
  text: string,
  file: string,
  hookDir: string,
): Result<HookEntry[], ProtocolError> {
  const dir = hookDir.replaceAll('\\', '/');
  if (/["$`\\]/.test(dir)) {
    return fail(
      new ProtocolError(
        'hook_path_unquotable',
        `The hook folder ${dir} contains a character (" $ \` or \\) that cannot be put in the double-quoted hook command; install from a folder without one.`,
        { details: { file, hookDir: dir } },
      ),
    );
  }
  const parsed = parseHookConfig(text, file);
  if (!parsed.success) return parsed;
  const entries: HookEntry[] = [];
  for (const [event, groups] of Object.entries(parsed.data.hooks)) {
    for (const group of groups) {
      if (!isJsonObject(group)) return fail(invalid(file, `a \`hooks.${event}\` entry is not an object`));
      const wired = JSON.parse(JSON.stringify(group).replaceAll(PLUGIN_HOOKS_DIR, dir)) as Record<
        string,
        unknown
      >;
      entries.push({ event, group: wired });
    }
  }
  return ok(entries);
}

const serialize = (root: Record<string, unknown>, hooks: Hooks) =>
  `${JSON.stringify({ ...root, hooks }, null, 2)}\n`;

export type HookMergeResult =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly text: string }
  | { readonly kind: 'modified'; readonly detail: string };

/**
 * Put `desired` into the hook configuration `text` (undefined: no file yet). Groups the lock recorded
 * (`recorded`, by digest) are replaced; a group that runs `marker` (the installed hook program) but is
 * neither recorded nor desired was edited by a person: `modified`, unless `force`. Every other group stays.
 */
export function mergeHookEntries(input: {
  readonly text: string | undefined;
  readonly file: string;
  readonly desired: readonly HookEntry[];
  readonly recorded: readonly string[];
  readonly marker: string;
  readonly force: boolean;
}): Result<HookMergeResult, ProtocolError> {
  const parsed =
    input.text === undefined ? ok({ root: {}, hooks: {} as Hooks }) : parseHookConfig(input.text, input.file);
  if (!parsed.success) return parsed;
  const { root, hooks } = parsed.data;
  const recorded = new Set(input.recorded);
  const placed = new Set<number>();
  let changed = input.text === undefined;
  for (const [event, groups] of Object.entries(hooks)) {
    const kept: unknown[] = [];
    for (const group of groups) {
      const digest = entryDigest(group);
      const wanted = input.desired.findIndex(
        (entry, index) => !placed.has(index) && entry.event === event && entryDigest(entry.group) === digest,
      );
      if (wanted >= 0) {
        placed.add(wanted);
        kept.push(group);
      } else if (recorded.has(digest)) changed = true;
      else if (JSON.stringify(group).includes(input.marker)) {
        if (!input.force)
          return ok({
            kind: 'modified',
            detail: `its ${event} entry that runs ${input.marker} changed since skillpack installed it`,
          });
        changed = true;
      } else kept.push(group);
    }
    hooks[event] = kept;
  }
  input.desired.forEach((entry, index) => {
    if (placed.has(index)) return;
    hooks[entry.event] = [...(hooks[entry.event] ?? []), entry.group];
    changed = true;
  });
  return ok(changed ? { kind: 'changed', text: serialize(root, hooks) } : { kind: 'unchanged' });
}

export type HookUnmergeResult =
  | { readonly kind: 'unchanged'; readonly modified: number }
  | { readonly kind: 'changed'; readonly text: string; readonly modified: number }
  | { readonly kind: 'delete'; readonly modified: 0 };

/**
 * Take the recorded groups out of `text`. Groups running `marker` that a person changed stay (`modified`
 * counts them). When skillpack created the file and nothing else is left in it, the file goes.
 */
export function removeHookEntries(input: {
  readonly text: string;
  readonly file: string;
  readonly recorded: readonly string[];
  readonly marker: string;
  readonly createdFile: boolean;
}): Result<HookUnmergeResult, ProtocolError> {
  const parsed = parseHookConfig(input.text, input.file);
  if (!parsed.success) return parsed;
  const { root, hooks } = parsed.data;
  const recorded = new Set(input.recorded);
  let removed = 0;
  let modified = 0;
  for (const [event, groups] of Object.entries(hooks)) {
    const kept = groups.filter((group) => {
      if (recorded.has(entryDigest(group))) {
        removed++;
        return false;
      }
      if (JSON.stringify(group).includes(input.marker)) modified++;
      return true;
    });
    if (kept.length === 0 && groups.length > 0) delete hooks[event];
    else hooks[event] = kept;
  }
  if (removed === 0) return ok({ kind: 'unchanged', modified });
  const others = Object.keys(root).filter((key) => key !== 'hooks');
  if (input.createdFile && modified === 0 && others.length === 0 && Object.keys(hooks).length === 0)
    return ok({ kind: 'delete', modified: 0 });
  return ok({ kind: 'changed', text: serialize(root, hooks), modified });
}
