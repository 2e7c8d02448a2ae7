import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';

/** The executable each runtime installs (`@anthropic-ai/claude-code`, `@openai/codex`, `opencode-ai`). */
export const CLI_NAMES: Readonly<Record<RuntimeId, string>> = {
  'claude-code': 'claude',
  codex: 'codex',
  opencode: 'opencode',
};

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Find a program on a `PATH` string; `undefined` when it is not there. */
export function findOnPath(name: string, path: string | undefined = process.env.PATH): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

/**
 * The runtime's CLI on `PATH` (the `claude`, `codex` or `opencode` the user installed); `undefined` when
 * it is not installed. The CLIs are never a dependency of this package.
 */
export function findCli(runtime: RuntimeId, path: string | undefined = process.env.PATH): string | undefined {
  return findOnPath(CLI_NAMES[runtime], path);
}
