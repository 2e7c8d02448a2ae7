// The benchmarks load the built packages by path; a module moved in a package leaves a bench that fails
// only when someone runs `npm run bench`. This checks every built path a bench names exists. Part of
// `npm test`, which builds the packages first.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = readdirSync(join(root, 'packages'));
const benches = readdirSync(join(root, 'bench')).filter((file) => file.endsWith('.mjs'));

/** Every `[packages/]<package>/(dist|bin)/….(c|m)js` string literal of `source`, as a path under packages/. */
function builtPathsIn(source) {
  const literal = /['"`](?:packages\/)?([a-z-]+)\/((?:dist|bin)\/[\w./-]+\.[cm]?js)['"`]/g;
  return [...source.matchAll(literal)]
    .filter(([, name]) => packages.includes(name))
    .map(([, name, path]) => `packages/${name}/${path}`);
}

test('the scan finds the paths the benches load', () => {
  const all = benches.flatMap((file) => builtPathsIn(readFileSync(join(root, 'bench', file), 'utf8')));
  assert.ok(all.includes('packages/skill-gen/dist/cli.js'), 'skill-gen-build runs the built CLI');
  assert.ok(all.length >= 10);
});

for (const file of benches) {
  test(`${file} names only built files that exist`, () => {
    const missing = builtPathsIn(readFileSync(join(root, 'bench', file), 'utf8')).filter(
      (path) => !existsSync(join(root, path)),
    );
    assert.deepEqual(missing, [], `${file} loads files the build no longer writes`);
  });
}
