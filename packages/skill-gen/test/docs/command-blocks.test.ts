import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every shell command block of the READMEs and docs is either run by a test or marked as illustrative, so a
 * reader knows which ones are proven: the line before the fence is `<!-- illustrative -->` or
 * `<!-- run-by: <repository path of the test that runs it> -->`. Skill sources (`examples/skills/`) are
 * skill text rendered into packs, not documentation; changesets, generated API pages and fixtures are not read.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SHELL_FENCE = /^\s*(`{3,})(sh|bash|console|shell)\s*$/;
const MARKER = /^<!-- (illustrative|run-by: (\S+)) -->$/;
const SKIPPED = [
  /^\.changeset\//,
  /^docs\/api\//,
  /^conformance\//,
  /^examples\/skills\//,
  /\/fixtures\//,
  /__snapshots__/,
  /CHANGELOG\.md$/,
];

function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '*.md', '**/*.md'], { cwd: ROOT, encoding: 'utf8' });
  return [...new Set(listed.split('\n').filter(Boolean))].filter(
    (path) => !SKIPPED.some((skip) => skip.test(path)),
  );
}

interface Block {
  readonly where: string;
  readonly marker: string | undefined;
}

export function shellBlocks(path: string, markdown: string): Block[] {
  const lines = markdown.replaceAll('\r\n', '\n').split('\n');
  const blocks: Block[] = [];
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    const opening = /^\s*(`{3,})(.*)$/.exec(line);
    if (fence !== undefined) {
      if (opening && opening[1]!.length >= fence.length && opening[2]!.trim() === '') fence = undefined;
      continue;
    }
    if (!opening) continue;
    fence = opening[1];
    if (!SHELL_FENCE.test(line)) continue;
    let previous = index - 1;
    while (previous >= 0 && lines[previous]!.trim() === '') previous--;
    const candidate = previous >= 0 ? lines[previous]!.trim() : '';
    blocks.push({ where: `${path}:${index + 1}`, marker: MARKER.test(candidate) ? candidate : undefined });
  }
  return blocks;
}

describe('shell command blocks in the docs', () => {
  const blocks = markdownFiles().flatMap((path) => shellBlocks(path, readFileSync(join(ROOT, path), 'utf8')));

  it('finds the blocks (the scan reads the repository)', () => {
    expect(blocks.length).toBeGreaterThan(5);
  });

  it('marks every block as illustrative or names the test that runs it', () => {
    expect(blocks.filter((block) => block.marker === undefined).map((block) => block.where)).toEqual([]);
  });

  it('names only tests that exist and mention the file they run', () => {
    const wrong = blocks.flatMap((block) => {
      const test = block.marker === undefined ? undefined : MARKER.exec(block.marker)?.[2];
      if (test === undefined) return [];
      const source = block.where.slice(0, block.where.lastIndexOf(':'));
      if (!existsSync(join(ROOT, test))) return [`${block.where}: ${test} does not exist`];
      return readFileSync(join(ROOT, test), 'utf8').includes(source)
        ? []
        : [`${block.where}: ${test} never names ${source}`];
    });
    expect(wrong).toEqual([]);
  });

  it('tells an unmarked block from a marked one', () => {
    const markdown =
      'a\n\n```sh\nls\n```\n\n<!-- illustrative -->\n```bash\nls\n```\n\n````md\n```sh\nx\n```\n````\n';
    expect(shellBlocks('x.md', markdown)).toEqual([
      { where: 'x.md:3', marker: undefined },
      { where: 'x.md:8', marker: '<!-- illustrative -->' },
    ]);
  });
});
