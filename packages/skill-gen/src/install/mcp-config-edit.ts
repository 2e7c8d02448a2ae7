// A pack's MCP server entry in a runtime's configuration file, added and taken out again byte for byte: a JSON
// (or JSONC) member `<servers>.<key>` or a TOML table `[<servers>.<key>]`, plus the approval rule some runtimes
// need in another file. What the lock records (LockedMcpServer) is what uninstall takes out; a user's entry of
// the same key is never overwritten. Pure: text in, text out.
import { isJsonObject } from '@skillpack/core';
import { sha256 } from '../files/sha256.js';
import { toStableJson } from '../json/stable-json.js';
import { appendAt, readJsonc, removeAt, removeMemberAt, setMemberAt } from './json-edit.js';
import type { McpApproval, McpConfigFile } from './mcp-wiring.js';

/** What an edit of a configuration text gives. */
export type McpEdit =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly text: string }
  /** The file cannot take the entry: it does not parse, a container is not an object, or the key is a user's. */
  | { readonly kind: 'refused'; readonly problem: string; readonly conflict?: true };

/** The digest of an entry (stable JSON), as the lock records it. */
export const mcpEntryDigest = (entry: unknown) => sha256(toStableJson(entry));

function parse(text: string, syntax: 'json' | 'jsonc'): { value: unknown } | { problem: string } {
  if (syntax === 'jsonc') {
    const read = readJsonc(text);
    return read.success ? { value: read.data } : { problem: read.error };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: `it is not JSON (${(error as Error).message})` };
  }
}

/** The value at `path` of a parsed root, `undefined` when a key is missing, `null` when something is no object. */
function at(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isJsonObject(node)) return null;
    if (!(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A TOML string or array of strings, as JSON writes them (JSON string escapes are valid TOML escapes). */
function tomlValue(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number')
    return JSON.stringify(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return JSON.stringify(value);
  return undefined;
}

/**
 * The TOML table of an entry: `[mcp_servers.<key>]` and one `name = value` line per field, in key order (the
 * order the lock keeps the entry in, so uninstall renders the same bytes).
 */
export function mcpTomlTable(
  servers: readonly string[],
  key: string,
  entry: Record<string, unknown>,
): string {
  const names = Object.keys(entry).sort();
  const lines = names.map((name) => `${name} = ${tomlValue(entry[name])}`);
  return `[${[...servers, key].join('.')}]\n${lines.join('\n')}\n`;
}

/** Whether a TOML text has a table `[<servers>.<key>]` or a sub-table of it (outside skillpack's own bytes). */
function tomlHasTable(text: string, servers: readonly string[], key: string): boolean {
  const name = [...servers, key].join('.').replaceAll('.', '\\.');
  return new RegExp(`^\\s*\\[\\s*${name}(\\s*\\]|\\.)`, 'm').test(text);
}

/** The bytes put before an appended TOML table: a line end for a last line without one, a blank line. */
const tomlPrefix = (text: string) => (text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n');

/**
 * Put the entry under `key` into `text` (`undefined`: no file yet). An entry whose digest the lock recorded
 * (`recorded`) is skillpack's and is replaced; any other entry of that key is the user's: refused.
 */
export function addMcpEntry(input: {
  readonly text: string | undefined;
  readonly config: McpConfigFile;
  readonly key: string;
  readonly entry: Record<string, unknown>;
  readonly recorded: string | undefined;
}): McpEdit {
  const { config, key, entry } = input;
  const userEntry = (): McpEdit => ({
    kind: 'refused',
    conflict: true,
    problem: `it already has an MCP server named ${JSON.stringify(key)} that skillpack did not write`,
  });
  if (config.syntax === 'toml') {
    const table = mcpTomlTable(config.servers, key, entry);
    const base = input.text ?? '';
    if (base.includes(table)) return { kind: 'unchanged' };
    if (input.recorded !== undefined) {
      const previous = findTomlTable(base, config.servers, key);
      if (previous !== undefined) return { kind: 'changed', text: base.replace(previous, table) };
    }
    if (tomlHasTable(base, config.servers, key)) return userEntry();
    return { kind: 'changed', text: `${base}${tomlPrefix(base)}${table}` };
  }
  const text = input.text ?? '{}\n';
  const parsed = parse(text, config.syntax);
  if ('problem' in parsed) return { kind: 'refused', problem: parsed.problem };
  if (!isJsonObject(parsed.value)) return { kind: 'refused', problem: 'it is not a JSON object' };
  const servers = at(parsed.value, config.servers);
  if (servers === null || (servers !== undefined && !isJsonObject(servers)))
    return { kind: 'refused', problem: `\`${config.servers.join('.')}\` is not an object` };
  const current = isJsonObject(servers) ? servers[key] : undefined;
  let base = text;
  if (current !== undefined) {
    const digest = mcpEntryDigest(current);
    if (digest === mcpEntryDigest(entry)) return { kind: 'unchanged' };
    if (digest !== input.recorded) return userEntry();
    base = removeMemberAt(text, config.servers, key, false) ?? text;
  }
  const next = setMemberAt(base, config.servers, key, entry);
  if (next === undefined) return { kind: 'refused', problem: `\`${config.servers.join('.')}\` changed` };
  return { kind: 'changed', text: next };
}

/** The table install wrote for `key` in a TOML text, as it is there now (up to the next table or the end). */
function findTomlTable(text: string, servers: readonly string[], key: string): string | undefined {
  const header = `[${[...servers, key].join('.')}]\n`;
  const start = text.startsWith(header) ? 0 : text.indexOf(`\n${header}`) + 1;
  if (start < 0 || (start === 0 && !text.startsWith(header))) return undefined;
  const next = text.indexOf('\n[', start + header.length - 1);
  return text.slice(start, next < 0 ? text.length : next + 1);
}

/**
 * Take the entry under `key` out of `text` when it is still the one recorded (`recorded` digest, or for TOML the
 * exact table with what was put before it); an entry a person changed stays (`kept`). `prune`: the servers
 * object was created by install and goes when left empty. `deleteFile`: nothing of the file is left.
 */
export function removeMcpEntry(input: {
  readonly text: string;
  readonly config: McpConfigFile;
  readonly key: string;
  readonly entry: Record<string, unknown>;
  readonly recorded: string;
  readonly prefix?: string;
  readonly prune: boolean;
  readonly createdFile: boolean;
}):
  | { readonly kind: 'kept' }
  | { readonly kind: 'changed'; readonly text: string; readonly deleteFile: boolean } {
  const { config, key } = input;
  if (config.syntax === 'toml') {
    const table = mcpTomlTable(config.servers, key, input.entry);
    if (mcpEntryDigest(input.entry) !== input.recorded) return { kind: 'kept' };
    const whole = `${input.prefix ?? ''}${table}`;
    const atWhole = input.text.lastIndexOf(whole);
    const found =
      atWhole >= 0
        ? { at: atWhole, length: whole.length }
        : input.text.startsWith(table)
          ? { at: 0, length: table.length }
          : input.text.lastIndexOf(`\n${table}`) >= 0
            ? { at: input.text.lastIndexOf(`\n${table}`) + 1, length: table.length }
            : undefined;
    if (!found) return { kind: 'kept' };
    const next = input.text.slice(0, found.at) + input.text.slice(found.at + found.length);
    return { kind: 'changed', text: next, deleteFile: input.createdFile && next === '' };
  }
  const parsed = parse(input.text, config.syntax);
  if ('problem' in parsed) return { kind: 'kept' };
  const current = at(parsed.value, [...config.servers, key]);
  if (current === undefined || current === null || mcpEntryDigest(current) !== input.recorded)
    return { kind: 'kept' };
  const next = removeMemberAt(input.text, config.servers, key, input.prune);
  if (next === undefined) return { kind: 'kept' };
  const left = parse(next, config.syntax);
  const empty = 'value' in left && isJsonObject(left.value) && Object.keys(left.value).length === 0;
  return { kind: 'changed', text: next, deleteFile: input.createdFile && empty };
}

/** Whether a JSON configuration text already has the servers object (a TOML text has no such container). */
export function hasMcpServers(text: string | undefined, config: McpConfigFile): boolean {
  if (text === undefined || config.syntax === 'toml') return false;
  const parsed = parse(text, config.syntax);
  return 'value' in parsed && isJsonObject(at(parsed.value, config.servers));
}

/** Append the approval rule to its array, unless it is there already (then it is the user's: nothing to record). */
export function addMcpApproval(
  text: string | undefined,
  approval: McpApproval,
  rule: string,
): McpEdit & { readonly existing?: number } {
  const base = text ?? '{}\n';
  const parsed = parse(base, approval.syntax);
  if ('problem' in parsed) return { kind: 'refused', problem: parsed.problem };
  if (!isJsonObject(parsed.value)) return { kind: 'refused', problem: 'it is not a JSON object' };
  const array = at(parsed.value, approval.array);
  if (array === null || (array !== undefined && !Array.isArray(array)))
    return { kind: 'refused', problem: `\`${approval.array.join('.')}\` is not an array` };
  if (Array.isArray(array) && array.includes(rule)) return { kind: 'unchanged' };
  const existing = approval.array.findIndex(
    (_, depth) => at(parsed.value, approval.array.slice(0, depth + 1)) === undefined,
  );
  const next = appendAt(base, approval.array, rule);
  if (next === undefined) return { kind: 'refused', problem: `\`${approval.array.join('.')}\` changed` };
  return { kind: 'changed', text: next, existing: existing < 0 ? approval.array.length : existing };
}

/** Take the recorded rule out of its array; the containers that were there before (`keep` keys deep) stay. */
export function removeMcpApproval(
  text: string,
  approval: McpApproval,
  rule: string,
  keep: number,
  createdFile: boolean,
):
  | { readonly kind: 'kept' }
  | { readonly kind: 'changed'; readonly text: string; readonly deleteFile: boolean } {
  const parsed = parse(text, approval.syntax);
  if ('problem' in parsed) return { kind: 'kept' };
  const array = at(parsed.value, approval.array);
  if (!Array.isArray(array)) return { kind: 'kept' };
  const index = array.lastIndexOf(rule);
  if (index < 0) return { kind: 'kept' };
  const next = removeAt(text, approval.array, index, keep);
  if (next === undefined) return { kind: 'kept' };
  const left = parse(next, approval.syntax);
  const empty = 'value' in left && isJsonObject(left.value) && Object.keys(left.value).length === 0;
  return { kind: 'changed', text: next, deleteFile: createdFile && empty };
}
