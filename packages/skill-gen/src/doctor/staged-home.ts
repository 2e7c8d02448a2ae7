// Every runtime CLI doctor starts writes into the home it runs with (sessions, logs, caches, databases, an
// installation id), so doctor runs each in a throwaway home: a copy of the runtime's user configuration folders
// (`install.userConfig`, from where its variables such as `CODEX_HOME` point when set), removed after. The
// user's home stays as doctor found it.
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';

/** What a throwaway home reads of a runtime's declaration. */
export interface StagedRuntime {
  readonly install: { readonly userConfig: readonly string[] };
  readonly doctor: {
    /** Folders of its user configuration that only record its use (`.claude/projects`): never copied. */
    readonly histories?: readonly string[] | undefined;
    /** Variables that move one of its user configuration folders (`{ CODEX_HOME: '.codex' }`). */
    readonly homeVariables?: Readonly<Record<string, string>> | undefined;
    /** Fixes what, in the copy of a folder, names the folder's own path (`original` → `staged`). */
    readonly restage?: ((original: string, staged: string) => void) | undefined;
  };
}

/** A throwaway home and the environment that points the runtime at it; `remove()` deletes it (and only it). */
export interface StagedHome {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  remove(): void;
}

/**
 * Whether `path`, inside the copy of the user configuration `folder` (`.codex`) made from `from`, is left out of
 * the copy: a `.git` folder, or one of the runtime's declared `histories` (transcripts, logs, snapshots), which
 * only grow with use (gigabytes, for some people) and change nothing doctor asks. Pure.
 */
export function isUncopied(
  histories: readonly string[],
  folder: string,
  from: string,
  path: string,
): boolean {
  const inFolder = [folder, ...relative(from, path).split(sep).filter(Boolean)];
  return inFolder.at(-1) === '.git' || histories.includes(inFolder.join('/'));
}

/** Stage `runtime`'s user configuration from `home` (with `env`'s variables) into a new throwaway home. */
export function stageHome(
  runtime: StagedRuntime,
  home: string | undefined,
  env: NodeJS.ProcessEnv,
): StagedHome {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-doctor-home-')));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const variables = Object.entries(runtime.doctor.homeVariables ?? {});
  try {
    for (const folder of runtime.install.userConfig) {
      const moved = variables.find(([name, target]) => target === folder && env[name]);
      const from = moved ? resolve(env[moved[0]]!) : home === undefined ? undefined : join(home, folder);
      if (from === undefined || !existsSync(from)) continue;
      cpSync(from, join(dir, folder), {
        recursive: true,
        verbatimSymlinks: true,
        filter: (path) => !isUncopied(runtime.doctor.histories ?? [], folder, from, path),
      });
      runtime.doctor.restage?.(from, join(dir, folder));
    }
  } catch (error) {
    remove();
    throw error;
  }
  return {
    dir,
    env: {
      ...env,
      HOME: dir,
      SKILLPACK_HOME: dir,
      XDG_CONFIG_HOME: join(dir, '.config'),
      XDG_DATA_HOME: join(dir, '.local/share'),
      XDG_STATE_HOME: join(dir, '.local/state'),
      XDG_CACHE_HOME: join(dir, '.cache'),
      ...Object.fromEntries(variables.map(([name, folder]) => [name, join(dir, folder)])),
    },
    remove,
  };
}
