import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../src/contracts.js';

/**
 * The contract is the only extension point: no code outside a family's folder may recognise a family by its
 * contract ids, its name or its error codes. This scans the sources of every package for string literals
 * that do (comments are prose and are skipped).
 */
const packagesDir = fileURLToPath(new URL('../..', import.meta.url));
const FAMILY_ROOT = join(packagesDir, 'core', 'src');
const FAMILIES = [...new Set(builtinContracts.ids.map((id) => id.slice(0, id.indexOf('.'))))].sort();

/** The two files that assemble the built-in registry; listing the families is their whole job. */
const ASSEMBLERS = new Set(['core/src/contracts.ts', 'core/src/builtin-loaders.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** String literals of a source file, comments skipped; a template literal counts up to its first `${`. */
export function stringLiterals(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      let text = '';
      let j = i + 1;
      let open = true;
      for (; j < source.length && source[j] !== char; j++) {
        if (source[j] === '\\') {
          if (open) text += source[j + 1] ?? '';
          j++;
        } else if (char === '`' && source[j] === '$' && source[j + 1] === '{') {
          open = false;
        } else if (open) {
          text += source[j];
        }
      }
      found.push(text);
      i = j + 1;
    } else {
      i++;
    }
  }
  return found;
}

const packageSources = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    try {
      return sourceFiles(join(packagesDir, entry.name, 'src'));
    } catch {
      return [];
    }
  });

const isFamilyFile = (file: string) =>
  FAMILIES.some((family) => !relative(join(FAMILY_ROOT, family), file).startsWith('..'));
const outside = packageSources.filter(
  (file) => !isFamilyFile(file) && !ASSEMBLERS.has(relative(packagesDir, file).split('\\').join('/')),
);

/** Codes a family creates (`new ProtocolError('code'`, `emitError('code'`), less those shared code creates too. */
function familyErrorCodes(): Set<string> {
  const created = (files: readonly string[]) =>
    new Set(
      files.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/[A-Za-z]*[Ee]rror\(\s*'([a-z][a-z0-9_]*)'/g)].map(
          (m) => m[1]!,
        ),
      ),
    );
  const generic = created(outside);
  return new Set([...created(packageSources.filter(isFamilyFile))].filter((code) => !generic.has(code)));
}

const codes = familyErrorCodes();

/** What a literal outside a family folder must not be: an id, a family, its prefix, subpath or error code. */
function familyReference(literal: string): string | undefined {
  if (builtinContracts.has(literal)) return 'a built-in contract id';
  for (const family of FAMILIES) {
    if (literal === family || literal === `${family}.`) return `the family name "${family}"`;
    if (literal === `@skillpack/core/${family}`) return `the family subpath "${family}"`;
  }
  if (codes.has(literal)) return 'a family error code';
  return undefined;
}

describe('the contract is the only extension point', () => {
  it('finds the family folders, their error codes and code outside them to scan', () => {
    expect(FAMILIES.length).toBeGreaterThanOrEqual(4);
    expect(codes.size).toBeGreaterThan(10);
    expect(outside.length).toBeGreaterThan(100);
  });

  it('recognises a family reference in a literal, and not in a comment', () => {
    const [family] = FAMILIES;
    const source = `// ${family}\n/* '${family}.' */ if (id.startsWith('${family}.')) x = \`\${a}${family}\`;`;
    expect(stringLiterals(source).map(familyReference)).toEqual([`the family name "${family}"`, undefined]);
    expect(familyReference(builtinContracts.ids[0]!)).toBe('a built-in contract id');
    expect(familyReference([...codes][0]!)).toBe('a family error code');
  });

  it('no source outside a family folder names a family, its contract ids or its error codes', () => {
    const offences = outside.flatMap((file) =>
      stringLiterals(readFileSync(file, 'utf8')).flatMap((literal) => {
        const what = familyReference(literal);
        return what ? [`${relative(packagesDir, file)}: "${literal}" is ${what}`] : [];
      }),
    );
    expect(offences).toEqual([]);
  });
});
