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

/** How to start one runtime's CLI headless against the scripted model. */
export interface RuntimeSetup {
  prepare(context: SetupContext): Promise<{ args: string[]; env: Record<string, string> }>;
}

/** The API key every runtime sends; the scripted model accepts any. */
export const SCRIPTED_API_KEY = 'sk-scripted-not-a-key';
