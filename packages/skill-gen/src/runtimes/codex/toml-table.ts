// A table skillpack appends to Codex's config.toml (a plugin's `[plugins."<id>"]`, a trust grant) and takes out
// again: pure text edits that leave every other byte of the file as it was. Where the table went is recorded
// as the bytes put before it, so only what skillpack added is ever removed.

/** The bytes put before an appended table: none in an empty file, a line end for a last line without one, a blank line. */
export type TablePrefix = '' | '\n' | '\n\n';

export function tablePrefix(text: string): TablePrefix {
  if (text === '') return '';
  return text.endsWith('\n') ? '\n' : '\n\n';
}

/** `text` with `table` appended after its prefix, and the prefix. */
export function appendTable(text: string, table: string): { text: string; prefix: TablePrefix } {
  const prefix = tablePrefix(text);
  return { text: `${text}${prefix}${table}`, prefix };
}

/** Where the appended table is in `text` (with its prefix, else the table alone at a line start). */
export function findAppendedTable(
  text: string,
  table: string,
  prefix: TablePrefix,
): { at: number; length: number } | undefined {
  const whole = `${prefix}${table}`;
  const at = text.lastIndexOf(whole);
  // The byte before must still be what it was: a line end before skillpack's blank line or its table. At the
  // start or the end of the file (a table appended before or after it went first) the prefix goes too: it ends
  // no line of the person's.
  const before = at > 0 ? text[at - 1] : undefined;
  const edge = at === 0 || at + whole.length === text.length;
  const intact = prefix === '\n\n' || before === '\n' || edge;
  if (at >= 0 && intact) return { at, length: whole.length };
  // The person edited around it (the blank line before it, or the file's start): the table's own bytes still go.
  if (text.startsWith(table)) return { at: 0, length: table.length };
  const inner = text.lastIndexOf(`\n${table}`);
  return inner >= 0 ? { at: inner + 1, length: table.length } : undefined;
}

/** `text` without the appended table (and its prefix), or `undefined` when it is no longer there byte for byte. */
export function withoutAppendedTable(text: string, table: string, prefix: TablePrefix): string | undefined {
  const found = findAppendedTable(text, table, prefix);
  return found && text.slice(0, found.at) + text.slice(found.at + found.length);
}

/** Whether `text` names `key` as a TOML key (in double or single quotes): a table of the person's own. */
export function mentionsKey(text: string, key: string): boolean {
  return text.includes(JSON.stringify(key)) || text.includes(`'${key}'`);
}
