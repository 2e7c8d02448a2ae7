import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** One hook as `codex app-server` lists it (Codex 0.169: JSON-RPC method `hooks/list`). */
export interface CodexHook {
  readonly key: string;
  readonly eventName: string;
  readonly sourcePath: string;
  readonly command: string;
  readonly currentHash: string;
  /** `trusted`, `untrusted`, or `modified` (the hook changed since it was trusted). */
  readonly trustStatus: string;
}

export interface CodexHooksOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
  readonly timeoutMs?: number;
}

function collectHooks(value: unknown, found: CodexHook[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectHooks(item, found);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const hook = value as Partial<CodexHook>;
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

/** Ask `codex app-server` which hooks apply to `cwd` and whether each is trusted; never throws. */
export function codexHooks(
  options: CodexHooksOptions,
): Promise<{ success: true; data: CodexHook[] } | { success: false; error: string }> {
  return new Promise((resolve) => {
    const file = options.binDir ? join(options.binDir, 'codex') : 'codex';
    const child = spawn(file, ['app-server'], { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let buffered = '';
    let stderr = '';
    let settled = false;
    const finish = (result: { success: true; data: CodexHook[] } | { success: false; error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      resolve(result);
    };
    const timer = setTimeout(
      () =>
        finish({
          success: false,
          error: `codex app-server did not answer hooks/list: ${stderr.slice(-300)}`,
        }),
      options.timeoutMs ?? 60_000,
    );
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        success: false,
        error:
          error.code === 'ENOENT'
            ? `${file} was not found; install the CLI or pass --bin-dir`
            : error.message,
      }),
    );
    child.on('close', (status) =>
      finish({ success: false, error: `codex app-server exited ${status}: ${stderr.trim().slice(-300)}` }),
    );
    child.stdin.on('error', () => undefined);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString('utf8')}`.slice(-4096);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        let message: { id?: unknown; result?: unknown; error?: unknown };
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (message.id === 1) {
          send({ method: 'initialized' });
          send({ id: 2, method: 'hooks/list', params: { cwds: [options.cwd] } });
        } else if (message.id === 2) {
          if (message.error)
            finish({ success: false, error: `hooks/list failed: ${JSON.stringify(message.error)}` });
          const hooks: CodexHook[] = [];
          collectHooks(message.result, hooks);
          finish({ success: true, data: hooks });
        }
      }
    });
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'skillpack-doctor', version: '1' } } });
  });
}
