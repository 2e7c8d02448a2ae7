// Codex 0.169 skips hooks that are not trusted, silently. Trust lives in `$CODEX_HOME/config.toml`:
// `[projects."<dir>"] trust_level = "trusted"` for the project, and `[hooks.state."<key>"] trusted_hash`
// per hook. Both are written here by `codex app-server` itself (JSON-RPC `config/batchWrite`), with each hook's
// key and current hash taken from its `hooks/list`, so nothing depends on how Codex hashes or quotes.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface TrustCodexHooksOptions {
  /** Path of the `codex` executable. */
  readonly codex: string;
  /** The project whose `.codex/hooks.json` (and the user's hooks) become trusted. */
  readonly project: string;
  /** Environment Codex runs in: `HOME` and `CODEX_HOME` decide which config.toml is written. */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/** A hook Codex now trusts. */
export interface TrustedCodexHook {
  readonly key: string;
  readonly eventName: string;
  readonly hash: string;
  readonly sourcePath: string;
}

interface RpcReply {
  readonly id?: number;
  readonly result?: unknown;
  readonly error?: { readonly message?: string };
}

interface HookMetadata {
  readonly key: string;
  readonly eventName: string;
  readonly currentHash: string;
  readonly sourcePath: string;
  readonly trustStatus: string;
}

function hooksOf(result: unknown): HookMetadata[] {
  const data = (result as { data?: { hooks?: HookMetadata[] }[] } | undefined)?.data ?? [];
  return data.flatMap((entry) => entry.hooks ?? []).filter((hook) => typeof hook.key === 'string');
}

/**
 * Trust a project and every hook Codex lists for it, through Codex's own app-server, for tests.
 * This is what a person does by approving hooks in Codex; never do it for a project you did not create.
 */
export async function trustCodexHooks(options: TrustCodexHooksOptions): Promise<TrustedCodexHook[]> {
  const child = spawn(options.codex, ['app-server'], {
    cwd: options.project,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  child.once('error', failAll);
  child.once('exit', (code) => failAll(new Error(`codex app-server exited (${code}) early: ${stderr}`)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: RpcReply;
    try {
      message = JSON.parse(line) as RpcReply;
    } catch {
      return;
    }
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`codex app-server: ${message.error.message ?? 'error'}`));
    else waiter.resolve(message.result);
  });
  const call = (method: string, params: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  const timer = setTimeout(() => {
    failAll(new Error(`codex app-server did not answer within ${options.timeoutMs ?? 30_000} ms: ${stderr}`));
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 30_000);
  try {
    await call('initialize', {
      clientInfo: { name: 'skillpack-testing', title: null, version: '0' },
      capabilities: null,
    });
    child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
    const upsert = (keyPath: string, value: unknown) => ({ keyPath, value, mergeStrategy: 'upsert' });
    await call('config/batchWrite', {
      edits: [upsert('projects', { [options.project]: { trust_level: 'trusted' } })],
    });
    const hooks = hooksOf(await call('hooks/list', { cwds: [options.project] }));
    const untrusted = hooks.filter(
      (hook) => hook.trustStatus !== 'trusted' && hook.trustStatus !== 'managed',
    );
    if (untrusted.length > 0) {
      const state = Object.fromEntries(
        untrusted.map((hook) => [hook.key, { trusted_hash: hook.currentHash }]),
      );
      await call('config/batchWrite', { edits: [upsert('hooks.state', state)] });
    }
    return hooks.map((hook) => ({
      key: hook.key,
      eventName: hook.eventName,
      hash: hook.currentHash,
      sourcePath: hook.sourcePath,
    }));
  } finally {
    clearTimeout(timer);
    child.removeAllListeners('exit');
    child.stdin.end();
    child.kill('SIGTERM');
  }
}
