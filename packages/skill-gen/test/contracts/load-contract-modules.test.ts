import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPackContracts } from '../../src/contracts/pack-contracts.js';

const dir = mkdtempSync(join(tmpdir(), 'skillpack-contract-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A contract module's source; `defineContract` comes from the project's (here: the CLI's) @skillpack/core. */
function reviewModule(id: string, extra = ''): string {
  return [
    "import { defineContract } from '@skillpack/core';",
    "import { z } from 'zod';",
    `export const review = defineContract({ id: '${id}', version: '1.0.0', title: 'Review', description: 'A verdict.',`,
    "  delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),",
    "  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });",
    extra,
  ].join('\n');
}

function write(name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return `./${name}`;
}

const load = (...specifiers: string[]) =>
  loadPackContracts(
    specifiers.map((specifier) => ({ specifier, baseDir: dir, origin: 'skillpack.config.json' })),
  );

async function configError(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('contract modules', () => {
  it('with no module, the registry is the built-ins', async () => {
    const { registry, modules } = await load();
    expect(registry).toBe(builtinContracts);
    expect(modules).toEqual([]);
  });

  it.each([
    ['review.ts', reviewModule('acme.review-ts', 'export type Verdict = { verdict: string };')],
    ['review.mts', reviewModule('acme.review-mts')],
    ['review.js', reviewModule('acme.review-js')],
    ['review.mjs', reviewModule('acme.review-mjs')],
  ])('loads %s on plain Node, next to the built-ins', async (name, source) => {
    const { registry, modules } = await load(write(name, source));
    const id = `acme.review-${name.split('.')[1]}`;
    expect(registry.require(id).extract('{"verdict":"reject"}')).toMatchObject({
      data: { verdict: 'reject' },
    });
    expect(registry.has('conflux.acceptance')).toBe(true);
    expect(modules.map((entry) => [entry.contract.id, entry.exportName])).toEqual([[id, 'review']]);
  });

  it('collects registries and arrays, each contract once', async () => {
    const source = [
      reviewModule('acme.one'),
      "import { createContractRegistry, defineContract as define } from '@skillpack/core';",
      "const two = define({ ...review, id: 'acme.two' });",
      'export const all = createContractRegistry([review, two]);',
      'export const list = [review];',
    ].join('\n');
    const { registry, modules } = await load(write('many.ts', source));
    expect(registry.has('acme.one') && registry.has('acme.two')).toBe(true);
    expect(modules.map((entry) => `${entry.exportName}:${entry.contract.id}`)).toEqual([
      'all:acme.one',
      'all:acme.two',
    ]);
  });

  it('follows the module own relative imports (TypeScript importing TypeScript)', async () => {
    write(
      'parts/schema.ts',
      "import { z } from 'zod';\nexport const Schema = z.strictObject({ n: z.number() });\n",
    );
    const main = write(
      'parts/index.ts',
      [
        "import { defineContract } from '@skillpack/core';",
        "import { Schema } from './schema.ts';",
        "export const n = defineContract({ id: 'acme.n', version: '1.0.0', title: 'N', description: 'n',",
        "  delivery: 'text', schema: Schema, examples: [] });",
      ].join('\n'),
    );
    expect((await load(main)).registry.has('acme.n')).toBe(true);
  });

  it.each([
    [
      'an export that is not a contract',
      'bad-export.ts',
      reviewModule('acme.bad', 'export const helper = 1;'),
      'contract_module_export',
      '"helper"',
    ],
    ['a module without contracts', 'empty.ts', 'export {};', 'contract_module_empty', 'exports no contract'],
    [
      'a module that does not compile',
      'broken.ts',
      'export const = ;',
      'contract_module_unloadable',
      'cannot be compiled',
    ],
    [
      'a module that throws on import',
      'throws.ts',
      "throw new Error('boom');",
      'contract_module_unloadable',
      'boom',
    ],
    [
      'an unresolvable import',
      'missing-dep.ts',
      "import '@acme/not-installed';",
      'contract_module_unloadable',
      '@acme/not-installed',
    ],
    [
      'a duplicate of a built-in id',
      'dupe.ts',
      reviewModule('conflux.acceptance'),
      'duplicate_contract',
      'the built-in contracts',
    ],
  ])('%s is a ConfigError naming the file and module', async (_what, name, source, code, says) => {
    const error = await configError(load(write(name, source)));
    expect(error.code).toBe(code);
    expect(error.message).toContain('skillpack.config.json');
    expect(error.message).toContain(`./${name}`);
    expect(error.message).toContain(says);
  });

  it('a syntax error points at the module file:line:column, not at the config, and does not suggest npm install', async () => {
    const name = write('syntax.ts', `${reviewModule('acme.syntax')}\nexport const broken = review.;\n`);
    const error = await configError(load(name));
    expect(error.code).toBe('contract_module_unloadable');
    expect(error.message).toMatch(
      /^syntax\.ts:7:30: The contract module "\.\/syntax\.ts" \(named in skillpack\.config\.json\) cannot be compiled: /,
    );
    expect(error.message).not.toContain('npm install');
    expect(error.details).toMatchObject({
      file: 'syntax.ts',
      line: 7,
      column: 30,
      fix: 'Correct the module at syntax.ts:7:30.',
    });
  });

  it('an import that does not resolve suggests installing it, at the line that imports it', async () => {
    const error = await configError(load(write('needs-dep.ts', "\nimport '@acme/not-installed';\n")));
    expect(error.message).toMatch(/^needs-dep\.ts:2:\d+: /);
    expect(error.details.fix).toContain('npm install');
  });

  it('a missing file and the same id from two modules are ConfigErrors too', async () => {
    expect((await configError(load('./nowhere.ts'))).code).toBe('contract_module_not_found');
    const a = write('a.ts', reviewModule('acme.same'));
    const b = write('b.ts', reviewModule('acme.same'));
    const error = await configError(load(a, b));
    expect([error.code, error.message]).toEqual([
      'duplicate_contract',
      expect.stringMatching(/export "review" of \.\/b\.ts and by export "review" of \.\/a\.ts/),
    ]);
  });
});

describe('contract modules for a command that reads one contract (only)', () => {
  const loadFor = (only: string, specifier: string) =>
    loadPackContracts([{ specifier, baseDir: dir, origin: 'skillpack.config.json' }], only);

  it('a built-in id of another family than the one read is still a duplicate', async () => {
    const error = await configError(
      loadFor('maestro.result', write('dupe-only.ts', reviewModule('conflux.acceptance'))),
    );
    expect([error.code, error.message]).toEqual([
      'duplicate_contract',
      expect.stringContaining('the built-in contracts'),
    ]);
  });

  it('holds the contract read, and every contract when no one defines it', async () => {
    const name = write('only.ts', reviewModule('acme.only'));
    expect((await loadFor('acme.only', name)).registry.list().map((contract) => contract.id)).toEqual([
      'acme.only',
    ]);
    expect((await loadFor('maestro.result', name)).registry.list().map((contract) => contract.id)).toEqual([
      'acme.only',
      'maestro.result',
    ]);
    const every = (await loadFor('acme.nothing', name)).registry.list().map((contract) => contract.id);
    expect(every).toContain('devflow.new-task');
    expect(every).toContain('acme.only');
  });
});

describe('a contract module that does not finish loading', () => {
  const bounded = (specifier: string, timeoutMs: number) =>
    loadPackContracts([{ specifier, baseDir: dir, origin: 'skillpack.config.json', timeoutMs }]);

  it('while (true) {} at import is stopped: contract_module_timeout naming the module and the bound', async () => {
    const started = Date.now();
    const error = await configError(
      bounded(write('busy.ts', `while (true) {}\n${reviewModule('acme.busy')}`), 800),
    );
    expect(error.code).toBe('contract_module_timeout');
    expect(error.message).toContain('"./busy.ts" did not finish loading within 800 ms');
    expect(error.details).toMatchObject({ module: './busy.ts', timeoutMs: 800 });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a slow top-level await past the bound is contract_module_timeout', async () => {
    const slow = write(
      'slow.ts',
      `await new Promise((r) => setTimeout(r, 60_000));\n${reviewModule('acme.slow')}`,
    );
    expect((await configError(bounded(slow, 800))).code).toBe('contract_module_timeout');
  });

  it('a top-level await that nothing can settle is contract_module_unsettled, at once', async () => {
    const error = await configError(
      bounded(write('never.ts', `await new Promise(() => {});\n${reviewModule('acme.never')}`), 60_000),
    );
    expect(error.code).toBe('contract_module_unsettled');
    expect(error.message).toContain('"./never.ts" never finished loading');
  });

  it('process.exit at import is refused, and the process goes on', async () => {
    const error = await configError(
      bounded(write('exits.ts', `process.exit(0);\n${reviewModule('acme.exits')}`), 60_000),
    );
    expect(error.code).toBe('contract_module_unloadable');
    expect(error.message).toContain('called process.exit(0) while loading');
  });

  it('a module that throws at import names the module and the cause', async () => {
    const error = await configError(
      bounded(write('throws.ts', `throw new Error('no data file');\n${reviewModule('acme.throws')}`), 60_000),
    );
    expect(error.code).toBe('contract_module_unloadable');
    expect(error.message).toContain('"./throws.ts" failed while loading: no data file');
  });

  it('a module that leaves a timer running loads, once the trial import is done', async () => {
    const { registry } = await bounded(
      write('timer.ts', `setInterval(() => {}, 60_000).unref();\n${reviewModule('acme.timer')}`),
      60_000,
    );
    expect(registry.has('acme.timer')).toBe(true);
  });
});
