import type { FrontMatterEntry, FrontMatterNode } from './front-matter.js';
import { SOURCE_ONLY_KEYS } from './known-keys.js';
import type { LintFacts } from './lint-facts.js';
import type { LintRuntime } from './runtimes.js';
import type { SkillDocument } from './skill-document.js';

/** The front matter one runtime sees: the file's keys, or for a skill source the base plus its override. */
export interface FrontMatterView {
  readonly entries: readonly FrontMatterEntry[];
  /** The last entry with this key (loaders that tolerate duplicates keep the last). */
  get(key: string): FrontMatterEntry | undefined;
}

/**
 * `undefined` when the file has no YAML mapping to read. `facts`: what the runtimes' declarations say of their
 * keys (a source section's sidecar keys are no front matter).
 */
export function frontMatterFor(
  skill: SkillDocument,
  runtime: LintRuntime,
  facts: LintFacts,
): FrontMatterView | undefined {
  const root = mappingRoot(skill);
  if (!root) return undefined;
  if (skill.kind === 'skill') return createView(root);
  const base = root.filter((entry) => !SOURCE_ONLY_KEYS.includes(entry.key));
  if (runtime === 'portable') return createView(base);
  const override = lastEntry(root, runtime)?.value;
  if (override?.kind !== 'mapping') return createView(base);
  const sidecar: readonly string[] = facts.sidecar[runtime];
  const entries = override.entries.filter((entry) => !sidecar.includes(entry.key));
  const overridden = new Set(entries.map((entry) => entry.key));
  return createView([...base.filter((entry) => !overridden.has(entry.key)), ...entries]);
}

/** The top-level mapping entries of the file, or `undefined` when its front matter is not a mapping. */
export function mappingRoot(skill: SkillDocument): readonly FrontMatterEntry[] | undefined {
  const block = skill.frontMatter;
  if (block.kind !== 'yaml' || !block.usable) return undefined;
  if (block.root === undefined) return [];
  return block.root.kind === 'mapping' ? block.root.entries : undefined;
}

function createView(entries: readonly FrontMatterEntry[]): FrontMatterView {
  return { entries, get: (key) => lastEntry(entries, key) };
}

function lastEntry(entries: readonly FrontMatterEntry[], key: string): FrontMatterEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.key === key) return entries[i];
  return undefined;
}

/** The string value of a scalar node, or `undefined` for any other node. */
export function stringValue(node: FrontMatterNode | undefined): string | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
}

/** True when a key is absent, or its value is `null` or a blank string: a loader sees no value. */
export function isBlankValue(node: FrontMatterNode | undefined): boolean {
  if (node === undefined) return true;
  if (node.kind !== 'scalar') return false;
  return node.value === null || (typeof node.value === 'string' && node.value.trim() === '');
}

/** Count Unicode code points, as Python's `len` and Rust's `chars().count()` do. */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** Shorten a value for a message: at most `limit` characters, on one line. */
export function preview(text: string, limit = 60): string {
  const oneLine = text.replaceAll('\n', '\\n');
  return JSON.stringify(oneLine.length > limit ? `${oneLine.slice(0, limit)}…` : oneLine);
}
