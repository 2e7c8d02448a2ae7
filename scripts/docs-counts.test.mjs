// The root README and CONTRIBUTING count the packages in words ("packs the six packages"); a package added
// without the count changing leaves the docs wrong. `node --test scripts/docs-counts.test.mjs` (part of
// `npm test`); no build needed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PACKAGES } from './test-pack/context.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const packages = readdirSync(join(root, 'packages')).filter((name) => !name.startsWith('.'));
const fixed = JSON.parse(readFileSync(join(root, '.changeset/config.json'), 'utf8')).fixed[0];

/** Every "<number word> packages" / "all <number word> together" of a document, with the number it says. */
function packageCounts(text) {
  const phrases = /\b(?:the|all) (\w+) (packages|together)\b/gi;
  return [...text.matchAll(phrases)]
    .filter(([, word]) => WORDS.includes(word.toLowerCase()))
    .map(([phrase, word]) => ({ phrase, count: WORDS.indexOf(word.toLowerCase()) }));
}

test('test:pack packs every package, and the fixed version group holds every package', () => {
  assert.equal(PACKAGES.length, packages.length);
  assert.equal(fixed.length, packages.length);
});

for (const file of ['README.md', 'CONTRIBUTING.md']) {
  test(`${file} counts the packages right`, () => {
    const counts = packageCounts(readFileSync(join(root, file), 'utf8'));
    assert.ok(counts.length > 0, `${file} names a count of packages`);
    for (const { phrase, count } of counts) assert.equal(count, packages.length, `${file}: "${phrase}"`);
  });
}
