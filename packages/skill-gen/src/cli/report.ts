import { type SerializedError, SkillpackError } from '@skillpack/core';
import type { CliIo } from './io.js';

/**
 * A `--format json` document: pretty-printed with two spaces and one trailing newline, the same in every
 * command. `compact` puts it on one line instead: commands whose output is always JSON for programs
 * (`parse`) print JSON Lines, so a log of many runs stays one document per line.
 */
export function formatJson(document: unknown, compact = false): string {
  return `${compact ? JSON.stringify(document) : JSON.stringify(document, null, 2)}\n`;
}

export function writeJson(io: CliIo, document: unknown, compact = false): void {
  io.stdout(formatJson(document, compact));
}

function serialize(error: SkillpackError | Error): SerializedError {
  if (error instanceof SkillpackError) return error.toJSON();
  const code = (error as NodeJS.ErrnoException).code;
  return {
    name: error.name,
    code: typeof code === 'string' ? code.toLowerCase() : 'io_error',
    message: error.message,
    details: {},
  };
}

/** The JSON document of a failed command, whatever failed: `{ schemaVersion, command, ok: false, error }`. */
export function errorDocument(command: string, error: SkillpackError | Error) {
  return { schemaVersion: 1, command, ok: false, error: serialize(error) };
}

/** A failure for people: the message, its fix on its own line, and its code; never a stack. */
export function errorText(command: string, error: SkillpackError | Error): string {
  if (!(error instanceof SkillpackError)) return `skillpack ${command}: ${error.message}\n`;
  const fix = typeof error.details.fix === 'string' ? error.details.fix : undefined;
  const suffix = fix === undefined ? '' : ` Fix: ${fix}`;
  const message =
    fix !== undefined && error.message.endsWith(suffix)
      ? error.message.slice(0, -suffix.length)
      : error.message;
  return `skillpack ${command}: ${message}\n${fix === undefined ? '' : `  fix: ${fix}\n`}  (${error.code})\n`;
}
