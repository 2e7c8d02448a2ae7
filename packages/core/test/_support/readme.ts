import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README checks every package runs. The README's ```ts blocks are typechecked and run against the
 * packed package by `npm run test:pack`; these tests keep the README's structure and Exports table in step
 * with package.json.
 */
export function describeReadme(packageDir: URL): void {
  const readme = readFileSync(new URL('README.md', packageDir), 'utf8');
  const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
    bin?: Record<string, string>;
  };
  /** The bodies of the fenced blocks opened with exactly ```ts. */
  function tsBlocks(markdown: string): string[] {
    const blocks: string[] = [];
    let body: string[] | undefined;
    for (const line of markdown.split('\n')) {
      if (body === undefined) {
        if (line === '```ts') body = [];
      } else if (line === '```') {
        blocks.push(body.join('\n'));
        body = undefined;
      } else body.push(line);
    }
    return blocks;
  }

  /** How a subpath is written in the Exports table: `@skillpack/core/schemas/<id>.json` for `./schemas/*`. */
  /** The subpath as the table spells it: a `*` is `<family>` for a JS module, else a schema's `<id>.json`. */
  function tableSpelling(subpath: string): string {
    const module = /\.js"/.test(JSON.stringify(manifest.exports[subpath] ?? ''));
    return (manifest.name + subpath.slice(1)).replace('*', module ? '<family>' : '<id>.json');
  }

  describe(`${manifest.name} README`, () => {
    it.each(['## Install', '## Exports', '## Usage', '**What it is not:**'])('has %s', (heading) => {
      expect(readme).toContain(heading);
    });

    it('lists every subpath of the exports map and every bin in the Exports table', () => {
      const subpaths = Object.keys(manifest.exports).filter((key) => key !== './package.json');
      for (const subpath of subpaths) expect(readme).toContain(`| \`${tableSpelling(subpath)}\``);
      for (const name of Object.keys(manifest.bin ?? {})) expect(readme).toContain(`| bin \`${name}\``);
    });

    it('has usage snippets that import only published subpaths', () => {
      const blocks = tsBlocks(readme);
      expect(blocks.length).toBeGreaterThan(0);
      const published = new Set(
        [
          '@skillpack/core',
          '@skillpack/adapters',
          '@skillpack/skill-gen',
          '@skillpack/testing',
          '@skillpack/host',
        ].flatMap((name) => {
          const dir = name.slice('@skillpack/'.length);
          const other = JSON.parse(readFileSync(new URL(`../${dir}/package.json`, packageDir), 'utf8')) as {
            exports: Record<string, unknown>;
          };
          return Object.keys(other.exports).map((key) => name + key.slice(1));
        }),
      );
      for (const block of blocks) {
        for (const [, specifier] of block.matchAll(/from '(@skillpack\/[^']+)'/g)) {
          expect(published, `README imports ${specifier}`).toContain(specifier);
        }
      }
    });
  });
}
