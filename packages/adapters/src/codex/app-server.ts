// A minimal client of `codex app-server` (Codex 0.169, JSON-RPC over stdio, one JSON object a line): the hooks
// Codex would run and whether each is trusted (`hooks/list`), and recording trust the way Codex itself does
// (`config/batchWrite` into `$CODEX_HOME/config.toml`), so nothing here depends on how Codex hashes or quotes.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One hook as `codex app-server` lists it. */
export interface CodexHookListing {
  /** e.g. `/p/.codex/hooks.json:stop:0:0`, the key of `[hooks.state."<key>"]` in config.toml. */
  readonly key: string;
  readonly eventName: string;
  readonly sourcePath: string;
  readonly command: string;
  /** `sha256:…`, the value `trusted_hash` must hold to trust the hook. */
  readonly currentHash: string;
  /** `trusted`, `untrusted`, `modified` (changed since trusted) or `managed`. */
  readonly trustStatus: string;
}

/** How to start `codex app-server`: the executable, its directory and environment, and a call timeout. */
export interface CodexAppServerOptions {
  /** The `codex` executable (a path, or a name looked up on PATH). */
  readonly codex: string;
  readonly cwd: string;
  /** `HOME` and `CODEX_HOME` decide which config.toml Codex reads and writes. */
  readonly env: NodeJS.ProcessEnv;
  /** Default 30 s; a hang becomes a rejected call, never a stuck process. */
  readonly timeoutMs?: number;
  readonly clientName?: string;
}

/** A running `codex app-server` process: send it JSON-RPC calls, then close it. */
export interface CodexAppServer {
  call(method: string, params: unknown): Promise<unknown>;
  close(): void;
}

interface RpcReply {
  readonly id?: number;
  readonly result?: unknown;
  readonly error?: { readonly message?: string };
}

/** Start `codex app-server` and complete its `initialize` handshake. Rejects (never throws synchronously). */
export async function openCodexAppServer(options: CodexAppServerOptions): Promise<CodexAppServer> {
  const child = spawn(options.codex, ['app-server'], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stderr = '';
  let failure: Error | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  child.stdin.on('error', () => undefined);
  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  child.once('error', (error: NodeJS.ErrnoException) =>
    failAll(
      new Error(
        error.code === 'ENOENT' ? `${options.codex} was not found` : `${options.codex}: ${error.message}`,
      ),
    ),
  );
  child.once('exit', (code) =>
    failAll(new Error(`codex app-server exited (${code}) early: ${stderr.trim().slice(-300)}`)),
  );
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
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timer = setTimeout(() => {
    failAll(new Error(`codex app-server did not answer within ${timeoutMs} ms: ${stderr.slice(-300)}`));
    child.kill('SIGKILL');
  }, timeoutMs);
  const close = () => {
    clearTimeout(timer);
    child.removeAllListeners('exit');
    child.stdin.end();
    child.kill('SIGTERM');
  };
  const call = (method: string, params: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  try {
    await call('initialize', {
      clientInfo: { name: options.clientName ?? 'skillpack', title: null, version: '0' },
      capabilities: null,
    });
  } catch (error) {
    close();
    throw error;
  }
  child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
  return { call, close };
}

function collectHooks(value: unknown, found: CodexHookListing[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectHooks(item, found);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const hook = value as Partial<Record<keyof CodexHookListing, unknown>>;
  if (typeof hook.key === 'string' && typeof hook.currentHash === 'string') {
    found.push({
      key: hook.key,
      eventName: String(hook.eventName ?? ''),
      sourcePath: String(hook.sourcePath ?? ''),
      command: String(hook.command ?? ''),
      currentHash: hook.currentHash,
      trustStatus: String(hook.trustStatus ?? 'unknown'),
    });
    return;
  }
  for (const nested of Object.values(value)) collectHooks(nested, found);
}

/** The hooks Codex lists for `cwds`. */
export async function listCodexHooks(
  server: CodexAppServer,
  cwds: readonly string[],
): Promise<CodexHookListing[]> {
  const found: CodexHookListing[] = [];
  collectHooks(await server.call('hooks/list', { cwds }), found);
  return found;
}

const upsert = (keyPath: string, value: unknown) => ({ keyPath, value, mergeStrategy: 'upsert' });

/** Record `[projects."<project>"] trust_level = "trusted"` through Codex. */
export async function trustCodexProject(server: CodexAppServer, project: string): Promise<void> {
  await server.call('config/batchWrite', {
    edits: [upsert('projects', { [project]: { trust_level: 'trusted' } })],
  });
}

/** Record `[hooks.state."<key>"] trusted_hash = "<currentHash>"` for each hook, through Codex. */
export async function trustCodexHookHashes(
  server: CodexAppServer,
  hooks: readonly Pick<CodexHookListing, 'key' | 'currentHash'>[],
): Promise<void> {
  if (hooks.length === 0) return;
  const state = Object.fromEntries(hooks.map((hook) => [hook.key, { trusted_hash: hook.currentHash }]));
  await server.call('config/batchWrite', { edits: [upsert('hooks.state', state)] });
}

/** Whether Codex runs the hook without asking: trusted by hash, or managed (by an administrator). */
export function isCodexHookTrusted(hook: Pick<CodexHookListing, 'trustStatus'>): boolean {
  return hook.trustStatus === 'trusted' || hook.trustStatus === 'managed';
}

/** The config.toml lines that trust `hooks` (and, when given, the project), as Codex writes them. */
export function codexTrustToml(
  project: string | undefined,
  hooks: readonly Pick<CodexHookListing, 'key' | 'currentHash'>[],
): string {
  const lines: string[] = [];
  if (project !== undefined) lines.push(`[projects.${JSON.stringify(project)}]`, 'trust_level = "trusted"');
  for (const hook of hooks) {
    if (lines.length > 0) lines.push('');
    lines.push(
      `[hooks.state.${JSON.stringify(hook.key)}]`,
      `trusted_hash = ${JSON.stringify(hook.currentHash)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
