// Runtimes with a hook configuration file (their declaration's `install.hookWiring`) read command hooks from a JSON object
// `{ "hooks": { "<Event>": [ { "hooks": [ { "type": "command", "command": … } ] } ] } }`. That file is runtime
// configuration a person shares with other tools, so install only adds and removes skillpack's own groups,
// identified by the sha256 of their stable JSON as recorded in the lock, and edits the text surgically
// (json-edit.ts): every byte skillpack did not add stays as it was. Pure: text in, text out.
import { fail, isJsonObject, ok, ProtocolError, type Result } from '@skillpack/core';
import { sha256 } from '../files/sha256.js';
import { toStableJson } from '../json/stable-json.js';
import { appendAt, readJsonc, removeAt } from './json-edit.js';

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
  /**
   * The containers the file had before install first added to it: its `hooks` object and which event arrays,
   * so uninstall takes out only what install added (a person's `"hooks": {}` stays). Absent in older locks:
   * then containers left empty go.
   */
  existing?: HookContainers;
}

/** The `hooks` object and event arrays a hook configuration has. */
export interface HookContainers {
  hooks: boolean;
  events: string[];
}

/** A recorded group: the event it was added on and its digest. */
export interface RecordedHookEntry {
  readonly event: string;
  readonly sha256: string;
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
 * are read only where the runtime reads them (`comments`, its `hookWiring.comments`: Gemini CLI, Qwen Code),
 * and kept by the edits; elsewhere a file with them is refused rather than rewritten. Never throws.
 */
export function parseHookConfig(
  text: string,
  file: string,
  comments = false,
): Result<{ root: Record<string, unknown>; hooks: Hooks }, ProtocolError> {
  let json: unknown;
  if (comments) {
    const read = readJsonc(text);
    if (!read.success) return fail(invalid(file, read.error));
    json = read.data;
  } else {
    try {
      json = JSON.parse(text);
    } catch (error) {
      return fail(invalid(file, `it is not JSON (${(error as Error).message})`));
    }
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
  | { readonly kind: 'unchanged'; readonly existing?: HookContainers }
  | { readonly kind: 'changed'; readonly text: string; readonly existing: HookContainers }
  | { readonly kind: 'modified'; readonly detail: string };

/** Take out the groups at `removals` (event, index) and append `appends`, editing `text` surgically. */
function edit(
  text: string,
  file: string,
  removals: readonly { event: string; index: number }[],
  appends: readonly HookEntry[],
  existing: HookContainers | undefined,
): Result<string, ProtocolError> {
  let current = text;
  // Containers that were there before install stay, even when emptied.
  const keep = (event: string) =>
    existing === undefined ? 0 : existing.events.includes(event) ? 2 : existing.hooks ? 1 : 0;
  const descending = [...removals].sort((a, b) => b.index - a.index);
  for (const { event, index } of descending) {
    const next = removeAt(current, ['hooks', event], index, keep(event));
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

/** The containers of a parsed hook configuration. */
export function hookContainers(parsed: { root: Record<string, unknown>; hooks: Hooks }): HookContainers {
  return { hooks: isJsonObject(parsed.root.hooks), events: Object.keys(parsed.hooks) };
}

const isRecorded = (recorded: readonly RecordedHookEntry[], event: string, digest: string) =>
  recorded.some((entry) => entry.event === event && entry.sha256 === digest);

/**
 * Put `desired` into the hook configuration `text` (undefined: no file yet). Groups the lock recorded
 * (`recorded`: on that event, by digest, and running `marker`) are replaced; a group that runs `marker` (the
 * installed hook program) but is neither recorded nor desired was edited by a person: `modified`, unless
 * `force`. Every other group, and every byte of the file around them, stays. `existing` says which containers
 * the file had before the first install (else they are read from `text`); the result says it for the lock.
 */
export function mergeHookEntries(input: {
  readonly text: string | undefined;
  readonly file: string;
  readonly desired: readonly HookEntry[];
  readonly recorded: readonly RecordedHookEntry[];
  readonly marker: string;
  readonly force: boolean;
  readonly existing?: HookContainers;
  /** The runtime reads comments in the file (`hookWiring.comments`). */
  readonly comments?: boolean;
}): Result<HookMergeResult, ProtocolError> {
  if (input.text === undefined) {
    if (input.desired.length === 0) return ok({ kind: 'unchanged' });
    const hooks: Hooks = {};
    for (const entry of input.desired) hooks[entry.event] = [...(hooks[entry.event] ?? []), entry.group];
    return ok({
      kind: 'changed',
      text: `${JSON.stringify({ hooks }, null, 2)}\n`,
      existing: { hooks: false, events: [] },
    });
  }
  const parsed = parseHookConfig(input.text, input.file, input.comments);
  if (!parsed.success) return parsed;
  const existing = input.existing ?? hookContainers(parsed.data);
  const placed = new Set<number>();
  const removals: { event: string; index: number }[] = [];
  for (const [event, groups] of Object.entries(parsed.data.hooks)) {
    for (const [index, group] of groups.entries()) {
      const digest = entryDigest(group);
      const ours = JSON.stringify(group).includes(input.marker);
      const wanted = input.desired.findIndex(
        (entry, at) => !placed.has(at) && entry.event === event && entryDigest(entry.group) === digest,
      );
      if (wanted >= 0) placed.add(wanted);
      else if (ours && isRecorded(input.recorded, event, digest)) removals.push({ event, index });
      else if (ours) {
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
  if (removals.length === 0 && appends.length === 0) return ok({ kind: 'unchanged', existing });
  const text = edit(input.text, input.file, removals, appends, existing);
  if (!text.success) return text;
  return ok({ kind: 'changed', text: text.data, existing });
}

export type HookUnmergeResult =
  | { readonly kind: 'unchanged'; readonly modified: number }
  | { readonly kind: 'changed'; readonly text: string; readonly modified: number }
  | { readonly kind: 'delete'; readonly modified: 0 };

/**
 * Take the recorded groups out of `text` (on their event, by digest, running `marker`), byte for byte what
 * install added, and the containers install created (`existing`). Groups running `marker` that a person
 * changed stay (`modified` counts them). When skillpack created the file and nothing else is left in it, the
 * file goes.
 */
export function removeHookEntries(input: {
  readonly text: string;
  readonly file: string;
  readonly recorded: readonly RecordedHookEntry[];
  readonly marker: string;
  readonly createdFile: boolean;
  readonly existing?: HookContainers;
  readonly comments?: boolean;
}): Result<HookUnmergeResult, ProtocolError> {
  const parsed = parseHookConfig(input.text, input.file, input.comments);
  if (!parsed.success) return parsed;
  const removals: { event: string; index: number }[] = [];
  let modified = 0;
  for (const [event, groups] of Object.entries(parsed.data.hooks)) {
    for (const [index, group] of groups.entries()) {
      if (!JSON.stringify(group).includes(input.marker)) continue;
      if (isRecorded(input.recorded, event, entryDigest(group))) removals.push({ event, index });
      else modified++;
    }
  }
  if (removals.length === 0) return ok({ kind: 'unchanged', modified });
  const text = edit(input.text, input.file, removals, [], input.existing);
  if (!text.success) return text;
  const left = parseHookConfig(text.data, input.file, input.comments);
  if (!left.success) return left;
  if (input.createdFile && modified === 0 && Object.keys(left.data.root).length === 0)
    return ok({ kind: 'delete', modified: 0 });
  return ok({ kind: 'changed', text: text.data, modified });
}
