import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const NX_BIN = join(repo, 'node_modules/nx/dist/bin/nx.js');

/** The versions the throwaway workspace's lock file records for what the packs run. */
export const LOCKED = {
  '@skillpack/adapters': '0.1.0',
  '@skillpack/core': '0.1.0',
  '@skillpack/skill-gen': '0.1.0',
  zod: '4.6.7',
} as Record<string, string>;

export interface NxWorkspace {
  readonly root: string;
  write(path: string, text: string): void;
  /** Run the real nx CLI (no daemon, no cloud); returns stdout and stderr together. */
  nx(...args: string[]): string;
  git(...args: string[]): string;
  /** The tasks of `target` a static-output run listed, and which of them came from the cache. */
  tasks(output: string, target: string): { readonly ran: string[]; readonly cached: string[] };
  lock(versions: Record<string, string>): void;
}

/**
 * A throwaway Nx workspace in the OS temp folder: the repository's installed packages linked into its
 * node_modules (nx, zod, esbuild, ...), the built @skillpack packages with them, a package-lock.json that
 * records their versions (Nx reads `externalDependencies` from it), Git, and @skillpack/nx in nx.json.
 */
export function createNxWorkspace(pluginEntry: unknown = '@skillpack/nx'): NxWorkspace {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-nx-')));
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '@skillpack'), { recursive: true });
  mkdirSync(join(modules, '.bin'));
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (name === '@skillpack' || name === '.bin') continue;
    symlinkSync(join(repo, 'node_modules', name), join(modules, name));
  }
  for (const name of ['core', 'adapters', 'skill-gen', 'nx']) {
    symlinkSync(join(repo, 'packages', name), join(modules, '@skillpack', name));
  }
  symlinkSync('../@skillpack/skill-gen/bin/skillpack.js', join(modules, '.bin/skillpack'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const lock = (versions: Record<string, string>) => {
    const packages: Record<string, unknown> = { '': { name: 'ws', dependencies: versions } };
    for (const [name, version] of Object.entries(versions)) {
      packages[`node_modules/${name}`] = {
        version,
        resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').at(-1)}-${version}.tgz`,
        integrity: `sha512-${Buffer.from(`${name}@${version}`).toString('base64')}`,
      };
    }
    write(
      'package.json',
      `${JSON.stringify({ name: 'ws', private: true, dependencies: versions }, null, 2)}\n`,
    );
    write(
      'package-lock.json',
      `${JSON.stringify({ name: 'ws', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
    );
  };
  lock(LOCKED);
  write(
    'nx.json',
    `${JSON.stringify({ plugins: [pluginEntry], neverConnectToCloud: true, analytics: false }, null, 2)}\n`,
  );
  write('.gitignore', 'node_modules\n.nx\ndist\n');
  // Run under `nx run @skillpack/nx:test`, this process inherits the outer task's NX_* variables (its
  // workspace root among them); the inner nx must see only the throwaway workspace.
  const outer = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('NX_')));
  const env = {
    ...outer,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
    CI: 'true',
    FORCE_COLOR: '0',
  };
  const run = (file: string, args: string[]) => {
    try {
      return execFileSync(file, args, { cwd: root, env, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`${file} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
  };
  const git = (...args: string[]) =>
    run('git', [
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ]);
  const tasks = (output: string, target: string) => {
    const ran: string[] = [];
    const cached: string[] = [];
    const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
    for (const match of plain.matchAll(new RegExp(`^> nx run ([\\w@/.-]+):${target}(.*)$`, 'gm'))) {
      (/cache/.test(match[2]!) ? cached : ran).push(match[1]!);
    }
    return { ran: ran.sort(), cached: cached.sort() };
  };
  return {
    root,
    write,
    nx: (...args) => run(process.execPath, [NX_BIN, ...args]),
    git,
    tasks,
    lock,
  };
}
