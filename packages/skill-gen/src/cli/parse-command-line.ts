import { parseArgs } from 'node:util';
import type { CommandDeclaration, OptionDeclaration, OptionDeclarations } from './command.js';
import { suggestion } from './did-you-mean.js';
import { UsageError } from './exit-code.js';
import { controlCharacterIn } from './path-kind.js';

/** Placeholders of values that are paths: none of them may hold a control character. */
const PATH_VALUES = /^(?:FILE|DIR|PATH|PACK_DIR|MODULE)$/;

/** A path argument with a newline (or another control character) is a typo or a paste, never a file meant. */
function checkPath(what: string, value: string): void {
  const control = controlCharacterIn(value);
  if (control === undefined) return;
  throw new UsageError(
    'path_has_control_character',
    `${what} is ${JSON.stringify(value)}, which contains ${control}; a path must not contain control characters (was a line break pasted into it?).`,
    { details: { argument: what, received: value } },
  );
}

export interface ParsedCommandLine {
  readonly values: Readonly<Record<string, boolean | string | readonly string[] | undefined>>;
  readonly positionals: readonly string[];
  readonly help: boolean;
}

/** The options every command has besides its own. */
export function allOptions(command: CommandDeclaration): OptionDeclarations {
  return {
    ...command.options,
    ...(command.output === 'formats'
      ? {
          format: {
            type: 'string',
            value: 'F',
            choices: ['text', 'json'],
            default: 'text',
            description: 'text for people, or json: one JSON document on stdout, failures included',
          },
        }
      : {}),
    help: { type: 'boolean', short: 'h', description: 'Show this help' },
  } satisfies OptionDeclarations;
}

const flag = (name: string) => `--${name}`;

function choose(name: string, option: OptionDeclaration, value: string): string {
  if (option.type === 'string' && option.choices && !option.choices.includes(value)) {
    throw new UsageError(
      'invalid_value',
      `--${name} must be one of ${option.choices.join(', ')}; got ${JSON.stringify(value)}.${suggestion(value, option.choices)}`,
      { details: { option: name, expected: option.choices, received: value } },
    );
  }
  return value;
}

/**
 * Parse `args` against a command's declaration. `node:util` `parseArgs` splits the tokens (bundled short
 * flags, `--name=value`, `--`); this checks them, so every mistake is a `UsageError` that names the flag
 * and, for a mistyped one, the flag that was probably meant.
 */
export function parseCommandLine(command: CommandDeclaration, args: readonly string[]): ParsedCommandLine {
  const options = allOptions(command);
  const shorts = new Map(
    Object.entries(options).flatMap(([name, option]) => (option.short ? [[option.short, name]] : [])),
  );
  const config = Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      { type: option.type, ...(option.short ? { short: option.short } : {}) },
    ]),
  );
  const { tokens } = parseArgs({
    args: [...args],
    options: config,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, boolean | string | string[] | undefined> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    const short = !token.rawName.startsWith('--');
    if (!option || (short && shorts.get(token.rawName.slice(1)) !== token.name)) {
      const known = Object.keys(options);
      throw new UsageError(
        'unknown_option',
        `unknown option ${token.rawName}.${suggestion(token.name, known, flag)}`,
        { details: { option: token.rawName } },
      );
    }
    if (option.type === 'boolean') {
      if (token.value !== undefined)
        throw new UsageError(
          'unexpected_value',
          `--${token.name} takes no value; got ${JSON.stringify(token.value)}.`,
          {
            details: { option: token.name, received: token.value },
          },
        );
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value !== undefined && PATH_VALUES.test(option.value)) checkPath(`--${token.name}`, value);
    if (value === undefined || (!token.inlineValue && value.startsWith('-') && value !== '-'))
      throw new UsageError(
        'missing_value',
        `--${token.name} needs a value (${option.value})${value === undefined ? '' : `; got the option ${value}`}.`,
        { details: { option: token.name } },
      );
    if (option.multiple) {
      const list = (values[token.name] as string[] | undefined) ?? [];
      for (const part of value.split(',').map((entry) => entry.trim())) {
        if (part !== '' && !list.includes(choose(token.name, option, part))) list.push(part);
      }
      values[token.name] = list;
    } else if (values[token.name] !== undefined && values[token.name] !== value) {
      throw new UsageError('duplicate_option', `--${token.name} was given twice.`, {
        details: { option: token.name },
      });
    } else values[token.name] = choose(token.name, option, value);
  }
  const help = values.help === true;
  for (const [name, option] of Object.entries(options)) {
    if (values[name] !== undefined) continue;
    if (option.type === 'boolean') values[name] = false;
    else if (option.multiple) values[name] = option.default === undefined ? [] : [option.default];
    else if (option.default !== undefined) values[name] = option.default;
    else if (option.required && !help)
      throw new UsageError('missing_option', `--${name} ${option.value} is required.`, {
        details: { option: name },
      });
  }
  if (!help) checkPositionals(command, positionals);
  return { values, positionals, help };
}

function checkPositionals(command: CommandDeclaration, positionals: readonly string[]): void {
  const declared = command.positionals ?? [];
  positionals.forEach((value, index) => {
    const name = (declared[index] ?? declared.at(-1))?.name;
    if (name !== undefined && PATH_VALUES.test(name)) checkPath(name, value);
  });
  const required = declared.filter((positional) => positional.required);
  const unbounded = declared.some((positional) => positional.multiple);
  if (positionals.length < required.length) {
    throw new UsageError('missing_argument', `${required[positionals.length]!.name} is required.`, {
      details: { expected: required.map((positional) => positional.name) },
    });
  }
  if (!unbounded && positionals.length > declared.length) {
    const extra = positionals[declared.length]!;
    throw new UsageError(
      'unexpected_argument',
      `unexpected argument ${JSON.stringify(extra)}${declared.length === 0 ? ` (${command.name} takes only options)` : ''}.`,
      { details: { received: extra } },
    );
  }
}
