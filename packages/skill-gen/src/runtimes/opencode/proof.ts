import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RuntimeProof, runAlways } from '../../doctor/proof-kit.js';

/** Where OpenCode keeps its plugins folder, relative to the project or to the home. */
const OPENCODE_DIR = { project: '.opencode', user: '.config/opencode' } as const;

/**
 * OpenCode installs `@opencode-ai/plugin` from the npm registry into a plugins folder's `node_modules`
 * before its first run unless one is there; a pack's skillpack plugin (a self-contained bundle) imports
 * nothing from it, so an empty stand-in keeps doctor's run offline. Written only into the throwaway copy,
 * only when missing.
 */
function standInOpenCodePlugin(pluginsParent: string): void {
  const dir = join(pluginsParent, 'node_modules/@opencode-ai/plugin');
  if (!existsSync(join(pluginsParent, 'plugins')) || existsSync(join(dir, 'package.json'))) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    '{"name":"@opencode-ai/plugin","version":"0.0.0-skillpack-doctor"}\n',
  );
}

function opencodeWhy(stderr: string): string {
  const disabled = /skillpack plugin disabled: ([^\n"]*)/.exec(stderr)?.[1];
  return disabled
    ? `Plugin disabled: ${disabled}.`
    : "OpenCode did not run this pack's plugin for the answer (plugin not loaded or disabled; see the plugin check).";
}

/** OpenCode's proof. */
export const openCodeProof: RuntimeProof = {
  preflight: runAlways,
  prepareCopy: (dir, scope) => standInOpenCodePlugin(join(dir, OPENCODE_DIR[scope])),
  why: async ({ proof }) => opencodeWhy(proof.stderr),
};
