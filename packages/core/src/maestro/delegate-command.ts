import { ConfigError } from '../errors.js';
import { quoteShellArgument } from './complete-command.js';
import type { CliTool } from './invocation.js';
import type { DELEGATE_MODES } from './status-schema.js';

/** What `buildDelegateCommand` builds from: the prompt, the CLI tool, the mode, and the exec id parts. */
export interface DelegateCommandInput {
  readonly prompt: string;
  readonly cliTool: CliTool;
  readonly mode: (typeof DELEGATE_MODES)[number];
  /** The id prefix; seed 002 names it `{prefix}` and leaves its value to the caller. */
  readonly prefix: string;
  /** The clock reading the `{HHmmss}` part comes from (UTC). */
  readonly now: Date;
  /** A source of uniform numbers in [0, 1) for the `{rand4}` part. */
  readonly random: () => number;
}

/** A built `maestro delegate` command: its exec id, its argv, and the argv as one shell command line. */
export interface DelegateCommand {
  /** `{prefix}-{HHmmss}-{rand4}`, written to `step.delegate_exec_id`. */
  readonly execId: string;
  readonly argv: readonly string[];
  /** The argv as one POSIX shell command line. */
  readonly command: string;
}

const RAND_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A_DISPATCH_DELEGATE step 1: `maestro delegate "{prompt}" --to {cli_tool} --mode {delegate_mode} --id
 * {prefix}-{HHmmss}-{rand4}`. The clock and the randomness are passed in; `HHmmss` is read in UTC (the seed
 * does not say which zone) and `rand4` is four lowercase base-36 characters.
 */
export function buildDelegateCommand(input: DelegateCommandInput): DelegateCommand {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(input.prefix)) {
    throw new ConfigError(
      'invalid_delegate_prefix',
      `Expected a delegate id prefix of letters, digits, ".", "_" or "-", received ${JSON.stringify(input.prefix)}.`,
    );
  }
  if (Number.isNaN(input.now.getTime())) {
    throw new ConfigError(
      'invalid_delegate_clock',
      'Expected a valid Date for the delegate id, received an invalid one.',
    );
  }
  let rand4 = '';
  for (let i = 0; i < 4; i++) {
    const draw = input.random();
    if (!(draw >= 0 && draw < 1)) {
      throw new ConfigError('invalid_delegate_random', `Expected random() in [0, 1), received ${draw}.`);
    }
    rand4 += RAND_ALPHABET[Math.floor(draw * RAND_ALPHABET.length)];
  }
  const at = input.now;
  const hhmmss = `${twoDigits(at.getUTCHours())}${twoDigits(at.getUTCMinutes())}${twoDigits(at.getUTCSeconds())}`;
  const execId = `${input.prefix}-${hhmmss}-${rand4}`;
  const argv = [
    'maestro',
    'delegate',
    input.prompt,
    '--to',
    input.cliTool,
    '--mode',
    input.mode,
    '--id',
    execId,
  ];
  const command = `maestro delegate ${quoteShellArgument(input.prompt)} --to ${input.cliTool} --mode ${input.mode} --id ${execId}`;
  return { execId, argv, command };
}
