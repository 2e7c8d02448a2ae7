// Codex 0.169 skips hooks that are not trusted, silently. Trust lives in `$CODEX_HOME/config.toml`:
// `[projects."<dir>"] trust_level = "trusted"` for the project, and `[hooks.state."<key>"] trusted_hash`
// per hook. Both are written by `codex app-server` itself (the client in @skillpack/adapters/codex), with
// each hook's key and current hash taken from its `hooks/list`, so nothing depends on how Codex hashes.
import {
  type CodexHookListing,
  isCodexHookTrusted,
  listCodexHooks,
  openCodexAppServer,
  trustCodexHookHashes,
  trustCodexProject,
} from '@skillpack/adapters/codex';

/** Options of `trustCodexHooks`: the `codex` executable, the project, and the environment Codex runs in. */
export interface TrustCodexHooksOptions {
  /** Path of the `codex` executable. */
  readonly codex: string;
  /** The project whose `.codex/hooks.json` (and the user's hooks) become trusted. */
  readonly project: string;
  /** Environment Codex runs in: `HOME` and `CODEX_HOME` decide which config.toml is written. */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** Trust only the hooks this accepts (default: every hook); the project is trusted either way. */
  readonly filter?: (hook: CodexHookListing) => boolean;
}

/** A hook Codex now trusts. */
export interface TrustedCodexHook {
  readonly key: string;
  readonly eventName: string;
  readonly hash: string;
  readonly sourcePath: string;
}

/**
 * Trust a project and every hook Codex lists for it, through Codex's own app-server, for tests.
 * This is what a person does by approving hooks in Codex; never do it for a project you did not create.
 */
export async function trustCodexHooks(options: TrustCodexHooksOptions): Promise<TrustedCodexHook[]> {
  const server = await openCodexAppServer({
    codex: options.codex,
    cwd: options.project,
    env: options.env,
    clientName: 'skillpack-testing',
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  try {
    await trustCodexProject(server, options.project);
    const hooks = await listCodexHooks(server, [options.project]);
    await trustCodexHookHashes(
      server,
      hooks.filter((hook) => !isCodexHookTrusted(hook) && (options.filter?.(hook) ?? true)),
    );
    return hooks
      .filter((hook) => isCodexHookTrusted(hook) || (options.filter?.(hook) ?? true))
      .map((hook) => ({
        key: hook.key,
        eventName: hook.eventName,
        hash: hook.currentHash,
        sourcePath: hook.sourcePath,
      }));
  } finally {
    server.close();
  }
}
