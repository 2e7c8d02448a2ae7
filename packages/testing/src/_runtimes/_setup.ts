import type { ShellTool } from '../_protocols/_codec.js';
import type { ModelProtocol } from '../model-request.js';
import type { RunAgentOptions, RunFolders } from '../run-agent-options.js';

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
 * `_runtimes/<runtime>/setup.ts`, listed in `RUNTIME_SETUPS` (`_runtimes/registry.ts`).
 */
export interface RuntimeSetup {
  /** The executable its npm package installs (`claude`), found on PATH by `findCli`. */
  readonly bin: string;
  /** The wire protocol it speaks to the scripted model. */
  readonly protocol: ModelProtocol;
  /**
   * The shell tools its CLI declares to the model, preferred first: a `reply.shell(command)` to a request
   * calls the first one the request declares (the scripted model tries every runtime of the protocol).
   */
  readonly shellTools: readonly ShellTool[];
  /** Isolate it (config, home, offline switches) and give its command line. */
  prepare(context: SetupContext): Promise<PreparedCommand>;
}

/** A runtime's command line and environment for one run against the scripted model. */
export interface PreparedCommand {
  /** The whole argument list: headless output flags, the prompt, `modelArgs` and the caller's `args`. */
  readonly args: string[];
  readonly env: Record<string, string>;
  /**
   * The part of `args` that points the CLI at the scripted model apart from the headless output flags and
   * the prompt (a pinned model, an auth type, an approval mode), for a caller that builds its own command
   * line around the same environment (`@skillpack/host`'s `runContract`, in e2e/host-runtimes.test.mjs).
   */
  readonly modelArgs: string[];
}

/** The API key every runtime sends; the scripted model accepts any. */
export const SCRIPTED_API_KEY = 'sk-scripted-not-a-key';
