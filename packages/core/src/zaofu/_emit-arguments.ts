/** `zf emit`'s argument grammar (Python argparse, as `src/zf/cli/events.py` declares it) over shell words. */
import { describeValue, ProtocolError } from '../errors.js';
import type { ShellWord } from './_shell.js';
import type { ZaofuErrorCode, ZaofuProtocolError } from './error-codes.js';

export const EMIT_OPTIONS = [
  '--payload',
  '--payload-file',
  '--task',
  '--actor',
  '--dispatch-id',
  '--state-dir',
] as const;

export type EmitOption = (typeof EMIT_OPTIONS)[number];

const NEGATIVE_NUMBER = /^-(?:\d+|\d*\.\d+)$/;

export function emitError(
  code: ZaofuErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): ZaofuProtocolError {
  return new ProtocolError(code, message, { details });
}

/** argparse reads `-`, negative numbers and words containing a space as values, not options. */
function looksLikeOption(value: string): boolean {
  return value.startsWith('-') && value !== '-' && !NEGATIVE_NUMBER.test(value) && !value.includes(' ');
}

/** An exact option name, or the one option a `--` prefix abbreviates (argparse `allow_abbrev`). */
function resolveOption(name: string): EmitOption | 'help' | ZaofuProtocolError {
  if (name === '-h' || name === '--help') return 'help';
  const exact = EMIT_OPTIONS.find((option) => option === name);
  if (exact) return exact;
  const prefixed = name.startsWith('--') ? EMIT_OPTIONS.filter((option) => option.startsWith(name)) : [];
  if (name.startsWith('--') && '--help'.startsWith(name) && name.length > 2) return 'help';
  if (prefixed.length === 1) return prefixed[0]!;
  if (prefixed.length > 1) {
    return emitError(
      'invalid_emit_arguments',
      `zf emit: ambiguous option: ${name} could match ${prefixed.join(', ')}`,
      {
        option: name,
      },
    );
  }
  return emitError('invalid_emit_arguments', `zf emit: unrecognized arguments: ${name}`, { option: name });
}

export interface ParsedArguments {
  readonly type: ShellWord;
  readonly options: ReadonlyMap<EmitOption, ShellWord>;
}

/** argparse semantics: options anywhere, `--opt=value`, unique prefixes, `--` ends options, last one wins. */
export function parseArguments(args: readonly ShellWord[]): ParsedArguments | ZaofuProtocolError {
  const positionals: ShellWord[] = [];
  const options = new Map<EmitOption, ShellWord>();
  let onlyPositionals = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!onlyPositionals && arg.value === '--') {
      onlyPositionals = true;
      continue;
    }
    if (onlyPositionals || !looksLikeOption(arg.value)) {
      positionals.push(arg);
      continue;
    }
    const equals = arg.value.startsWith('--') ? arg.value.indexOf('=') : -1;
    const name = equals === -1 ? arg.value : arg.value.slice(0, equals);
    const option = resolveOption(name);
    if (option instanceof ProtocolError) return option;
    if (option === 'help') {
      return emitError('invalid_emit_arguments', 'zf emit --help prints usage and emits nothing.', {
        option: name,
      });
    }
    if (equals !== -1) {
      options.set(option, { ...arg, value: arg.value.slice(equals + 1) });
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || looksLikeOption(value.value)) {
      return emitError('invalid_emit_arguments', `zf emit: argument ${option}: expected one argument`, {
        option,
      });
    }
    options.set(option, value);
    i++;
  }
  const [type, ...extra] = positionals;
  if (type === undefined) {
    return emitError('invalid_emit_arguments', 'zf emit: the following arguments are required: type');
  }
  if (extra.length > 0) {
    const listed = extra.map((word) => word.value).join(' ');
    return emitError('invalid_emit_arguments', `zf emit: unrecognized arguments: ${describeValue(listed)}`, {
      type: type.value,
    });
  }
  return { type, options };
}

/** The event type a malformed call was meant for: its first positional word, skipping option values. */
export function guessType(args: readonly ShellWord[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const value = args[i]!.value;
    if (!looksLikeOption(value)) return value;
    if (!value.includes('=') && !(resolveOption(value) instanceof ProtocolError)) i++;
  }
  return undefined;
}

export function withType(error: ZaofuProtocolError, type: string | undefined): ZaofuProtocolError {
  if (type === undefined || error.details.type !== undefined) return error;
  return new ProtocolError(error.code, error.message, { details: { ...error.details, type } });
}
