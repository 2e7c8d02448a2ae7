// Writes the supported-runtimes table of packages/skill-gen/README.md from the runtime declarations
// (packages/skill-gen/src/runtimes/) and the pinned CLIs (e2e/runtimes/package.json). Run by `npm run docs`
// after the build; `--check` fails when the README is stale. packages/skill-gen/test/runtimes/registry.test.ts
// checks the same.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const { renderRuntimesTable, withRuntimesTable } = await import(
  new URL('packages/skill-gen/dist/runtimes/runtimes-table.js', root).href
);
const pinned = JSON.parse(readFileSync(new URL('e2e/runtimes/package.json', root), 'utf8')).dependencies;
const readmeUrl = new URL('packages/skill-gen/README.md', root);
const readme = readFileSync(readmeUrl, 'utf8');
const next = withRuntimesTable(readme, renderRuntimesTable(pinned));
if (next === undefined) {
  console.error('packages/skill-gen/README.md has no runtimes-table markers.');
  process.exit(1);
}
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('packages/skill-gen/README.md: the supported-runtimes table is stale; run `npm run docs`.');
    process.exit(1);
  }
} else if (next !== readme) {
  writeFileSync(readmeUrl, next);
  console.log('packages/skill-gen/README.md: supported-runtimes table written.');
}
