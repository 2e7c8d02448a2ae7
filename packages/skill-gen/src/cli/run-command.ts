import type { SkillpackError } from '@skillpack/core';
import type { CommandDeclaration } from './command.js';
import { EXIT, exitCodeFor, UsageError } from './exit-code.js';
import type { CliIo } from './io.js';
import { parseCommandLine } from './parse-command-line.js';
import { createProgress } from './progress.js';
import { errorDocument, errorText, writeJson } from './report.js';
import { commandUsage, shortUsage } from './usage.js';

/**
 * Whether the command line asks for JSON, read before (and whatever) the parse says, so that a usage
 * error under `--format json` is a JSON document too.
 */
function wantsJson(command: CommandDeclaration, args: readonly string[]): boolean {
  if (command.output === 'json') return true;
  if (command.output !== 'formats') return false;
  const end = args.indexOf('--');
  const options = end === -1 ? args : args.slice(0, end);
  return options.some(
    (arg, index) => arg === '--format=json' || (arg === '--format' && options[index + 1] === 'json'),
  );
}

/** Print a failure as the command's output format asks and return its exit code; rethrow a bug. */
export function reportFailure(command: CommandDeclaration, io: CliIo, json: boolean, error: unknown): number {
  const code = exitCodeFor(error);
  if (code === undefined) throw error;
  const failure = error as SkillpackError | Error;
  if (json) writeJson(io, errorDocument(command.name, failure), command.output === 'json');
  if (error instanceof UsageError) {
    // The message, then the one-line usage and where the full help is: never the whole help page.
    io.stderr(`skillpack ${command.name}: ${failure.message}\n${shortUsage(command)}`);
  } else io.stderr(errorText(command.name, failure));
  return code;
}

/** Parse `args` against the declaration, then run the command; every failure ends in `exitCodeFor`. */
export async function runCommand(
  command: CommandDeclaration,
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  const json = wantsJson(command, args);
  const progress = createProgress(io, command.name);
  try {
    const parsed = parseCommandLine(command, args);
    if (parsed.help) {
      io.stdout(commandUsage(command));
      return EXIT.ok;
    }
    return await command.run({
      values: parsed.values as never,
      positionals: parsed.positionals,
      io,
      format: json ? 'json' : 'text',
      progress,
    });
  } catch (error) {
    return reportFailure(command, io, json, error);
  } finally {
    progress.end();
  }
}
