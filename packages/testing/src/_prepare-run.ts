// The isolation of one run, apart from spawning it: its folders (HOME, TMPDIR, project), the environment
// that inherits nothing but PATH and LANG, the project's files, and the runtime's declaration
// (`_runtimes/<runtime>/setup.ts`) giving the command line and environment against the scripted model. `runAgent`
// spawns what `prepareRun` gives; e2e/host-runtimes.test.mjs hands the same environment to @skillpack/host.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { PreparedCommand } from './_runtimes/_setup.js';
import { RUNTIME_SETUPS } from './_runtimes/registry.js';
import { findCli } from './find-cli.js';
import type { RunAgentOptions, RunFolders } from './run-agent-options.js';

function insideProject(project: string, path: string): string {
  const target = resolve(project, path);
  const rel = relative(project, target);
  if (isAbsolute(path) || rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new Error(
      `runAgent files: expected a relative path inside the project; received ${JSON.stringify(path)}.`,
    );
  }
  return target;
}

/** What the folders and the base environment of a run depend on (a `runAgent` run or an SDK's options). */
export type FolderOptions = Pick<RunAgentOptions, 'home' | 'project' | 'env'> & { readonly runtime: string };

export function makeFolders(options: FolderOptions): RunFolders {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `skillpack-run-${options.runtime}-`)));
  const folders: RunFolders = {
    root,
    home: options.home ? realpathSync(options.home) : join(root, 'home'),
    tmp: join(root, 'tmp'),
    project: options.project ? realpathSync(options.project) : join(root, 'project'),
  };
  for (const dir of [folders.home, folders.tmp, join(folders.tmp, 'xdg-runtime')])
    mkdirSync(dir, { recursive: true });
  if (!options.project) {
    mkdirSync(folders.project);
    execFileSync('git', ['init', '-q'], { cwd: folders.project, env: baseEnv(folders, options) });
  }
  return folders;
}

/** The whole environment of a run: nothing inherited but PATH and LANG, every home inside the temp root. */
export function baseEnv(folders: RunFolders, options: FolderOptions): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const key of ['PATH', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) inherited[key] = value;
  }
  return {
    ...inherited,
    HOME: folders.home,
    USERPROFILE: folders.home,
    XDG_CONFIG_HOME: join(folders.home, '.config'),
    XDG_DATA_HOME: join(folders.home, '.local/share'),
    XDG_STATE_HOME: join(folders.home, '.local/state'),
    XDG_CACHE_HOME: join(folders.home, '.cache'),
    XDG_RUNTIME_DIR: join(folders.tmp, 'xdg-runtime'),
    TMPDIR: folders.tmp,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'skillpack-testing',
    GIT_AUTHOR_EMAIL: 'testing@skillpack.invalid',
    GIT_COMMITTER_NAME: 'skillpack-testing',
    GIT_COMMITTER_EMAIL: 'testing@skillpack.invalid',
    NO_COLOR: '1',
    TERM: 'dumb',
    CI: '1',
    DO_NOT_TRACK: '1',
    ...options.env,
  };
}

function insideHome(home: string, path: string): string {
  const target = resolve(home, path);
  const rel = relative(home, target);
  if (isAbsolute(path) || rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new Error(
      `runAgent copyIntoHome: expected a relative path inside HOME; received ${JSON.stringify(path)}.`,
    );
  }
  return target;
}

function prepareProject(project: string, options: RunAgentOptions, home: string): void {
  for (const { from, to } of options.copyIntoHome ?? [])
    cpSync(from, insideHome(home, to), { recursive: true });
  for (const source of options.copyIntoProject ?? []) cpSync(source, project, { recursive: true });
  for (const [path, content] of Object.entries(options.files ?? {})) {
    const target = insideProject(project, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** The CLI `options` name, or the runtime's on PATH; throws, naming it, when there is none. */
export function resolveCli(options: RunAgentOptions): string {
  const cli = options.cli ?? findCli(options.runtime, options.env?.PATH ?? process.env.PATH);
  if (!cli) {
    throw new Error(
      `runAgent: the ${options.runtime} CLI is not on PATH; install it or pass its path as \`cli\`.`,
    );
  }
  return cli;
}

/** The runtime's command line and environment for `options`, with the project's files written. */
export async function prepareCommand(
  cli: string,
  folders: RunFolders,
  options: RunAgentOptions,
): Promise<PreparedCommand> {
  prepareProject(folders.project, options, folders.home);
  const modelUrl = (typeof options.model === 'string' ? options.model : options.model.url).replace(
    /\/+$/,
    '',
  );
  return RUNTIME_SETUPS[options.runtime].prepare({
    cli,
    folders,
    modelUrl,
    env: baseEnv(folders, options),
    options,
  });
}

/** A prepared run: the CLI, its folders, command line and environment; `dispose` removes the temp root. */
export interface PreparedRun extends PreparedCommand {
  readonly cli: string;
  readonly folders: RunFolders;
  dispose(): void;
}

/**
 * Everything `runAgent` sets up before it spawns the CLI, for a caller that spawns it itself. Throws when
 * the CLI cannot be found; the temp root is removed on failure, and by `dispose` otherwise.
 */
/**
 * Remove a run's temp root. A runtime can still be writing its own state there for a moment after its
 * process group is gone (a snapshot store, seen in CI), so a folder that fills again as it is
 * emptied (`ENOTEMPTY`, `EBUSY`) is retried a few times before it is an error.
 */
export function removeRunFolders(root: string): void {
  rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

export async function prepareRun(options: RunAgentOptions): Promise<PreparedRun> {
  const cli = resolveCli(options);
  const folders = makeFolders(options);
  const dispose = () => removeRunFolders(folders.root);
  try {
    return { ...(await prepareCommand(cli, folders, options)), cli, folders, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
