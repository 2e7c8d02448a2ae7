import type { JsonSchema } from '@skillpack/core';

/** The CLI versions a runtime's reader was proven on: `min` inclusive, `below` exclusive. */
export interface ProvenVersions {
  readonly min: string;
  readonly below: string;
}

/** What one attempt asks the CLI for: the text to send and the runtime's extra arguments. */
export interface AttemptArgs {
  /** The prompt (first attempt) or the correction (later ones). */
  readonly prompt: string;
  /** Arguments carrying the native structured-output option, when one is used. */
  readonly native: readonly string[];
  /** The caller's own extra arguments (`RunContractOptions.args`). */
  readonly extra: readonly string[];
}

/** A runtime's structured-output option: which schema variant it takes and the arguments that carry it. */
export interface NativeSchemaOption {
  /** The CLI flag, for messages and docs (`--json-schema`, `--output-schema`). */
  readonly flag: string;
  /** The arguments for `schema`; `writeFile` stores a file for the run and returns its path. */
  args(schema: JsonSchema, writeFile: (name: string, content: string) => string): string[];
  /** The schema the CLI is given, from the contract's input-side JSON Schema (the standard variant). */
  readonly variant: 'standard' | 'openai';
  /**
   * Whether the provider behind the CLI takes this schema; a contract whose schema it would refuse runs
   * without the option (the contract's instructions and corrections still apply). Default: any.
   */
  accepts?(schema: JsonSchema): boolean;
}

/**
 * Everything `runContract` needs to know about one runtime's CLI, in one declaration: the executable, how
 * to run it headless and resume a session, the version it was proven on, and its structured-output option.
 */
export interface HostRuntime {
  /** The executable's name on PATH. */
  readonly bin: string;
  /** Reads the version out of `<bin> --version`; the first group is `x.y.z`. */
  readonly versionPattern: RegExp;
  readonly versions: ProvenVersions;
  /** The arguments of a first, headless run with machine output. */
  start(attempt: AttemptArgs): string[];
  /** The arguments that resume `sessionId` with one more user message. */
  resume(sessionId: string, attempt: AttemptArgs): string[];
  /** The CLI's structured-output option; absent when it has none. */
  readonly nativeSchema?: NativeSchemaOption;
  /**
   * What the CLI means by the exit codes it documents for a run that printed no error of its own (Gemini
   * CLI's 55: the folder is not trusted), added to the `exit_nonzero` message.
   */
  readonly exitCodes?: Readonly<Record<number, string>>;
  /** What the CLI needs from the caller beyond its own configuration and API key, for the docs. */
  readonly requires?: string;
}
