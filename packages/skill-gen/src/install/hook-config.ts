// Runtimes with a hook configuration file (their declaration's `install.hookWiring`) read command hooks from a JSON object
// `{ "hooks": { "<Event>": [ { "hooks": [ { "type": "command", "command": … } ] } ] } }`. That file is runtime
// configuration a person shares with other tools, so install only adds and removes skillpack's own groups,
// identified by the sha256 of their stable JSON as recorded in the lock, and edits the text surgically
// (json-edit.ts): every byte skillpack did not add stays as it was. Pure: text in, text out.
import { fail, isJsonObject, ok, ProtocolError, type Result } from '@skillpack/core';
import { sha256 } from '../files/sha256.js';
import { toStableJson } from '../json/stable-json.js';
import { appendAt, removeAt } from './json-edit.js';

export interface HookEntry {
  readonly event: string;
  readonly group: Record<string, unknown>;
}

/** What the lock records of an install's hook configuration edits. */
export interface LockedHookConfig {
  readonly file: string;
  /** Whether skillpack created the file (then uninstall deletes it once nothing else is left in it). */
  readonly createdFile: boolean;
  entries: { event: string; sha256: string }[];
}

export const entryDigest = (group: unknown): string => sha256(toStableJson(group));

type Hooks = Record<string, unknown[]>;

function invalid(file: string, problem: string): ProtocolError {
  return new ProtocolError(
    'hook_config_invalid',
    `${file} is not a hook configuration skillpack can edit: ${problem}. skillpack leaves it as it is; fix it (or move it away) and install again.`,
    { details: { file, problem } },
  );
}

/**
 * Parse a hook configuration text: an object whose `hooks` (optional) maps each event to an array. Comments
 * (JSONC) are not JSON, so a file with them is refused rather than rewritten without them. Never throws.
 */
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
 * The hook groups a built pack declares (its plugin's hooks.json), with `<placeholder>/hooks` replaced by
 * `commandDir` (default `hookDir`), the folder the install puts `skillpack-hook.cjs` in. `hookDir` is the
 * literal folder: it must fit in the double-quoted command.
 */
export function declaredHookEntries(
  text: string,
  file: string,
  hookDir: string,
  options: { readonly placeholder?: string; readonly commandDir?: string } = {},
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
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Codex's plugin-root placeholder.
  const placeholder = `${options.placeholder ?? '${PLUGIN_ROOT}'}/hooks`;
  const replacement = options.commandDir ?? dir;
  const parsed = parseHookConfig(text, file);
  if (!parsed.success) return parsed;
  const entries: HookEntry[] = [];
  for (const [event, groups] of Object.entries(parsed.data.hooks)) {
    for (const group of groups) {
      if (!isJsonObject(group)) return fail(invalid(file, `a \`hooks.${event}\` entry is not an object`));
      const wired = JSON.parse(JSON.stringify(group).replaceAll(placeholder, replacement)) as Record<
        string,
        unknown
      >;
      entries.push({ event, group: wired });
    }
  }
  return ok(entries);
}

export type HookMergeResult =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly text: string }
  | { readonly kind: 'modified'; readonly detail: string };

/** Take out the groups at `removals` (event, index) and append `appends`, editing `text` surgically. */
function edit(
  text: string,
  file: string,
  removals: readonly { event: string; index: number }[],
  appends: readonly HookEntry[],
): Result<string, ProtocolError> {
  let current = text;
  const descending = [...removals].sort((a, b) => b.index - a.index);
  for (const { event, index } of descending) {
    const next = removeAt(current, ['hooks', event], index);
    if (next === undefined) return fail(invalid(file, `\`hooks.${event}\` changed while editing`));
    current = next;
  }
  for (const entry of appends) {
    const next = appendAt(current, ['hooks', entry.event], entry.group);
    if (next === undefined) return fail(invalid(file, `\`hooks.${entry.event}\` is not an array`));
    current = next;
  }
  return ok(current);
}

/**
 * Put `desired` into the hook configuration `text` (undefined: no file yet). Groups the lock recorded
 * (`recorded`, by digest) are replaced; a group that runs `marker` (the installed hook program) but is
 * neither recorded nor desired was edited by a person: `modified`, unless `force`. Every other group, and
 * every byte of the file around them, stays.
 */
export function mergeHookEntries(input: {
  readonly text: string | undefined;
  readonly file: string;
  readonly desired: readonly HookEntry[];
  readonly recorded: readonly string[];
  readonly marker: string;
  readonly force: boolean;
}): Result<HookMergeResult, ProtocolError> {
  if (input.text === undefined) {
    if (input.desired.length === 0) return ok({ kind: 'unchanged' });
    const hooks: Hooks = {};
    for (const entry of input.desired) hooks[entry.event] = [...(hooks[entry.event] ?? []), entry.group];
    return ok({ kind: 'changed', text: `${JSON.stringify({ hooks }, null, 2)}\n` });
  }
  const parsed = parseHookConfig(input.text, input.file);
  if (!parsed.success) return parsed;
  const recorded = new Set(input.recorded);
  const placed = new Set<number>();
  const removals: { event: string; index: number }[] = [];
  for (const [event, groups] of Object.entries(parsed.data.hooks)) {
    for (const [index, group] of groups.entries()) {
      const digest = entryDigest(group);
      const wanted = input.desired.findIndex(
        (entry, at) => !placed.has(at) && entry.event === event && entryDigest(entry.group) === digest,
      );
      if (wanted >= 0) placed.add(wanted);
      else if (recorded.has(digest)) removals.push({ event, index });
      else if (JSON.stringify(group).includes(input.marker)) {
        if (!input.force)
          return ok({
            kind: 'modified',
            detail: `its ${event} entry that runs ${input.marker} changed since skillpack installed it`,
          });
        removals.push({ event, index });
      }
    }
  }
  const appends = input.desired.filter((_, index) => !placed.has(index));
  if (removals.length === 0 && appends.length === 0) return ok({ kind: 'unchanged' });
  const text = edit(input.text, input.file, removals, appends);
  if (!text.success) return text;
  return ok({ kind: 'changed', text: text.data });
}

export type HookUnmergeResult =
  | { readonly kind: 'unchanged'; readonly modified: number }
  | { readonly kind: 'changed'; readonly text: string; readonly modified: number }
  | { readonly kind: 'delete'; readonly modified: 0 };

/**
 * Take the recorded groups out of `text`, byte for byte what install added. Groups running `marker` that a
 * person changed stay (`modified` counts them). When skillpack created the file and nothing else is left in
 * it, the file goes.
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
  const recorded = new Set(input.recorded);
  const removals: { event: string; index: number }[] = [];
  let modified = 0;
  for (const [event, groups] of Object.entries(parsed.data.hooks)) {
    for (const [index, group] of groups.entries()) {
      if (recorded.has(entryDigest(group))) removals.push({ event, index });
      else if (JSON.stringify(group).includes(input.marker)) modified++;
    }
  }
  if (removals.length === 0) return ok({ kind: 'unchanged', modified });
  const text = edit(input.text, input.file, removals, []);
  if (!text.success) return text;
  const left = parseHookConfig(text.data, input.file);
  if (!left.success) return left;
  if (input.createdFile && modified === 0 && Object.keys(left.data.root).length === 0)
    return ok({ kind: 'delete', modified: 0 });
  return ok({ kind: 'changed', text: text.data, modified });
}
