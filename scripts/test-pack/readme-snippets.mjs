// The ```ts blocks of the READMEs: typechecked and run by scripts/test-pack.mjs against the installed tarballs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** READMEs whose ```ts blocks are compiled documentation, relative to the repository root. */
export const README_FILES = [
  'README.md',
  'packages/core/README.md',
  'packages/adapters/README.md',
  'packages/skill-gen/README.md',
  'packages/testing/README.md',
  'packages/nx/README.md',
];

/**
 * The TypeScript runner the testing README tells users to run its examples with (`await using` is a
 * SyntaxError under Node 22's `--experimental-strip-types`, and Node 20 strips no types): test:pack installs
 * it into the consumer and runs that README's snippets with it, as written.
 */
export const TSX_SPEC = 'tsx@4.23.15';

/** READMEs whose ```ts blocks are also run from source with tsx, the way their text says to. */
export const TSX_README_FILES = ['packages/testing/README.md'];

/**
 * Every fenced block opened with exactly ```ts (other languages are not checked), as one ES module each.
 * Line-by-line scan: an opening fence of three or more backticks closes only at a fence at least as long.
 */
export function extractTsBlocks(markdown) {
  const blocks = [];
  const lines = markdown.replaceAll('\r\n', '\n').split('\n');
  let open;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const fence = /^(`{3,})(.*)$/.exec(line.trimStart());
    if (open === undefined) {
      if (fence) open = { fence: fence[1], info: fence[2].trim(), line: index + 1, body: [] };
      continue;
    }
    if (fence && fence[1].length >= open.fence.length && fence[2].trim() === '') {
      if (open.info === 'ts') blocks.push({ line: open.line, code: `${open.body.join('\n')}\n` });
      open = undefined;
      continue;
    }
    open.body.push(line);
  }
  return blocks;
}

/** `{ source, line, file, code }` for each ```ts block; `file` is a unique module name for the consumer. */
export function readmeSnippets(repoRoot) {
  return README_FILES.filter((source) => existsSync(join(repoRoot, source))).flatMap((source) => {
    const slug = source === 'README.md' ? 'root' : source.split('/')[1];
    return extractTsBlocks(readFileSync(join(repoRoot, source), 'utf8')).map((block, index) => ({
      source,
      line: block.line,
      file: `readme-${slug}-${index + 1}.ts`,
      // Each snippet is its own module even when it exports nothing.
      code: block.code.includes('export ') ? block.code : `${block.code}export {};\n`,
    }));
  });
}
