import { join } from 'node:path';
import {
  hookFolderOf,
  type Preflight,
  type ProveContext,
  type RuntimeProof,
} from '../../doctor/proof-kit.js';
import type { LockedInstall } from '../../install/lock-file.js';
import { codexHooks } from './app-server.js';

/**
 * Codex runs a hook only when it is trusted, by absolute path and hash: doctor asks the original's trust
 * through `codex app-server`, and replicates it into the throwaway CODEX_HOME only for hooks trusted there.
 */
async function codexPreflight(
  install: LockedInstall,
  context: ProveContext,
  cli: string,
): Promise<Preflight> {
  // An install with no hook (only an MCP server) has no hook trust to ask for.
  if (hookFolderOf(install).length === 0) return { kind: 'run' };
  const listed = await codexHooks({ cwd: context.cwd, env: context.env, codex: cli });
  if (!listed.success)
    return { kind: 'blocked', detail: `could not ask Codex for its hooks: ${listed.error}` };
  const folders = hookFolderOf(install).map((folder) => join(context.root, folder).replaceAll('\\', '/'));
  const mine = listed.data.filter((hook) => folders.some((folder) => hook.command.includes(folder)));
  if (mine.length === 0)
    return {
      kind: 'blocked',
      detail:
        install.scope === 'project'
          ? `hook not registered: Codex lists no hook of this pack for ${context.cwd}; Codex reads a project's .codex/hooks.json only when the project is trusted: add [projects.${JSON.stringify(context.cwd)}] trust_level = "trusted" to $CODEX_HOME/config.toml`
          : 'hook not registered: Codex lists no hook of this pack in $CODEX_HOME/hooks.json',
    };
  const untrusted = mine.filter((hook) => hook.trustStatus !== 'trusted');
  if (untrusted.length > 0)
    return {
      kind: 'blocked',
      detail: `not trusted: Codex skips this pack's hook silently (${untrusted.map((hook) => hook.trustStatus).join(', ')}). Review it in Codex, or add ${untrusted.map((hook) => `[hooks.state.${JSON.stringify(hook.key)}] trusted_hash = ${JSON.stringify(hook.currentHash)}`).join(' and ')} to $CODEX_HOME/config.toml (or reinstall with --trust-codex-hooks)`,
    };
  const trusted = new Set(mine.map((hook) => hook.currentHash));
  return { kind: 'run', runOptions: { trustCodexHooks: (hook) => trusted.has(hook.currentHash) } };
}

/** Codex's proof. */
export const codexProof: RuntimeProof = {
  preflight: codexPreflight,
  why: async () => "Codex did not run this pack's hook for the answer.",
};
