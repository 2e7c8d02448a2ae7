import { ConfigError, type ErrorDetails } from '@skillpack/core';

export interface AuthorErrorInput {
  /** The file the mistake is in, relative to the pack config where possible. */
  readonly file: string;
  /** 1-based line, when known. */
  readonly line?: number;
  /** 1-based column on that line, when known. */
  readonly column?: number;
  /** What is wrong: expected versus received. */
  readonly message: string;
  /** What the author should do about it. */
  readonly fix: string;
  readonly details?: ErrorDetails;
  readonly cause?: unknown;
}

/** Where an author error points, as `file:line:column`, `file:line` or the file alone. */
export function formatLocation(file: string, line?: number, column?: number): string {
  if (line === undefined) return file;
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

/**
 * A ConfigError for a mistake in a file an author wrote. The message starts with `file:line`; the fix is in
 * the message and in `details.fix` so the CLI can print it on its own line.
 */
export function authorError(code: string, input: AuthorErrorInput): ConfigError {
  const where = formatLocation(input.file, input.line, input.column);
  return new ConfigError(code, `${where}: ${input.message} Fix: ${input.fix}`, {
    details: {
      ...input.details,
      file: input.file,
      ...(input.line === undefined ? {} : { line: input.line }),
      ...(input.column === undefined ? {} : { column: input.column }),
      fix: input.fix,
    },
    ...(input.cause === undefined ? {} : { cause: input.cause }),
  });
}
