import type { ExitCode } from './exit-code.js';
import type { CliIo } from './io.js';
import type { Progress } from './progress.js';

/** A flag that takes no value: `--dry-run`. */
export interface BooleanOption {
  readonly type: 'boolean';
  readonly short?: string;
  readonly description: string;
}

/** A flag with a value: `--out DIR`; `multiple` ones repeat or comma-separate (`-t a,b` is `-t a -t b`). */
export interface StringOption {
  readonly type: 'string';
  readonly short?: string;
  /** The value's placeholder in the help, `FILE`, `DIR`; a `choices` option shows its choices instead. */
  readonly value: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly multiple?: boolean;
  readonly required?: boolean;
  /** Applied when the flag is absent, and shown in the help. */
  readonly default?: string;
  /** The default as the help shows it, when it is not a literal value (`the config's targets`). */
  readonly defaultText?: string;
}

export type OptionDeclaration = BooleanOption | StringOption;
export type OptionDeclarations = Readonly<Record<string, OptionDeclaration>>;

/** An operand after the options: `<built-pack-dir>`, `[PATH…]`. */
export interface PositionalDeclaration {
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
  readonly multiple?: boolean;
}

type ValueOf<O extends OptionDeclaration> = O extends BooleanOption
  ? boolean
  : O extends { readonly multiple: true }
    ? readonly string[]
    : O extends { readonly required: true } | { readonly default: string }
      ? string
      : string | undefined;

/** The parsed values of a command's options, typed from its declaration. */
export type OptionValues<O extends OptionDeclarations> = { readonly [K in keyof O]: ValueOf<O[K]> };

/** What a command's `run` gets: its parsed command line, where to write, and how. */
export interface CommandContext<O extends OptionDeclarations> {
  readonly values: OptionValues<O>;
  readonly positionals: readonly string[];
  readonly io: CliIo;
  /** `json` when the command prints one JSON document (`--format json`, or always for `output: 'json'`). */
  readonly format: 'text' | 'json';
  /** Progress on stderr for long work, drawn only on a terminal and only once it has taken a second. */
  readonly progress: Progress;
}

/**
 * A command, declared once: its usage line, option table, help page and `skillpack help` summary are all
 * generated from this, and its command line is parsed and checked against it before `run` is called.
 * `run` returns an exit code or throws a typed error (`ConfigError`, `ProtocolError`, `UsageError`,
 * `IoError`), which is printed (as text, or as one JSON document under `--format json`) and mapped to an
 * exit code in one place (`exitCodeFor`). Keep heavy imports inside `run` so `skillpack help` and other
 * commands never load them.
 */
export interface CommandDeclaration<O extends OptionDeclarations = OptionDeclarations> {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** What the command does, a paragraph or two, printed under the usage line. */
  readonly description: string;
  readonly positionals?: readonly PositionalDeclaration[];
  readonly options: O;
  /**
   * `text`: prints for people; `formats`: adds `--format text|json`; `json`: always prints one JSON document.
   * Under JSON, failures (usage errors included) are one JSON document on stdout too.
   */
  readonly output: 'text' | 'formats' | 'json';
  /** When it exits 0 and when 1 (2 is always "usage or I/O error"). */
  readonly exits: { readonly ok: string; readonly failed?: string };
  /** Extra paragraphs printed after the options. */
  readonly notes?: string;
  run(context: CommandContext<O>): Promise<number | ExitCode>;
}

/** Declare a command; the identity function, there to type `run`'s `values` from `options`. */
export function defineCommand<const O extends OptionDeclarations>(
  declaration: CommandDeclaration<O>,
): CommandDeclaration<O> {
  return declaration;
}
