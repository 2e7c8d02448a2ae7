import type { ModelProtocol } from '../model-request.js';
import type { RunAgentOptions, RunFolders } from '../run-agent.js';

export interface SetupContext {
  readonly cli: string;
  readonly folders: RunFolders;
  /** `http://127.0.0.1:<port>` of the scripted model. */
  readonly modelUrl: string;
  /** The environment every runtime gets (PATH, HOME, XDG_*, TMPDIR, offline flags), to extend. */
  readonly env: Readonly<Record<string, string>>;
  readonly options: RunAgentOptions;
}

/**
 * How to start one runtime's CLI headless against the scripted model: one declaration per runtime in
 * `_runtimes/<runtime>.ts`, listed in `RUNTIME_SETUPS` (`_runtimes/registry.ts`).
 */
export interface RuntimeSetup {
  /** The executable its npm package installs (`claude`), found on PATH by `findCli`. */
  readonly bin: string;
  /** The wire protocol it speaks to the scripted model. */
  readonly protocol: ModelProtocol;
  /** Isolate it (config, home, offline switches) and give its command line. */
  prepare(context: SetupContext): Promise<{ args: string[]; env: Record<string, string> }>;
}

/** The API key every runtime sends; the scripted model accepts any. */
export const SCRIPTED_API_KEY = 'sk-scripted-not-a-key';
