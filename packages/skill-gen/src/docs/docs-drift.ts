import { type DocFile, GENERATED_MARKER } from './contract-docs.js';

export type DocsDriftKind = 'changed' | 'missing' | 'stale';

export interface DocsDrift {
  readonly path: string;
  readonly kind: DocsDriftKind;
}

/**
 * Compare the pages on disk (`existing`: file name -> text, `.md` files only) with a fresh render. A page on
 * disk that the render no longer produces is `stale` only when it carries the generated marker, so a page a
 * person wrote beside the generated ones is never reported or removed.
 */
export function compareDocs(
  existing: ReadonlyMap<string, string>,
  rendered: readonly DocFile[],
): DocsDrift[] {
  const drift: DocsDrift[] = [];
  const names = new Set(rendered.map((file) => file.path));
  for (const file of rendered) {
    const current = existing.get(file.path);
    if (current === undefined) drift.push({ path: file.path, kind: 'missing' });
    else if (current !== file.content) drift.push({ path: file.path, kind: 'changed' });
  }
  for (const [path, text] of existing) {
    if (!names.has(path) && text.includes(GENERATED_MARKER)) drift.push({ path, kind: 'stale' });
  }
  return drift.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
