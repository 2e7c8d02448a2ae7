import { join } from 'node:path';
import { standInOpenCodePlugin } from '../../doctor/project-copy.js';
import { type RuntimeProof, runAlways } from '../../doctor/proof-kit.js';

/** Where OpenCode keeps its plugins folder, relative to the project or to the home. */
const OPENCODE_DIR = { project: '.opencode', user: '.config/opencode' } as const;

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
