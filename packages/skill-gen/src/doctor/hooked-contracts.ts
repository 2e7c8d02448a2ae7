import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LockedInstall } from '../install/lock-file.js';

const HOOK_COMMAND = /skillpack-hook\.[cm]?js\b[^\n]*/g;
const CONTRACT_ARG = /--contract[= ]+\\?"?([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)/g;

function idsInHookCommands(text: string): string[] {
  return [...text.matchAll(HOOK_COMMAND)].flatMap((command) =>
    [...command[0].matchAll(CONTRACT_ARG)].map((match) => match[1]!),
  );
}

function idsInPluginConfig(text: string): string[] {
  try {
    const contracts = (JSON.parse(text) as { contracts?: unknown })?.contracts;
    return Array.isArray(contracts) ? contracts.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The contract ids an installed pack enforces, read from what it installed: every `skillpack-hook` command
 * (`--contract <id>`, in a SKILL.md front matter, a hooks.json or a settings.json, wherever the install
 * form puts it) and every plugin or extension config beside its module (`plugins/<pack>.json`,
 * `extensions/<pack>.json`: `contracts`). Pure: give it the
 * installed files' paths and texts; for a shared config file only the lines naming `packName`'s hook count.
 */
export function hookedContractIds(
  files: readonly { readonly path: string; readonly text: string; readonly shared: boolean }[],
  packName: string,
): string[] {
  const ids = new Set<string>();
  for (const file of files) {
    const text = file.shared
      ? file.text
          .split('\n')
          .filter((line) => line.includes(`/${packName}/`))
          .join('\n')
      : file.text;
    for (const id of idsInHookCommands(text)) ids.add(id);
    if (/(?:^|\/)(?:plugins|extensions)\/[^/]+\.json$/.test(file.path))
      for (const id of idsInPluginConfig(text)) ids.add(id);
  }
  return [...ids].sort();
}

const TEXT_FILE = /\.(?:md|json|jsonc|toml|ya?ml)$/;

/**
 * Read the texts `hookedContractIds` needs from a scope root, the pack's own files and the runtimes' `hookConfigFiles`
 * (runtime configuration a Stop hook may be registered in); unreadable files are skipped.
 */
export async function readHookedContractIds(
  install: LockedInstall,
  root: string,
  hookConfigFiles: readonly string[],
): Promise<string[]> {
  const own = install.files.map((file) => file.path).filter((path) => TEXT_FILE.test(path));
  const shared = hookConfigFiles.filter((path) => !own.includes(path));
  const read = async (path: string, isShared: boolean) => {
    const text = await readFile(join(root, path), 'utf8').catch(() => undefined);
    return text === undefined ? [] : [{ path, text, shared: isShared }];
  };
  const files = [
    ...(await Promise.all(own.map((path) => read(path, false)))).flat(),
    ...(await Promise.all(shared.map((path) => read(path, true)))).flat(),
  ];
  return hookedContractIds(files, install.pack.name);
}
