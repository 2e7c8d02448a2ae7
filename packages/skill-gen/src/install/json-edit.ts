// Surgical edits of a JSON text that a person owns (`.claude/settings.json`, `.codex/hooks.json`), or a JSONC
// one (`.gemini/settings.json`, comments kept): append a value to an array at a path, or take one out, changing
// only the bytes of that value (and the containers it needed). Removing what an append added gives the original
// text back byte for byte. Pure: text in, text out. jsonc-parser (VS Code's) reads the text; call only on text
// it parses without errors (JSON, or JSON with comments).
import { type Node, type ParseError, parse, parseTree, printParseErrorCode } from 'jsonc-parser';

/**
 * The value of a JSONC text (JSON with comments, no trailing commas: what Gemini CLI and Qwen Code read), or
 * why it is not one. Never throws.
 */
export function readJsonc(
  text: string,
): { success: true; data: unknown } | { success: false; error: string } {
  const errors: ParseError[] = [];
  const data: unknown = parse(text, errors, { disallowComments: false, allowTrailingComma: false });
  const first = errors[0];
  if (first !== undefined || text.trim() === '')
    return {
      success: false,
      error: first
        ? `it is not JSON with comments (${printParseErrorCode(first.error)} at offset ${first.offset})`
        : 'it is empty',
    };
  return { success: true, data };
}

type Span = { readonly start: number; readonly end: number };
type JsonNode =
  | (Span & { readonly kind: 'object'; readonly members: readonly Member[] })
  | (Span & { readonly kind: 'array'; readonly items: readonly JsonNode[] })
  | (Span & { readonly kind: 'scalar' });
interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly value: JsonNode;
}

/** The tree of `text` (comments allowed) with the spans the edits splice at. */
function scan(text: string): JsonNode {
  const root = parseTree(text, [], { disallowComments: false, allowTrailingComma: false });
  if (root === undefined) return { kind: 'scalar', start: 0, end: text.length };
  return toNode(root);
}

function toNode(node: Node): JsonNode {
  const span = { start: node.offset, end: node.offset + node.length };
  if (node.type === 'object') {
    const members = (node.children ?? []).flatMap((property): Member[] => {
      const [key, value] = property.children ?? [];
      return key && value ? [{ key: key.value as string, keyStart: key.offset, value: toNode(value) }] : [];
    });
    return { kind: 'object', ...span, members };
  }
  if (node.type === 'array') return { kind: 'array', ...span, items: (node.children ?? []).map(toNode) };
  return { kind: 'scalar', ...span };
}

/** The last member named `key` (the one `JSON.parse` keeps). */
const member = (node: JsonNode, key: string): Member | undefined =>
  node.kind === 'object' ? node.members.findLast((entry) => entry.key === key) : undefined;

/** The indentation of the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The file's indentation unit: the first indented line's indentation, else two spaces. */
function indentUnit(text: string): string {
  const found = /\n([ \t]+)\S/.exec(text);
  return found ? found[1]! : '  ';
}

/** The file's line ending: CRLF when it uses one, else LF. */
const newline = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

const splice = (text: string, start: number, end: number, insert = '') =>
  text.slice(0, start) + insert + text.slice(end);

/** Insert `entry` (an item's or a member's text) as the last element of `container`. */
function insertLast(text: string, container: JsonNode, render: (indent: string) => string): string {
  const elements: readonly Span[] =
    container.kind === 'object'
      ? container.members.map((entry) => ({ start: entry.keyStart, end: entry.value.end }))
      : container.kind === 'array'
        ? container.items
        : [];
  const unit = indentUnit(text);
  const outer = lineIndent(text, container.start);
  const last = elements.at(-1);
  if (last === undefined) {
    const multiline = text.includes('\n');
    const inner = `${outer}${unit}`;
    const nl = newline(text);
    const insert = multiline ? `${nl}${inner}${render(inner)}${nl}${outer}` : render('');
    return splice(text, container.start + 1, container.end - 1, insert);
  }
  const multiline = text.slice(container.start, container.end).includes('\n');
  const indent = multiline ? lineIndent(text, last.start) : '';
  const separator = multiline ? `${newline(text)}${indent}` : ' ';
  return splice(text, last.end, last.end, `,${separator}${render(indent)}`);
}

/** `JSON.stringify` at a given indentation, in the file's style (compact when the file is on one line). */
function renderValue(text: string, value: unknown, indent: string): string {
  if (!text.includes('\n')) return JSON.stringify(value);
  return JSON.stringify(value, null, indentUnit(text)).replaceAll('\n', `${newline(text)}${indent}`);
}

/**
 * Append `value` to the array at `path` (object keys from the root), creating the objects and the array that
 * are missing. Returns `undefined` when something on the path is not an object (or the array not an array).
 */
export function appendAt(text: string, path: readonly string[], value: unknown): string | undefined {
  let node = scan(text);
  for (const [depth, key] of path.entries()) {
    if (node.kind !== 'object') return undefined;
    const found = member(node, key);
    if (found === undefined) {
      let wrapped: unknown = [value];
      for (const outer of path.slice(depth + 1).reverse()) wrapped = { [outer]: wrapped };
      const rendered = (indent: string) => `${JSON.stringify(key)}: ${renderValue(text, wrapped, indent)}`;
      return insertLast(text, node, rendered);
    }
    node = found.value;
  }
  if (node.kind !== 'array') return undefined;
  return insertLast(text, node, (indent) => renderValue(text, value, indent));
}

/** Remove element `index` of `elements` inside `container` (spans of items, or of whole members). */
function removeElement(text: string, container: JsonNode, elements: readonly Span[], index: number): string {
  const element = elements[index]!;
  const previous = elements[index - 1];
  const next = elements[index + 1];
  if (previous) return splice(text, previous.end, element.end);
  if (next) return splice(text, element.start, next.start);
  return splice(text, container.start + 1, container.end - 1);
}

/**
 * Remove item `index` of the array at `path`. An array (or object on the path) left empty by it is removed
 * too, up to but not including the root, so taking out what `appendAt` added restores the text exactly; the
 * containers named by the first `keep` keys of `path` were there before and stay, even emptied.
 * `undefined` when there is no such item.
 */
export function removeAt(text: string, path: readonly string[], index: number, keep = 0): string | undefined {
  const root = scan(text);
  const chain: JsonNode[] = [root];
  for (const key of path) {
    const found = member(chain.at(-1)!, key);
    if (found === undefined) return undefined;
    chain.push(found.value);
  }
  const array = chain.at(-1)!;
  if (array.kind !== 'array' || index < 0 || index >= array.items.length) return undefined;
  if (array.items.length > 1 || path.length <= keep) return removeElement(text, array, array.items, index);
  // The array empties: remove the innermost member whose container keeps something else (or is one of the
  // `keep` containers that stay), or the first key.
  let depth = path.length - 1;
  while (depth > keep && (chain[depth] as Extract<JsonNode, { kind: 'object' }>).members.length === 1)
    depth--;
  const container = chain[depth] as Extract<JsonNode, { kind: 'object' }>;
  const key = path[depth]!;
  const spans = container.members.map((entry) => ({ start: entry.keyStart, end: entry.value.end }));
  const position = container.members.findLastIndex((entry) => entry.key === key);
  return removeElement(text, container, spans, position);
}

/**
 * Add the member `key: value` to the object at `path`, creating the objects that are missing. `undefined` when
 * something on the path is not an object or the member is already there.
 */
export function setMemberAt(
  text: string,
  path: readonly string[],
  key: string,
  value: unknown,
): string | undefined {
  let node = scan(text);
  for (const [depth, outerKey] of path.entries()) {
    if (node.kind !== 'object') return undefined;
    const found = member(node, outerKey);
    if (found === undefined) {
      let wrapped: unknown = { [key]: value };
      for (const outer of path.slice(depth + 1).reverse()) wrapped = { [outer]: wrapped };
      const rendered = (indent: string) =>
        `${JSON.stringify(outerKey)}: ${renderValue(text, wrapped, indent)}`;
      return insertLast(text, node, rendered);
    }
    node = found.value;
  }
  if (node.kind !== 'object' || member(node, key) !== undefined) return undefined;
  return insertLast(text, node, (indent) => `${JSON.stringify(key)}: ${renderValue(text, value, indent)}`);
}

/**
 * Remove the member `key` of the object at `path`. With `prune`, the object is removed too when that left it
 * empty (never the root), so taking out what `setMemberAt` created restores the text exactly. `undefined` when
 * there is no such member.
 */
export function removeMemberAt(
  text: string,
  path: readonly string[],
  key: string,
  prune: boolean,
): string | undefined {
  const chain: JsonNode[] = [scan(text)];
  for (const outer of path) {
    const found = member(chain.at(-1)!, outer);
    if (found === undefined) return undefined;
    chain.push(found.value);
  }
  let depth = path.length;
  let name = key;
  const target = chain[depth]!;
  if (target.kind !== 'object' || member(target, key) === undefined) return undefined;
  if (prune) {
    while (depth > 0 && (chain[depth] as Extract<JsonNode, { kind: 'object' }>).members.length === 1) {
      depth--;
      name = path[depth]!;
    }
  }
  const container = chain[depth] as Extract<JsonNode, { kind: 'object' }>;
  const spans = container.members.map((entry) => ({ start: entry.keyStart, end: entry.value.end }));
  const position = container.members.findLastIndex((entry) => entry.key === name);
  return removeElement(text, container, spans, position);
}
