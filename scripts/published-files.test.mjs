// Each package's published file list (`npm pack --dry-run`) holds what a user needs and nothing else: no
// tests, no TypeScript sources, no source maps, no module naming a map left out (issue #41's install size).
// `node --test scripts/published-files.test.mjs` (part of `npm test`, which builds the packages first);
// `npm run test:pack` checks the real tarballs with the same rules.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PACKAGES } from './test-pack/context.mjs';
import { publishedFileProblems, sourceMapOf } from './test-pack/published-files.mjs';

const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url));

for (const pkg of PACKAGES) {
  test(`${pkg.name} publishes no sources, source maps or tests, and every required file`, () => {
    const packageDir = join(packagesDir, pkg.dir);
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: packageDir,
        encoding: 'utf8',
      }),
    );
    const paths = packed.files.map((file) => file.path);
    assert.deepEqual(publishedFileProblems(pkg.name, paths, packageDir), []);
  });
}

test('a source, a source map and a module naming an unpublished map are each reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-published-files-'));
  try {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/a.js'), 'export const a = 1;\n//# sourceMappingURL=a.js.map\n');
    writeFileSync(join(dir, 'dist/b.d.ts'), 'export declare const b = 1;\n//# sourceMappingURL=b.d.ts.map');
    writeFileSync(join(dir, 'dist/c.js'), 'export const c = 1;\n');
    const problems = publishedFileProblems(
      '@skillpack/nx',
      ['src/a.ts', 'dist/a.js', 'dist/a.js.map', 'dist/b.d.ts', 'dist/c.js'],
      dir,
    );
    assert.deepEqual(problems, [
      '@skillpack/nx: src/a.ts is a TypeScript source (dist/ carries the JavaScript and the .d.ts)',
      '@skillpack/nx: dist/a.js.map is a source map (the sources it maps to are not published)',
      '@skillpack/nx: dist/b.d.ts names the source map b.d.ts.map, which is not published',
      '@skillpack/nx: README.md is missing',
      '@skillpack/nx: LICENSE is missing',
      '@skillpack/nx: dist/index.js is missing',
      '@skillpack/nx: dist/index.d.ts is missing',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an inline source map names no file; a comment inside the code is not the trailing one', () => {
  assert.equal(sourceMapOf('x;\n//# sourceMappingURL=data:application/json;base64,e30=\n'), undefined);
  assert.equal(sourceMapOf('const s = "//# sourceMappingURL=x.map";\nmore();\n'), undefined);
  assert.equal(sourceMapOf('x;\n//# sourceMappingURL=../x.js.map\n'), '../x.js.map');
});
