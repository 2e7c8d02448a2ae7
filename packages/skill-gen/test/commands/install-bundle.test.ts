import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectModules } from '../../../core/test/_support/loaded-modules.js';
// @ts-expect-error: the bundling script is plain JavaScript without declarations.
import { buildInstallBundle, INSTALL_BUNDLE } from '../../scripts/bundle-commands.mjs';
import { snapshotTree, tempDir, writePack } from '../install/_support/packs.js';
import { RUNTIME_SCOPES, runtimePackFiles } from '../install/_support/runtime-packs.js';

// `skillpack install` through the bin runs the bundled program (dist/bundles/skillpack-install.cjs); with
// SKILLPACK_CLI_BUNDLE=0 it runs the ES modules of dist/. Both must print the same bytes (the roots named
// alike), exit with the same code and leave the same tree.
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(packageDir, 'bin/skillpack.js');
const BUNDLE = join(packageDir, INSTALL_BUNDLE);
const ESM_TRACE = fileURLToPath(new URL('parse-trace.mjs', import.meta.url));
const CJS_TRACE = fileURLToPath(new URL('parse-require-trace.cjs', import.meta.url));
const BUNDLED_FILES = ['skill-gen/bin/skillpack.js', `skill-gen/${INSTALL_BUNDLE}`];

let stateDir = '';

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Every project file the process loaded (ES modules and CommonJS), relative to packages/. */
  readonly loaded: readonly string[];
}

/** `skillpack install ARGS` in `cwd`, every mention of `root` in its output written `<root>`. */
function install(
  args: readonly string[],
  options: { cwd: string; root: string; env?: NodeJS.ProcessEnv },
): Ran {
  const trace = join(tempDir('skillpack-install-bundle-trace-'), 'trace.txt');
  const run = spawnSync(
    process.execPath,
    ['--import', ESM_TRACE, '--require', CJS_TRACE, BIN, 'install', ...args],
    {
      cwd: options.cwd,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        SKILLPACK_HOME: '/nonexistent/skillpack-test-home',
        SKILLPACK_HOOK_STATE_DIR: stateDir,
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
  const named = (text: string) => text.replaceAll(options.root, '<root>');
  return { status: run.status, stdout: named(run.stdout), stderr: named(run.stderr), loaded };
}

const same = ({ status, stdout, stderr }: Ran) => ({ status, stdout, stderr });

/**
 * The same install bundled and from the modules, each into a fresh root at the same path (the hook entries an
 * install writes name it): each run and the tree it left.
 */
function bothWays(pack: string, args: (root: string) => readonly string[]) {
  const work = tempDir('skillpack-install-bundle-');
  const root = join(work, 'root');
  const runs = (['bundled', 'modules'] as const).map((way) => {
    mkdirSync(root);
    const env = way === 'modules' ? { SKILLPACK_CLI_BUNDLE: '0' } : {};
    const ran = install([...args(root), pack], { cwd: root, root, env });
    const tree = snapshotTree(root);
    renameSync(root, join(work, way));
    return { ran, tree };
  });
  return { bundled: runs[0]!, modules: runs[1]! };
}

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: build the skill-gen package first`);
  stateDir = tempDir('skillpack-install-bundle-state-');
});

describe('skillpack install, bundled', () => {
  it.each(RUNTIME_SCOPES)(
    'installs a %s pack (%s scope) as the modules do, loading the bin and the bundle alone',
    (runtime, scope) => {
      const pack = writePack(
        join(tempDir('skillpack-install-bundle-pack-'), 'pack'),
        { name: 'demo-pack', version: '1.0.0' },
        runtimePackFiles(runtime, scope),
      );
      const { bundled, modules } = bothWays(pack, (root) => [
        '--runtime',
        runtime,
        '--scope',
        scope,
        '--dir',
        root,
        '--home',
        root,
        '--format',
        'json',
      ]);
      expect(bundled.ran.status).toBe(0);
      expect(same(bundled.ran)).toEqual(same(modules.ran));
      expect(bundled.tree).toEqual(modules.tree);
      expect(Object.keys(bundled.tree).filter((path) => path.endsWith('skillpack-lock.json'))).toHaveLength(
        1,
      );
      expect(bundled.ran.loaded).toEqual(BUNDLED_FILES);
      expect(modules.ran.loaded).toContain('skill-gen/dist/commands/install.js');
    },
  );

  it.each([
    [['--runtime', 'claude-code', '--scope', 'project']],
    [['--runtime', 'claude-code', '--scope', 'project', '--dry-run']],
    [['--runtime', 'claude-code', '--scope', 'project', '--format', 'json', '--dry-run']],
    [['--runtime', 'claude-cod', '--scope', 'project']],
    [['--runtime', 'claude-code']],
    [['--runtime', 'claude-code', '--scope', 'project', '--bogus']],
    [['--runtime', 'claude-code', '--scope', 'project', '--format', 'json', '--dir', 'missing']],
    [['--help']],
  ])('%j prints, exits and writes as the modules do', (args) => {
    const pack = writePack(
      join(tempDir('skillpack-install-bundle-pack-'), 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      runtimePackFiles('claude-code', 'project'),
    );
    const { bundled, modules } = bothWays(pack, () => args);
    expect(same(bundled.ran)).toEqual(same(modules.ran));
    expect(bundled.tree).toEqual(modules.tree);
    expect(bundled.ran.loaded).toEqual(BUNDLED_FILES);
  });

  it('refuses a pack that is not a pack, or was changed after its build, as the modules do', () => {
    const pack = writePack(
      join(tempDir('skillpack-install-bundle-pack-'), 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      runtimePackFiles('claude-code', 'project'),
    );
    const args = () => ['--runtime', 'claude-code', '--scope', 'project'];
    const notAPack = bothWays(join(pack, 'claude-code'), args);
    expect(notAPack.bundled.ran.status).not.toBe(0);
    expect(same(notAPack.bundled.ran)).toEqual(same(notAPack.modules.ran));
    const skill = readdirSync(join(pack, 'claude-code/.claude/skills'))[0]!;
    const changed = join(pack, 'claude-code/.claude/skills', skill, 'SKILL.md');
    appendFileSync(changed, 'changed');
    const tampered = bothWays(pack, args);
    expect(tampered.bundled.ran.status).toBe(1);
    expect(tampered.bundled.ran.stderr).toContain('pack_file_mismatch');
    expect(same(tampered.bundled.ran)).toEqual(same(tampered.modules.ran));
    expect(tampered.bundled.tree).toEqual({});
  });
});

describe('the bundled install program', () => {
  it('holds every runtime and imports only node:*, no ts-morph, esbuild, contract-module loader or @skillpack/testing run at load', async () => {
    const builds = (await buildInstallBundle({ write: false })) as {
      name: string;
      inputs: string[];
      externals: string[];
    }[];
    expect(builds.map((build) => build.name)).toEqual(['program', 'loader']);
    for (const { name, externals } of builds) expect(externals, name).toEqual([]);
    const program = builds.find((build) => build.name === 'program')!;
    expect(program.inputs.some((input) => input.endsWith('dist/commands/install.js'))).toBe(true);
    expect(program.inputs.filter((input) => /ts-morph|\/esbuild\//.test(input))).toEqual([]);
    const locales = program.inputs.filter((input) => input.includes('zod/v4/locales/'));
    expect(locales.map((input) => input.slice(input.lastIndexOf('/') + 1)).sort()).toEqual([
      'en.js',
      'index.js',
    ]);
  });

  it('caches its compiled code in the private state folder, and installs the same without one', () => {
    const pack = writePack(
      join(tempDir('skillpack-install-bundle-pack-'), 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      runtimePackFiles('claude-code', 'project'),
    );
    const fresh = tempDir('skillpack-install-bundle-cache-');
    const runs = ['first', 'cached', 'off'].map((way) => {
      const root = join(fresh, way);
      mkdirSync(root);
      const env =
        way === 'off'
          ? { SKILLPACK_HOOK_CODE_CACHE: '0', SKILLPACK_HOOK_STATE_DIR: join(fresh, 'off-state') }
          : { SKILLPACK_HOOK_STATE_DIR: join(fresh, 'state') };
      const ran = install(['--runtime', 'claude-code', '--scope', 'project', pack], { cwd: root, root, env });
      return { ran, tree: snapshotTree(root) };
    });
    expect(readdirSync(join(fresh, 'state')).filter((name) => name.endsWith('.v8cache'))).toHaveLength(1);
    expect(existsSync(join(fresh, 'off-state'))).toBe(false);
    const [first, ...others] = runs;
    expect(first!.ran.status).toBe(0);
    for (const run of others) {
      expect(same(run.ran)).toEqual(same(first!.ran));
      expect(run.tree).toEqual(first!.tree);
      expect(run.ran.loaded).toEqual(BUNDLED_FILES);
    }
  });
});
