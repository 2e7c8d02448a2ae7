import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  familiesIn,
  modulesLoadedBy,
  modulesLoadedByImport,
  projectModules,
} from '../../core/test/_support/loaded-modules.js';
import { configText, tempDir, writeTree } from './_support/temp.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/skillpack.js', import.meta.url));
/** Modules that load contracts: the built-in registry and a pack's own contract modules. */
const CONTRACT_LOADERS = /\/core\/dist\/contracts\.js$|\/skill-gen\/dist\/contracts\//;

describe('@skillpack/skill-gen loads contracts only when a command needs them', () => {
  it('the root loads no family, no contract loader and not ts-morph', () => {
    const { urls } = modulesLoadedByImport('@skillpack/skill-gen', packageDir);
    expect(familiesIn(urls)).toEqual([]);
    expect(urls.filter((url) => CONTRACT_LOADERS.test(url))).toEqual([]);
    expect(urls.some((url) => /\/node_modules\/(ts-morph|@ts-morph)\//.test(url))).toBe(false);
  });

  it.each([['--help'], ['--version'], ['help', 'parse']])(
    'skillpack %s loads no contract module',
    (...args) => {
      const loaded = modulesLoadedBy([BIN, ...args], packageDir);
      expect(loaded.status).toBe(0);
      expect(loaded.stdout).not.toBe('');
      expect(familiesIn(loaded.urls)).toEqual([]);
      expect(loaded.urls.filter((url) => CONTRACT_LOADERS.test(url))).toEqual([]);
    },
  );

  it.each([['--help'], ['--version'], ['help'], []])(
    'skillpack %s loads no schema: neither zod, nor core, nor adapters, nor any command module',
    (...args) => {
      const loaded = modulesLoadedBy([BIN, ...args], packageDir);
      expect(loaded.stdout + loaded.stderr).toMatch(/skillpack|\d+\.\d+\.\d+/);
      expect(
        loaded.urls.filter((url) =>
          /\/node_modules\/zod\/|\/(core|adapters)\/(dist|src)\/|\/skill-gen\/dist\/commands\/(?!_summaries)/.test(
            url,
          ),
        ),
      ).toEqual([]);
    },
  );

  it('the install command loads no YAML library: only rendering writes YAML', () => {
    const { urls } = modulesLoadedByImport(
      fileURLToPath(new URL('../dist/commands/install.js', import.meta.url)),
      packageDir,
    );
    expect(urls.some((url) => url.includes('/skill-gen/dist/commands/install.js'))).toBe(true);
    expect(urls.filter((url) => /\/node_modules\/yaml\//.test(url))).toEqual([]);
  });

  it.each([['--help'], ['help', 'doctor']])(
    'skillpack %s loads neither the scripted model nor the runner (@skillpack/testing)',
    (...args) => {
      const loaded = modulesLoadedBy([BIN, ...args], packageDir);
      expect(loaded.status).toBe(0);
      expect(loaded.urls.filter((url) => /\/testing\/(?:dist|src)\/|\/doctor\/prove\./.test(url))).toEqual(
        [],
      );
    },
  );

  const TINY_RUN =
    '{"type":"thread.started","thread_id":"t"}\n{"type":"turn.completed","usage":{"input_tokens":1,"output_tokens":1}}\n';

  it('skillpack parse --contract conflux.acceptance runs from the bundle: no ES module but the bin', () => {
    const loaded = modulesLoadedBy([BIN, 'parse', '--contract', 'conflux.acceptance'], packageDir, TINY_RUN);
    expect(loaded.stdout).toContain('"contract":"conflux.acceptance"');
    expect(projectModules(loaded.urls).map((url) => url.slice(url.indexOf('/skill-gen/')))).toEqual([
      '/skill-gen/bin/skillpack.js',
    ]);
    expect(loaded.urls.filter((url) => /\/node_modules\//.test(url))).toEqual([]);
  });

  it('skillpack parse --contract conflux.acceptance from the modules (SKILLPACK_CLI_BUNDLE=0) loads that family alone, and no pack config schema without a config', () => {
    const before = process.env.SKILLPACK_CLI_BUNDLE;
    process.env.SKILLPACK_CLI_BUNDLE = '0';
    try {
      const loaded = modulesLoadedBy(
        [BIN, 'parse', '--contract', 'conflux.acceptance'],
        packageDir,
        TINY_RUN,
      );
      expect(loaded.stdout).toContain('"contract":"conflux.acceptance"');
      expect(familiesIn(loaded.urls)).toEqual(['conflux']);
      expect(
        loaded.urls.filter((url) => /handlebars|gray-matter|ts-morph|\/yaml\/|esbuild/.test(url)),
      ).toEqual([]);
      // No config here: neither the pack config's schema nor the runtimes' config sections it holds.
      expect(
        loaded.urls.filter((url) => /\/skill-gen\/dist\/(config\/pack-config|runtimes\/)/.test(url)),
      ).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.SKILLPACK_CLI_BUNDLE;
      else process.env.SKILLPACK_CLI_BUNDLE = before;
    }
  });

  it.each([
    ['conflux.acceptance', ['conflux']],
    ['acme.review', []],
    ['maestro.nothing', ['conflux', 'zaofu', 'maestro', 'devflow']],
  ])(
    'skillpack parse --contract %s in a project with a contract module builds the families %j',
    (contract, families) => {
      // Each of the module's contracts is checked against the built-ins of its own id's family alone; an id
      // no one defines lists every contract in its error, as before.
      const project = writeTree(tempDir('skillpack-parse-module-families-'), {
        'skillpack.config.json': configText({ contracts: ['./contracts/review.mjs'] }),
        'contracts/review.mjs': [
          "import { defineContract } from '@skillpack/core';",
          "import { z } from 'zod';",
          "export const review = defineContract({ id: 'acme.review', version: '1.0.0', title: 'Review',",
          "  description: 'A verdict.', delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),",
          "  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });",
        ].join('\n'),
      });
      const loaded = modulesLoadedBy(
        [BIN, 'parse', '--runtime', 'text', '--contract', contract],
        project,
        '',
      );
      expect(loaded.stdout).toContain(`"contract":"${contract}"`);
      expect(familiesIn(loaded.urls)).toEqual(families);
      if (families.length === 4) expect(loaded.stdout).toContain('"code":"unknown_contract"');
    },
  );
});
