import type { InstallScope } from './layout.js';

/** How a runtime's hook configuration file wires a pack's Stop hook program (its declaration's `install.hookWiring`). */
export interface HookWiring {
  /** The pack's plugin files that declare its hooks (`config`) and hold the program, as pack paths. */
  readonly packFiles: { readonly config: string; readonly program: string };
  /** The file the runtime reads hooks from, below the scope root. */
  readonly file: string;
  /** The plugin-root variable the pack's hooks.json commands use. */
  readonly placeholder: string;
  /** The folder (below the scope root) a pack's hook program goes in; `undefined` for an unusable name. */
  readonly folder: (pack: string) => string | undefined;
  /** The runtime reads comments in `file` (JSONC): skillpack edits it keeping them. */
  readonly comments?: boolean;
  /** The folder as the hook command names it. */
  readonly commandDir: (root: string, scope: InstallScope, folder: string) => string;
}

/** The file name of the hook program install puts in a pack's hook folder (`HookWiring.folder`). */
export const HOOK_PROGRAM_FILE = 'skillpack-hook.cjs';

/** `folder` below `root` as an absolute path with forward slashes and no trailing slash. */
export const absolute = (root: string, folder: string) =>
  `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${folder.replace(/\/$/, '')}`;

/** A pack name as one folder name (`@acme/pack` → `acme+pack`); `undefined` when it cannot be one. */
export const plainName = (pack: string) => {
  const name = pack.replace(/^@/, '').replaceAll('/', '+');
  return /^[A-Za-z0-9._+-]+$/.test(name) && name !== '.' && name !== '..' ? name : undefined;
};

/** The folder a pack's hook program goes in below `hooksFolder` (`.codex/hooks/`), one folder per pack. */
export const packHookFolder = (hooksFolder: string) => (pack: string) => {
  const name = plainName(pack);
  return name === undefined ? undefined : `${hooksFolder}${name}/`;
};
