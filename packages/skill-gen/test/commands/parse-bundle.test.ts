import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectModules } from '../../../core/test/_support/loaded-modules.js';
// @ts-expect-error: the bundling script is plain JavaScript without declarations.
import { buildParseBundle, PARSE_BUNDLE } from '../../scripts/bundle-commands.mjs';
import { configText, tempDir, writeTree } from '../_support/temp.js';

// `skillpack parse` through the bin runs the bundled program (dist/bundles/skillpack-parse.cjs); with
// SKILLPACK_CLI_BUNDLE=0 it runs the ES modules of dist/. Every case below must print the same bytes on
// stdout and stderr and exit with the same code both ways.
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(packageDir, 'bin/skillpack.js');
const BUNDLE = join(packageDir, PARSE_BUNDLE);
const ESM_TRACE = fileURLToPath(new URL('parse-trace.mjs', import.meta.url));
const CJS_TRACE = fileURLToPath(new URL('parse-require-trace.cjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../adapters/test/fixtures/', import.meta.url));

let project = '';
let stateDir = '';

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Every project file the process loaded (ES modules and CommonJS), relative to packages/. */
  readonly loaded: readonly string[];
}

function skillpack(
  args: readonly string[],
  options: { input?: string | Buffer; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Ran {
  const trace = join(tempDir('skillpack-parse-bundle-trace-'), 'trace.txt');
  const run = spawnSync(
    process.execPath,
    ['--import', ESM_TRACE, '--require', CJS_TRACE, BIN, 'parse', ...args],
    {
      cwd: options.cwd ?? FIXTURES,
      input: options.input ?? '',
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        SKILLPACK_HOOK_STATE_DIR: stateDir,
        SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS: '30000',
        ...options.env,
        SKILLPACK_TRACE_FILE: trace,
      },
    },
  );
  const lines = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  const files = lines.map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line));
  const loaded = [...new Set(projectModules(files.map((file) => `file://${file}`)))].map((url) =>
    url.slice(url.lastIndexOf('/packages/') + '/packages/'.length),
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, loaded };
}

/** The same command line both ways: what each printed, and the files each loaded. */
function bothWays(args: readonly string[], options: Parameters<typeof skillpack>[1] = {}) {
  const bundled = skillpack(args, options);
  const modules = skillpack(args, { ...options, env: { ...options.env, SKILLPACK_CLI_BUNDLE: '0' } });
  return { bundled, modules };
}

const same = ({ status, stdout, stderr }: Ran) => ({ status, stdout, stderr });

const BUNDLED_FILES = ['skill-gen/bin/skillpack.js', `skill-gen/${PARSE_BUNDLE}`];

const REVIEW_MODULE = [
  "import { defineContract } from '@skillpack/core';",
  "import { z } from 'zod';",
  "if (process.env.MODE === 'busy') while (true) {}",
  "export const review = defineContract({ id: 'acme.review', version: '1.0.0', title: 'Review',",
  "  description: 'A verdict.', delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),",
  "  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });",
].join('\n');

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: build the skill-gen package first`);
  stateDir = tempDir('skillpack-parse-bundle-state-');
  project = writeTree(tempDir('skillpack-parse-bundle-project-'), {
    'skillpack.config.json': configText({ contracts: ['./contracts/review.mjs'] }),
    'contracts/review.mjs': REVIEW_MODULE,
    'empty/skillpack.config.json': configText({ contracts: [] }),
    'broken/skillpack.config.json': '{ "contracts": ',
  });
});

const SUCCESS = [
  'claude-code/captured/stream-json-success-verdict.jsonl',
  'codex/captured/exec-json-success-verdict.jsonl',
  'opencode/captured/run-json-success-verdict.ndjson',
  'copilot-cli/captured/json-success-verdict.jsonl',
  'gemini-cli/captured/stream-json-success-verdict.jsonl',
  'qwen-code/captured/stream-json-success-verdict.jsonl',
];

describe('skillpack parse, bundled', () => {
  it.each(SUCCESS)('reads %s as the modules do, loading the bin and the bundle alone', (file) => {
    expect(existsSync(join(FIXTURES, file)), file).toBe(true);
    const { bundled, modules } = bothWays(['--contract', 'conflux.acceptance', file]);
    expect(bundled.status).toBe(0);
    expect(same(bundled)).toEqual(same(modules));
    expect(bundled.loaded).toEqual(BUNDLED_FILES);
    expect(modules.loaded).toContain('skill-gen/dist/commands/parse.js');
  });

  it.each([
    [['--contract', 'conflux.acceptance', '--runtime', 'text'], 'no verdict here\n'],
    [
      ['--contract', 'conflux.acceptance', '--runtime', 'text', '-'],
      'All checks pass.\n{"acceptance":"pass"}\n',
    ],
    [['--contract', 'conflux.acceptance'], 'All checks pass.\n{"acceptance":"pass"}\n'],
    [
      ['--contract', 'conflux.acceptance', '--accept-incomplete'],
      'All checks pass.\n{"acceptance":"pass"}\n',
    ],
    [['--contract', 'maestro.result', 'codex/captured/exec-json-success-verdict.jsonl'], ''],
    [
      [
        '--contract',
        'conflux.acceptance',
        '--runtime',
        'claude-code',
        'codex/exec-json-success-verdict.jsonl',
      ],
      '',
    ],
    [['--contract', 'conflux.acceptance', '/nonexistent/run.jsonl'], ''],
    [['--contract', 'conflux.acceptance', 'codex'], ''],
    [['--contract', 'acme.unknown'], ''],
    [[], ''],
    [['--help'], ''],
    [['-h'], ''],
    [['--contract'], ''],
    [['--contract', 'conflux.acceptance', '--runtime', 'codx'], ''],
    [['--contract', 'conflux.acceptance', '--bogus'], ''],
    [['--contract', 'conflux.acceptance', 'a', 'b'], ''],
    [['--contract', 'conflux.acceptance', 'bad\npath'], ''],
    [['--contract', 'conflux.acceptance', '--config', 'missing.json'], ''],
  ])('%j prints and exits as the modules do', (args, input) => {
    const { bundled, modules } = bothWays(args, { input });
    expect(same(bundled)).toEqual(same(modules));
    expect(bundled.loaded).toEqual(BUNDLED_FILES);
  });

  it('agrees with the modules on prefixes of a run that fails after a pass', () => {
    const bytes = readFileSync(join(FIXTURES, 'codex/captured/exec-json-pass-then-turn-failed.jsonl'));
    const ends = [...bytes.entries()].filter(([, byte]) => byte === 0x0a).map(([at]) => at + 1);
    for (const cut of [...new Set([1, ...ends, Math.floor(bytes.length / 2), bytes.length])]) {
      const { bundled, modules } = bothWays(['--contract', 'conflux.acceptance'], {
        input: bytes.subarray(0, cut),
      });
      expect(same(bundled), `cut at ${cut}`).toEqual(same(modules));
    }
  });

  it('reads a config without contract modules itself, and reports a broken config as the modules do', () => {
    const file = join(FIXTURES, 'codex/captured/exec-json-success-verdict.jsonl');
    for (const folder of ['empty', 'broken']) {
      const { bundled, modules } = bothWays(['--contract', 'conflux.acceptance', file], {
        cwd: join(project, folder),
      });
      expect(same(bundled), folder).toEqual(same(modules));
      expect(bundled.loaded, folder).toEqual(BUNDLED_FILES);
    }
  });

  it("hands a run with contract modules (the config's or --contracts) to the modules, which load them", () => {
    const input = 'Looks good.\n{"verdict":"approve"}\n';
    for (const args of [
      ['--contract', 'acme.review', '--runtime', 'text'],
      ['--contract', 'conflux.acceptance', '--runtime', 'text'],
      [
        '--contract',
        'acme.review',
        '--runtime',
        'text',
        '--contracts',
        './contracts/review.mjs',
        '-c',
        'empty/skillpack.config.json',
      ],
    ]) {
      const { bundled, modules } = bothWays(args, { cwd: project, input });
      expect(same(bundled), args.join(' ')).toEqual(same(modules));
      expect(bundled.loaded, args.join(' ')).toContain('skill-gen/dist/commands/parse.js');
      expect(bundled.loaded).toContain('skill-gen/dist/contracts/load-contract-modules.js');
    }
    const ok = skillpack(['--contract', 'acme.review', '--runtime', 'text'], { cwd: project, input });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({
      ok: true,
      contract: 'acme.review',
      runtime: 'text',
      value: { verdict: 'approve' },
    });
  });

  it('keeps the contract-module timeout: a module that never finishes loading is reported, not waited on', () => {
    const env = { MODE: 'busy', SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS: '1500' };
    const { bundled, modules } = bothWays(['--contract', 'acme.review', '--runtime', 'text'], {
      cwd: project,
      input: '{"verdict":"approve"}\n',
      env,
    });
    expect(bundled.status).toBe(1);
    expect(JSON.parse(bundled.stdout)).toMatchObject({
      ok: false,
      error: { code: 'contract_module_timeout' },
    });
    expect(same(bundled)).toEqual(same(modules));
  });
});

describe('the bundled program', () => {
  it('holds no template engine, front matter parser, YAML, ts-morph, esbuild or contract-module loader, and imports only node:*', async () => {
    const builds = (await buildParseBundle({ write: false })) as {
      name: string;
      inputs: string[];
      externals: string[];
    }[];
    expect(builds.map((build) => build.name)).toEqual(['program', 'loader']);
    for (const { name, inputs, externals } of builds) {
      expect(externals, name).toEqual([]);
      expect(
        inputs.filter((input) =>
          /handlebars|gray-matter|ts-morph|\/yaml\/|esbuild|\/render\/|\/templates\/|load-contract-modules|\/pack-contracts\.js|\/testing\//.test(
            input,
          ),
        ),
        name,
      ).toEqual([]);
    }
    const program = builds.find((build) => build.name === 'program')!;
    expect(program.inputs.some((input) => input.endsWith('dist/commands/parse.js'))).toBe(true);
    // zod's English locale alone, as in the hook.
    const locales = program.inputs.filter((input) => input.includes('zod/v4/locales/'));
    expect(locales.map((input) => input.slice(input.lastIndexOf('/') + 1)).sort()).toEqual([
      'en.js',
      'index.js',
    ]);
  });

  it('caches its compiled code in the private state folder, and runs the same without one', () => {
    const args = ['--contract', 'conflux.acceptance', 'codex/captured/exec-json-success-verdict.jsonl'];
    const fresh = tempDir('skillpack-parse-bundle-cache-');
    const first = skillpack(args, { env: { SKILLPACK_HOOK_STATE_DIR: join(fresh, 'state') } });
    const cached = readdirSync(join(fresh, 'state')).filter((name) => name.endsWith('.v8cache'));
    expect(cached).toHaveLength(1);
    expect(statSync(join(fresh, 'state')).mode & 0o777).toBe(0o700);
    const second = skillpack(args, { env: { SKILLPACK_HOOK_STATE_DIR: join(fresh, 'state') } });
    expect(same(second)).toEqual(same(first));
    // A folder others can write to is never used; a path below a file cannot be made; caching can be off.
    const shared = join(fresh, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    writeFileSync(join(fresh, 'file'), '');
    for (const env of [
      { SKILLPACK_HOOK_STATE_DIR: shared },
      { SKILLPACK_HOOK_STATE_DIR: join(fresh, 'file', 'state') },
      { SKILLPACK_HOOK_CODE_CACHE: '0', SKILLPACK_HOOK_STATE_DIR: join(fresh, 'off') },
    ]) {
      const run = skillpack(args, { env });
      expect(same(run), JSON.stringify(env)).toEqual(same(first));
      expect(run.loaded).toEqual(BUNDLED_FILES);
    }
    expect(readdirSync(shared)).toEqual([]);
    expect(existsSync(join(fresh, 'off'))).toBe(false);
  });

  it('starts no ES module loader: the bin is CommonJS and requires the bundle', () => {
    // No --import here: a preloaded ES module would start the loader that a CommonJS main does without.
    const trace = join(tempDir('skillpack-parse-bundle-cjs-'), 'trace.txt');
    const file = 'claude-code/captured/stream-json-success-verdict.jsonl';
    const run = spawnSync(
      process.execPath,
      ['--require', CJS_TRACE, BIN, 'parse', '--contract', 'conflux.acceptance', file],
      { cwd: FIXTURES, encoding: 'utf8', env: { ...process.env, SKILLPACK_TRACE_FILE: trace } },
    );
    expect(run.stdout).toContain('"ok":true');
    const required = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
    expect(required.sort()).toEqual([BIN, BUNDLE].sort());
  });

  it("builds its schemas without zod's JIT, and reads stdin and prints with no stream module nor fs/promises", () => {
    // What the process set up, written at exit by a preloaded script: the bundle's zod shares its config
    // through globalThis, and Node lists every built-in module it loaded (stdin and stdout are pipes here).
    const dir = tempDir('skillpack-parse-bundle-setup-');
    const preload = join(dir, 'report.cjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'report.json'))}, JSON.stringify({ jitless: globalThis.__zod_globalConfig?.jitless === true, loaded: ['stream', 'net', 'fs/promises', 'perf_hooks'].filter((name) => process.moduleLoadList.includes('NativeModule ' + name)) })));\n`,
    );
    const input = readFileSync(join(FIXTURES, 'codex/captured/exec-json-success-verdict.jsonl'));
    const run = spawnSync(
      process.execPath,
      ['--require', preload, BIN, 'parse', '--contract', 'conflux.acceptance'],
      { cwd: FIXTURES, input, encoding: 'utf8', env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: stateDir } },
    );
    expect(run.stdout).toContain('"ok":true');
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toEqual({
      jitless: true,
      loaded: [],
    });
  });

  it('falls back to the modules when its file cannot be loaded', () => {
    // The bin beside a bundle that throws when required, and dist/cli.js (a link to the real one).
    const copy = tempDir('skillpack-parse-bundle-broken-');
    writeTree(copy, {
      'package.json': '{ "type": "module" }\n',
      'bin/skillpack.js': readFileSync(BIN),
      'bin/package.json': readFileSync(join(packageDir, 'bin/package.json')),
      [PARSE_BUNDLE]: "throw new Error('a broken bundle');\n",
    });
    symlinkSync(join(packageDir, 'dist/cli.js'), join(copy, 'dist/cli.js'));
    const args = [
      'parse',
      '--contract',
      'conflux.acceptance',
      'codex/captured/exec-json-success-verdict.jsonl',
    ];
    const run = spawnSync(process.execPath, [join(copy, 'bin/skillpack.js'), ...args], {
      cwd: FIXTURES,
      encoding: 'utf8',
    });
    const { modules } = bothWays(args.slice(1));
    expect(same({ ...run, loaded: [] })).toEqual(same(modules));
    expect(run.status).toBe(0);
  });
});
