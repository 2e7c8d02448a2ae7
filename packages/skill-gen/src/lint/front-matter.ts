import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parse, parseDocument, Scalar } from 'yaml';
import { yamlErrorSummary } from '../errors/yaml-message.js';

/** A YAML node reduced to plain data with line numbers; rules never see the `yaml` package's types. */
export type FrontMatterNode =
  | {
      readonly kind: 'scalar';
      readonly value: string | number | boolean | null;
      /** `plain` scalars are the ones a YAML 1.1 parser may read differently. */
      readonly style: 'plain' | 'quoted' | 'block';
      /** The scalar as written (for plain scalars). */
      readonly source: string;
      readonly line: number;
    }
  | { readonly kind: 'mapping'; readonly entries: readonly FrontMatterEntry[]; readonly line: number }
  | { readonly kind: 'sequence'; readonly items: readonly FrontMatterNode[]; readonly line: number }
  | { readonly kind: 'alias'; readonly line: number }
  | { readonly kind: 'other'; readonly line: number };

export interface FrontMatterEntry {
  readonly key: string;
  readonly line: number;
  readonly value: FrontMatterNode;
}

/** A message from the strict YAML parser, with the file line it points at. */
export interface YamlIssue {
  readonly code: string;
  readonly message: string;
  readonly line: number;
}

export interface ParsedYaml {
  /** `undefined` for an empty document (only blank lines or comments). */
  readonly root: FrontMatterNode | undefined;
  readonly issues: readonly YamlIssue[];
  /**
   * Whether `root` is what lenient loaders read: true when the only problems are duplicate keys and unquoted
   * `: ` values (read as strings, the way Claude Code, Codex and OpenCode recover them).
   */
  readonly usable: boolean;
}

const MAX_DEPTH = 64;
/** Our code for a plain value containing `: ` (the `yaml` package reports BLOCK_AS_IMPLICIT_KEY). */
export const UNQUOTED_COLON = 'UNQUOTED_COLON';
const RECOVERABLE = new Set(['DUPLICATE_KEY', UNQUOTED_COLON]);

/**
 * Parse front matter text with the `yaml` package in strict mode (unique keys, YAML 1.2 core schema).
 * `firstLine` is the file line of the first YAML line, so issue and node lines are file lines.
 */
export function parseFrontMatterYaml(source: string, firstLine: number): ParsedYaml {
  const first = parseStrict(source, firstLine);
  const lines = source.split('\n');
  const issues = first.issues.map((issue) =>
    issue.code === 'BLOCK_AS_IMPLICIT_KEY' && colonValueStart(lines[issue.line - firstLine] ?? '') !== -1
      ? { ...issue, code: UNQUOTED_COLON }
      : issue,
  );
  const usable = issues.every((issue) => RECOVERABLE.has(issue.code));
  if (!issues.some((issue) => issue.code === UNQUOTED_COLON)) return { root: first.root, issues, usable };
  const repaired = lines.map((line, index) =>
    issues.some((issue) => issue.code === UNQUOTED_COLON && issue.line - firstLine === index)
      ? quoteValue(line)
      : line,
  );
  return { root: parseStrict(repaired.join('\n'), firstLine).root, issues, usable };
}

/** Where the value starts in `key: value: more`, or -1 when the line has no second `: `. */
function colonValueStart(line: string): number {
  const first = line.indexOf(': ');
  if (first === -1 || line.indexOf(': ', first + 2) === -1) return -1;
  return first + 2;
}

function quoteValue(line: string): string {
  const start = colonValueStart(line);
  return start === -1 ? line : `${line.slice(0, start)}${JSON.stringify(line.slice(start).trim())}`;
}

function parseStrict(
  source: string,
  firstLine: number,
): { root: FrontMatterNode | undefined; issues: YamlIssue[] } {
  const lineCounter = new LineCounter();
  const lineOf = (offset: number | undefined): number =>
    offset === undefined ? firstLine : lineCounter.linePos(offset).line + firstLine - 1;
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(source, { strict: true, uniqueKeys: true, prettyErrors: false, lineCounter });
  } catch (error) {
    // The composer recurses; absurd nesting can exhaust the stack. Report it as unparsable YAML.
    const message = error instanceof Error ? error.message : String(error);
    return { root: undefined, issues: [{ code: 'YAML_PARSER_FAILED', message, line: firstLine }] };
  }
  const issues = document.errors.map((error) => ({
    code: error.code,
    message: yamlErrorSummary(error.message),
    line: lineOf(error.pos[0]),
  }));
  const contents = document.contents;
  return { root: contents === null ? undefined : toNode(contents, lineOf, 0), issues };
}

function toNode(node: Node, lineOf: (offset: number | undefined) => number, depth: number): FrontMatterNode {
  const line = lineOf(node.range?.[0]);
  if (depth > MAX_DEPTH) return { kind: 'other', line };
  if (isScalar(node)) {
    const value = node.value;
    const style =
      node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE
        ? 'quoted'
        : node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL
          ? 'block'
          : 'plain';
    const source = typeof node.source === 'string' ? node.source : String(value);
    if (value === null || typeof value === 'string' || typeof value === 'boolean') {
      return { kind: 'scalar', value, style, source, line };
    }
    if (typeof value === 'number') return { kind: 'scalar', value, style, source, line };
    return { kind: 'other', line };
  }
  if (isMap(node)) {
    const entries: FrontMatterEntry[] = [];
    for (const pair of node.items) {
      const key = pair.key;
      if (!isScalar(key)) continue;
      const keyLine = lineOf(key.range?.[0]);
      const value: FrontMatterNode =
        pair.value === null || pair.value === undefined
          ? { kind: 'scalar', value: null, style: 'plain', source: '', line: keyLine }
          : toNode(pair.value as Node, lineOf, depth + 1);
      entries.push({ key: String(key.value), line: keyLine, value });
    }
    return { kind: 'mapping', entries, line };
  }
  if (isSeq(node)) {
    const items = node.items.map((item) =>
      isScalar(item) || isMap(item) || isSeq(item) || isAlias(item)
        ? toNode(item, lineOf, depth + 1)
        : ({ kind: 'other', line } as const),
    );
    return { kind: 'sequence', items, line };
  }
  if (isAlias(node)) return { kind: 'alias', line };
  return { kind: 'other', line };
}

/** Describe a node's type for messages: `string`, `number`, `mapping`, … */
export function nodeTypeName(node: FrontMatterNode): string {
  if (node.kind !== 'scalar') return node.kind === 'other' ? 'unsupported value' : node.kind;
  return node.value === null ? 'null' : typeof node.value;
}

/**
 * Whether a plain scalar that YAML 1.2 reads as a string becomes something else under YAML 1.1 (`yes`,
 * `on`, `2024-01-01`, `0123`), as js-yaml-based tools such as the npm `skills-ref` port read it.
 */
export function readsAsNonStringInYaml11(source: string): boolean {
  if (source.length > 64) return false;
  try {
    return typeof parse(source, { version: '1.1' }) !== 'string';
  } catch {
    return false;
  }
}
