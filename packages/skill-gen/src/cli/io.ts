/** Where a command reads and writes; tests pass buffers, the bin passes the process streams. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Whether stderr is a terminal a person watches: progress is drawn only then (default: false). */
  readonly interactive?: boolean;
  /** Milliseconds from a monotonic clock, for progress (default: `performance.now`). */
  readonly now?: () => number;
}

export type { CommandDeclaration as Command } from './command.js';
export { EXIT, type ExitCode } from './exit-code.js';
