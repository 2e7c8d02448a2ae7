import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { RUNTIME_IDS } from '@skillpack/adapters';
import type { CliIo } from '../cli/io.js';
import { INSTALL_SCOPES } from '../install/layout.js';

/** The options `install`, `uninstall` and `list` share: where the scope roots are. */
export const ROOT_OPTIONS = {
  dir: {
    type: 'string',
    value: 'DIR',
    description: 'The project directory for --scope project',
    defaultText: 'the working directory',
  },
  home: {
    type: 'string',
    value: 'DIR',
    description: 'The home directory for --scope user',
    defaultText: '$SKILLPACK_HOME, else your home',
  },
} as const;

export const SCOPE_OPTION = {
  type: 'string',
  value: 'S',
  choices: INSTALL_SCOPES,
  description: 'project (in --dir) or user (in the home directory)',
} as const;

export const RUNTIME_OPTION = {
  type: 'string',
  value: 'R',
  choices: RUNTIME_IDS,
  description: 'The runtime',
} as const;

/** The project directory (`--dir`, else the working directory) and the home (`--home`, `SKILLPACK_HOME`, OS home). */
export function resolveRoots(
  values: { readonly dir?: string | undefined; readonly home?: string | undefined },
  io: CliIo,
): { projectDir: string; home: string } {
  const home = values.home ?? (io.env.SKILLPACK_HOME || undefined) ?? homedir();
  return { projectDir: resolve(io.cwd, values.dir ?? '.'), home: resolve(io.cwd, home) };
}
