import { createFenceTracker } from '@skillpack/core';

/** A relative file path the body points at, with the line it is on. */
export interface FileReference {
  readonly target: string;
  readonly line: number;
}

const CONVENTIONAL_FOLDERS = ['references/', 'scripts/', 'assets/'] as const;

/**
 * Collect relative file references from Markdown body lines: link and image targets (`[x](references/a.md)`)
 * and inline code that names a file under `references/`, `scripts/` or `assets/`. Fenced code is skipped.
 * A path that starts with one of `skillFolderPrefixes` (`${VAR}/`, what a runtime expands to the skill's
 * folder) is read without it. Every line is scanned once with `indexOf`, so the cost is linear in the body length.
 */
export function findFileReferences(
  lines: readonly string[],
  firstLine: number,
  skillFolderPrefixes: readonly string[] = [],
): FileReference[] {
  const fence = createFenceTracker();
  const found: FileReference[] = [];
  lines.forEach((text, index) => {
    if (fence.step(text.trimStart()) !== 'outside') return;
    const line = firstLine + index;
    for (const target of linkTargets(text)) {
      const path = toRelativePath(target, skillFolderPrefixes);
      if (path !== undefined) found.push({ target: path, line });
    }
    for (const code of inlineCode(text)) {
      const path = stripSkillDir(code.trim(), skillFolderPrefixes);
      if (CONVENTIONAL_FOLDERS.some((folder) => path.startsWith(folder) || path.startsWith(`./${folder}`))) {
        if (!/\s/.test(path) && !path.includes('{{') && !path.includes('*'))
          found.push({ target: path, line });
      }
    }
  });
  return found;
}

function linkTargets(text: string): string[] {
  const targets: string[] = [];
  let at = text.indexOf('](');
  while (at !== -1) {
    const start = at + 2;
    const end = text.indexOf(')', start);
    if (end === -1) break;
    let target = text.slice(start, end).trim();
    if (target.startsWith('<') && target.endsWith('>')) target = target.slice(1, -1);
    else target = target.split(/\s/, 1)[0] ?? '';
    targets.push(target);
    at = text.indexOf('](', end);
  }
  return targets;
}

function inlineCode(text: string): string[] {
  const parts = text.split('`');
  const spans: string[] = [];
  for (let i = 1; i < parts.length - 1; i += 2) spans.push(parts[i]!);
  return spans;
}

function stripSkillDir(target: string, prefixes: readonly string[]): string {
  for (const prefix of prefixes) if (target.startsWith(prefix)) return target.slice(prefix.length);
  return target;
}

/** A link target as a path relative to the skill folder, or `undefined` for URLs, anchors and templates. */
function toRelativePath(rawTarget: string, skillFolderPrefixes: readonly string[]): string | undefined {
  const target = stripSkillDir(rawTarget, skillFolderPrefixes);
  if (target === '' || target.startsWith('#') || target.startsWith('/') || target.startsWith('~'))
    return undefined;
  if (target.includes('{{') || target.includes('$') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const cut = Math.min(
    ...['#', '?'].map((mark) => target.indexOf(mark)).filter((index) => index !== -1),
    target.length,
  );
  const path = target.slice(0, cut);
  if (path === '') return undefined;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Resolve `./a/../b` against the skill folder; `undefined` when the path climbs out of it. */
export function resolveInsideFolder(path: string): string | undefined {
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}
