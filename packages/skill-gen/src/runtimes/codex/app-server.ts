import { join } from 'node:path';
import { type CodexHookListing, listCodexHooks, openCodexAppServer } from '@skillpack/adapters/codex';

/** One hook as `codex app-server` lists it (Codex 0.169: JSON-RPC method `hooks/list`). */
export type CodexHook = CodexHookListing;

export interface CodexHooksOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
  /** The `codex` executable; default `codex` in `binDir`, else on PATH. */
  readonly codex?: string;
  readonly timeoutMs?: number;
}

/** Ask `codex app-server` which hooks apply to `cwd` and whether each is trusted; never throws. */
export async function codexHooks(
  options: CodexHooksOptions,
): Promise<{ success: true; data: CodexHook[] } | { success: false; error: string }> {
  const codex = options.codex ?? (options.binDir ? join(options.binDir, 'codex') : 'codex');
  try {
    const server = await openCodexAppServer({
      codex,
      cwd: options.cwd,
      env: options.env,
      clientName: 'skillpack-doctor',
      timeoutMs: options.timeoutMs ?? 60_000,
    });
    try {
      return { success: true, data: await listCodexHooks(server, [options.cwd]) };
    } finally {
      server.close();
    }
  } catch (error) {
    const message = (error as Error).message;
    return {
      success: false,
      error: message.endsWith('was not found') ? `${message}; install the CLI or pass --bin-dir` : message,
    };
  }
}
