import { createRequire } from 'node:module';
import type { Document } from 'yaml';

let documentClass: typeof Document | undefined;

/** yaml's `Document`, loaded on the first render: a command that writes no YAML (install) loads none of its 72 files. */
function yamlDocument(): typeof Document {
  documentClass ??= (createRequire(import.meta.url)('yaml') as typeof import('yaml')).Document;
  return documentClass;
}

type Plain =
  | string
  | number
  | boolean
  | null
  | readonly Plain[]
  | { readonly [key: string]: Plain | undefined };

/** Keys sorted at every depth, except `firstKeys`, which lead the top level in the order given. */
function ordered(value: Plain | undefined, firstKeys: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => ordered(item));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as { readonly [key: string]: Plain | undefined };
  const keys = Object.keys(record).filter((key) => record[key] !== undefined);
  const leading = firstKeys.filter((key) => keys.includes(key));
  const rest = keys.filter((key) => !leading.includes(key)).sort();
  return Object.fromEntries([...leading, ...rest].map((key) => [key, ordered(record[key])]));
}

/**
 * YAML for front matter and `agents/openai.yaml`: every string a double-quoted single-line scalar (JSON
 * escapes, so no value is ever folded or reinterpreted), stable key order, LF line ends.
 */
export function toYaml(
  value: { readonly [key: string]: Plain | undefined },
  firstKeys: readonly string[] = [],
): string {
  const YamlDocument = yamlDocument();
  return new YamlDocument(ordered(value, firstKeys)).toString({
    defaultStringType: 'QUOTE_DOUBLE',
    defaultKeyType: 'PLAIN',
    doubleQuotedAsJSON: true,
    lineWidth: 0,
    minContentWidth: 0,
  });
}

export type { Plain as YamlValue };

/** A SKILL.md: front matter between `---` lines, then the Markdown body, ending in one newline. */
export function toSkillMarkdown(
  frontMatter: { readonly [key: string]: Plain | undefined },
  body: string,
): string {
  let start = 0;
  while (body.charCodeAt(start) === 10) start++;
  return `---\n${toYaml(frontMatter, ['name', 'description'])}---\n\n${body.slice(start).trimEnd()}\n`;
}
