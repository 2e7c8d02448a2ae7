import { ProtocolError } from '../errors.js';
import type { MaestroErrorCode } from './error-codes.js';

/** Exit codes of `maestro ralph complete|retry`: 1 for state and usage errors, 2 for a bad status or index. */
export type RalphExitCode = 1 | 2;

/**
 * A refused `maestro ralph` command: `code` is the upstream code where one exists (`E008`, `E009`,
 * `E010`), `exitCode` the CLI's exit status and `stderr` the lines the CLI prints (the first is `message`).
 */
export class RalphCommandError extends ProtocolError<MaestroErrorCode> {
  override name = 'RalphCommandError';
  readonly exitCode: RalphExitCode;
  readonly stderr: readonly string[];

  constructor(
    code: MaestroErrorCode,
    stderr: readonly [string, ...string[]],
    exitCode: RalphExitCode,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(code, stderr[0], { details: { ...details, exitCode, stderr } });
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}
