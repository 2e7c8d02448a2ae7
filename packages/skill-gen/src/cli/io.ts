/** Where a command reads and writes; tests pass buffers, the bin passes the process streams. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Standard input, read only by a command that reads it (a Node stream is one). */
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Whether stderr is a terminal a person watches: progress is drawn only then (default: false). */
  readonly interactive?: boolean;
  /** Milliseconds from a monotonic clock, for progress (default: `process.hrtime.bigint()` in milliseconds). */
  readonly now?: () => number;
}
