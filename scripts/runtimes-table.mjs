// Writes the generated runtimes tables of the READMEs: the supported-runtimes table of
// packages/skill-gen/README.md from the runtime declarations (packages/skill-gen/src/runtimes/) and the pinned
// CLIs (e2e/runtimes/package.json), and the table of packages/host/README.md from HOST_RUNTIMES
// (packages/host/src/runtimes/). Run by `npm run docs` after the build; `--check` fails when a README is
// stale. packages/skill-gen/test/runtimes/registry.test.ts and packages/host/test/runtimes-table.test.ts
// check the same.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const skillGen = await import(new URL('packages/skill-gen/dist/runtimes/runtimes-table.js', root).href);
const host = await import(new URL('packages/host/dist/runtimes/runtimes-table.js', root).href);
const pinned = JSON.parse(readFileSync(new URL('e2e/runtimes/package.json', root), 'utf8')).dependencies;

const tables = [
  {
    readme: 'packages/skill-gen/README.md',
    what: 'supported-runtimes table',
    write: (text) => skillGen.withRuntimesTable(text, skillGen.renderRuntimesTable(pinned)),
  },
  {
    readme: 'packages/host/README.md',
    what: 'runtimes table',
    write: (text) => host.withHostRuntimesTable(text, host.renderHostRuntimesTable()),
  },
];

let failed = false;
for (const { readme, what, write } of tables) {
  const url = new URL(readme, root);
  const text = readFileSync(url, 'utf8');
  const next = write(text);
  if (next === undefined) {
    console.error(`${readme} has no markers for its ${what}.`);
    failed = true;
  } else if (process.argv.includes('--check')) {
    if (next !== text) {
      console.error(`${readme}: the ${what} is stale; run \`npm run docs\`.`);
      failed = true;
    }
  } else if (next !== text) {
    writeFileSync(url, next);
    console.log(`${readme}: ${what} written.`);
  }
}
if (failed) process.exit(1);
