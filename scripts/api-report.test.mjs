// Tests of scripts/api-report.mjs: the description check, GitHub's heading anchors and the task index's
// links. `node --test scripts/api-report.test.mjs` (part of `npm test`); no build needed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Project } from 'ts-morph';
import { brokenLinks, budgetReport, headingAnchors, renderEntry } from './api-report.mjs';

const apiDir = fileURLToPath(new URL('../docs/api/', import.meta.url));

/** Render the entry `/pkg/index.d.ts` of an in-memory package from `files` (path -> text). */
function render(files) {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    compilerOptions: { noLib: true },
  });
  for (const [path, text] of Object.entries(files)) project.createSourceFile(path, text);
  return renderEntry(project, '@acme/pkg', '.', '/pkg/index.d.ts');
}

test('a public name without a doc comment is listed and marked on its page', () => {
  const entry = render({
    '/pkg/index.d.ts': [
      '/** Said. */',
      'export declare const said: number;',
      'export declare const unsaid: number;',
      'export interface Bare { readonly a: string }',
      "export { reexported } from './other.js';",
    ].join('\n'),
    '/pkg/other.d.ts': 'export declare function reexported(): void;',
  });
  assert.deepEqual(entry.undocumented, ['@acme/pkg Bare', '@acme/pkg reexported', '@acme/pkg unsaid']);
  const page = entry.lines.join('\n');
  assert.match(page, /3 without a description/);
  assert.match(page, /### `unsaid`\n\n\*const\*\n\n\*undocumented\*/);
  assert.match(page, /### `said`\n\n\*const\*\n\nSaid\./);
});

test('a name documented on any of its overloads is documented', () => {
  const entry = render({
    '/pkg/index.d.ts': [
      '/** Read it. */',
      'export declare function read(a: string): string;',
      'export declare function read(a: number): number;',
    ].join('\n'),
  });
  assert.deepEqual(entry.undocumented, []);
});

test('a namespace object takes the doc comment of its export, and each member needs its own', () => {
  const entry = render({
    '/pkg/index.d.ts': ["/** The schemas. */\nexport * as schemas from './schemas.js';"].join('\n'),
    '/pkg/schemas.d.ts': [
      '/** Validates A. */',
      'export declare const ASchema: unknown;',
      'export declare const BSchema: unknown;',
    ].join('\n'),
  });
  assert.deepEqual(entry.undocumented, ['@acme/pkg schemas.BSchema']);
  const page = entry.lines.join('\n');
  assert.match(page, /### `schemas`\n\n\*namespace object\*\n\nThe schemas\./);
  assert.match(page, /- `ASchema`: Validates A\./);
  assert.match(page, /- `BSchema`: \*undocumented\*/);

  const bare = render({
    '/pkg/index.d.ts': "export * as schemas from './schemas.js';",
    '/pkg/schemas.d.ts': '/** Validates A. */\nexport declare const ASchema: unknown;',
  });
  assert.deepEqual(bare.undocumented, ['@acme/pkg schemas']);
});

test('heading anchors follow GitHub: punctuation dropped, case folded, repeats numbered', () => {
  const anchors = headingAnchors(
    [
      '# `@skillpack/core` API',
      '## `@skillpack/core/conflux`',
      '### `Reply`',
      '### `reply`',
      '### `schemas`',
      '```ts',
      '# not a heading',
      '```',
      '### `schemas`',
      '### `RUN_NOT_COMPLETE`',
    ].join('\n'),
  );
  assert.deepEqual(
    [...anchors],
    [
      'skillpackcore-api',
      'skillpackcoreconflux',
      'reply',
      'reply-1',
      'schemas',
      'schemas-1',
      'run_not_complete',
    ],
  );
});

test('a link to a missing page or heading is broken; external links are not checked', () => {
  const pages = new Map([
    ['core.md', '# Core\n### `defineContract`\n'],
    ['README.md', '# Index\n## Write a contract\n'],
  ]);
  const index = [
    '[ok](core.md#definecontract) [page](core.md) [self](#write-a-contract) [web](https://example.com/x.md#y)',
    '[gone](core.md#definecontracts) [nopage](cli.md#run) [selfgone](#read-a-run)',
  ].join('\n');
  assert.deepEqual(brokenLinks(index, 'README.md', pages), [
    'core.md#definecontracts: core.md has no heading with the anchor #definecontracts',
    'cli.md#run: no page cli.md',
    '#read-a-run: README.md has no heading with the anchor #read-a-run',
  ]);
});

test('every link of the committed task index resolves against the committed pages', () => {
  const pages = new Map(
    ['README.md', 'core.md', 'adapters.md', 'skill-gen.md', 'testing.md'].map((page) => [
      page,
      readFileSync(join(apiDir, page), 'utf8'),
    ]),
  );
  const index = pages.get('README.md');
  assert.ok(
    (index.match(/\]\([a-z-]+\.md#/g) ?? []).length > 20,
    'the index links names on the package pages',
  );
  assert.deepEqual(brokenLinks(index, 'README.md', pages), []);
});

test('an entry whose own doc comment says @internal is named, not documented, and not counted', () => {
  const entry = render({
    '/pkg/index.d.ts': [
      '/**',
      ' * Plumbing for the build.',
      ' *',
      ' * @internal Not public API.',
      ' */',
      "export { plumb } from './other.js';",
      'export declare const bare: number;',
    ].join('\n'),
    '/pkg/other.d.ts': '/** Plumbs. */\nexport declare function plumb(): void;',
  });
  assert.deepEqual(entry.undocumented, []);
  assert.deepEqual(entry.count, { specifier: '@acme/pkg', runtime: 2, internal: true });
  const page = entry.lines.join('\n');
  assert.match(page, /\*internal\* — Plumbing for the build\. Not public API/);
  assert.match(page, /- `bare` \(const\)\n- `plumb` \(function\)/);
  const budget = budgetReport([{ counts: [entry.count, { specifier: '@acme/other', runtime: 3 }] }]);
  assert.equal(budget.total, 3);
  assert.match(budget.text, /@acme\/pkg\s+2 {2}\(internal, not counted\)/);
});

test('a long declaration is shown whole, never cut short', () => {
  const fields = Array.from({ length: 80 }, (_, index) => `    field${index}: z.ZodDefault<z.ZodString>;`);
  const entry = render({
    '/pkg/index.d.ts': [
      "import type { z } from 'zod';",
      '/** Validates the config. */',
      `export declare const ConfigSchema: z.ZodObject<{\n${fields.join('\n')}\n}>;`,
    ].join('\n'),
  });
  const page = entry.lines.join('\n');
  assert.ok(
    page.includes('field79: z.ZodDefault<z.ZodString>;\n}>;'),
    'the last field and the end of the type',
  );
  assert.doesNotMatch(page, /more characters in the declaration file/);
});

test('no page of docs/api holds a declaration cut short', () => {
  for (const page of ['core.md', 'adapters.md', 'host.md', 'skill-gen.md', 'testing.md', 'nx.md']) {
    assert.doesNotMatch(
      readFileSync(join(apiDir, page), 'utf8'),
      /more characters in the declaration file/,
      page,
    );
  }
});
