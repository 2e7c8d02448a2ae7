import { ConfigError, type ErrorDetails } from '@skillpack/core';

export interface AuthorErrorInput {
  /** The file the mistake is in, relative to the pack config where possible. */
  readonly file: string;
  /** 1-based line, when known. */
  readonly line?: number;
  /** What is wrong: expected versus received. */
  readonly message: string;
  /** What the author should do about it. */
  readonly fix: string;
  readonly details?: ErrorDetails;
  readonly cause?: unknown;
}

/** Where an author error points, as `file:line` (or the file alone). */
export function formatLocation(file: string, line?: number): string {
  return line === undefined ? file : `${file}:${line}`;
}

/**
 * A ConfigError for a mistake in a file an author wrote. The message starts with `file:line`; the fix is in
 * the message and in `details.fix` so the CLI can print it on its own line.
 */
export function authorError(code: string, input: AuthorErrorInput): ConfigError {
  const where = formatLocation(input.file, input.line);
  return new ConfigError(code, `${where}: ${input.message} Fix: ${input.fix}`, {
    details: {
      ...input.details,
      file: input.file,
      ...(input.line === undefined ? {} : { line: input.line }),
      fix: input.fix,
    },
    ...(input.cause === undefined ? {} : { cause: input.cause }),
  });
}
