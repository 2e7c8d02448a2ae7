import { describeValue } from '../errors.js';
import { fail, type Result, unwrap } from '../result.js';
import { emitError } from './_emit-arguments.js';
import { toEmitCommand } from './_emit-call.js';
import { type UnprovenEmitReason, unprovenEmitReasons } from './_emit-status.js';
import { type ShellWord, type SimpleCommand, scanShell } from './_shell.js';
import type { FoundZfEmitCommand, ZfEmitCommand } from './emit-command-types.js';
import type { ZaofuProtocolError } from './error-codes.js';

/**
 * A `zf emit` call found in a command line a shell tool ran, and whether the line's exit status speaks for it.
 *
 * @internal
 */
export interface FoundZfEmitCall extends FoundZfEmitCommand {
  /** Why a zero exit of the whole command line does not prove this emit succeeded; none when it does. */
  readonly unproven?: UnprovenEmitReason;
  /**
   * A command that may print runs before it in the line (anything but `cd`, `export` and the like; or a command
   * substitution, its own included): the line's output may hold an `Emitted:` line this emit did not print.
   */
  readonly afterOutput?: true;
}

/** Words that may precede `zf` and still run it: launchers, `env`, `python -m`, `uv run`. */
const LAUNCHERS = new Set([
  'uv',
  'uvx',
  'env',
  'poetry',
  'pipx',
  'python',
  'python3',
  'sudo',
  'timeout',
  'nice',
]);

const PREFIX_WORDS = new Set([
  '!',
  '{',
  'then',
  'do',
  'else',
  'elif',
  'if',
  'while',
  'until',
  'time',
  'exec',
]);

const PREFIX_WORDS_WITH_OPTIONS = new Set(['command', 'builtin', 'nohup']);

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);

/** Builtins that print nothing on success, so no line of theirs can pass for zf's (`afterOutput`). */
const QUIET_PROGRAMS = new Set(['cd', 'export', 'unset', 'set', 'umask', 'true', ':', 'readonly', 'local']);

/**
 * Whether a command runs a command substitution, in a word, a redirection's target or a here-document: a command
 * of its own, which may print. Quoted text is literal (`'… \`x\` …'`, a quoted here-document), as the lexer reads it.
 */
function substitutes(command: SimpleCommand): boolean {
  return (
    command.words.some((word) => word.substitutes === true) ||
    command.redirects.some(
      (redirect) => redirect.target.substitutes === true || redirect.bodySubstitutes === true,
    )
  );
}

const MAX_SHELL_NESTING = 3;

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Skip option words of a launcher such as `env -i` or `uv run --project .`; stop at the `zf` word. */
function findZfWord(words: readonly ShellWord[], from: number): number {
  for (let i = from; i < words.length - 1; i++) {
    if (basename(words[i]!.value) === 'zf' && words[i + 1]!.value === 'emit') return i;
  }
  return -1;
}

function commandWordIndex(words: readonly ShellWord[]): number {
  let i = 0;
  while (i < words.length) {
    const word = words[i]!;
    if (word.assignmentName !== undefined || (!word.quoted && PREFIX_WORDS.has(word.value))) i++;
    else if (!word.quoted && PREFIX_WORDS_WITH_OPTIONS.has(word.value)) {
      i++;
      while (i < words.length && words[i]!.value.startsWith('-')) i++;
    } else break;
  }
  return i;
}

/** The script of `sh -c SCRIPT` / `bash -lc SCRIPT`, when the command is one. */
function shellScript(words: readonly ShellWord[], index: number): ShellWord | undefined {
  for (let i = index + 1; i < words.length; i++) {
    const value = words[i]!.value;
    if (!value.startsWith('-') || value.startsWith('--')) return undefined;
    if (value.includes('c')) return words[i + 1];
  }
  return undefined;
}

/** The command that runs a script (`sh -c '…'`): its span, and why its own status is not the line's. */
interface Outer {
  readonly start: number;
  readonly end: number;
  readonly unproven: UnprovenEmitReason | undefined;
  /** A command before it in its line may have printed. */
  readonly printed: boolean;
}

const prefixOf = (command: SimpleCommand) => command.words.slice(0, commandWordIndex(command.words));

/** Scan `source`; calls inside `sh -c '…'` report the span of the outer command. */
function collect(source: string, depth: number, found: FoundZfEmitCall[], outer?: Outer): void {
  const scan = scanShell(source);
  let reasons: ((index: number) => UnprovenEmitReason | undefined) | undefined;
  let printed = outer?.printed ?? false;
  scan.commands.forEach((command, index) => {
    const words = command.words;
    const at = commandWordIndex(words);
    const substituting = substitutes(command);
    const unproven = () => {
      if (outer?.unproven !== undefined) return outer.unproven;
      reasons ??= unprovenEmitReasons(scan.commands, prefixOf);
      return reasons(index);
    };
    const program = words[at];
    if (program === undefined || program.dynamic) {
      // Assignments alone print nothing; a program named by an expansion may be anything.
      printed ||= substituting || program !== undefined;
      return;
    }
    const name = basename(program.value);
    const zf =
      name === 'zf'
        ? words[at + 1]?.value === 'emit'
          ? at
          : -1
        : LAUNCHERS.has(name)
          ? findZfWord(words, at + 1)
          : -1;
    if (zf !== -1) {
      const previous = index > 0 ? scan.commands[index - 1] : undefined;
      const span = outer ?? command;
      const reason = unproven();
      found.push({
        result: toEmitCommand(words.slice(zf + 2), command, previous),
        start: span.start,
        end: span.end,
        ...(reason === undefined ? {} : { unproven: reason }),
        ...(printed || substituting ? { afterOutput: true as const } : {}),
      });
      // A zf emit prints its own event's line alone, which counting per type accounts for.
      printed ||= substituting;
      return;
    }
    const script = SHELLS.has(name) ? shellScript(words, at) : undefined;
    if (script && !script.dynamic && depth < MAX_SHELL_NESTING) {
      const { start, end } = outer ?? command;
      collect(script.value, depth + 1, found, {
        start,
        end,
        unproven: unproven(),
        printed: printed || substituting,
      });
    }
    printed ||= substituting || !QUIET_PROGRAMS.has(name);
  });
  if (scan.error) {
    found.push({
      result: fail(
        emitError(
          'invalid_shell_syntax',
          `The command line is not valid shell: ${scan.error.message}; received ${describeValue(source)}.`,
        ),
      ),
      start: outer?.start ?? scan.error.offset,
      end: outer?.end ?? source.length,
    });
  }
}

/**
 * Every `zf emit` call in one shell command string (as an agent's tool call ran it), in order: after `&&`,
 * `;` or `|`, behind `env`/`uv run`/`python -m`, or inside `sh -c '…'`. A shell syntax error is reported
 * as a final `invalid_shell_syntax` entry.
 */
export function findZfEmitCommands(command: unknown): FoundZfEmitCommand[] {
  return findZfEmitCalls(command).map(({ result, start, end }) => ({ result, start, end }));
}

/**
 * `findZfEmitCommands`, each call with whether the command line's exit status speaks for it (`unproven`).
 *
 * @internal
 */
export function findZfEmitCalls(command: unknown): FoundZfEmitCall[] {
  const found: FoundZfEmitCall[] = [];
  if (typeof command === 'string') collect(command, 0, found);
  return found;
}

/** The one `zf emit` call in a shell command string; `not_zf_emit` when there is none. */
export function safeParseZfEmitCommand(command: unknown): Result<ZfEmitCommand, ZaofuProtocolError> {
  const found = findZfEmitCommands(command);
  const syntax = found.find(
    (entry) => !entry.result.success && entry.result.error.code === 'invalid_shell_syntax',
  );
  if (syntax) return syntax.result;
  const emits = found;
  if (emits.length === 1) return emits[0]!.result;
  if (emits.length > 1) {
    return fail(
      emitError(
        'multiple_emit_commands',
        `Expected one zf emit call; the command runs ${emits.length}. Use findZfEmitCommands to read each.`,
        { count: emits.length },
      ),
    );
  }
  return fail(
    emitError(
      'not_zf_emit',
      `Expected a command such as zf emit arch.proposal.done --payload '{"summary":"…"}'; received ${describeValue(command)}.`,
    ),
  );
}

/** The throwing twin of `safeParseZfEmitCommand`. */
export function parseZfEmitCommand(command: string): ZfEmitCommand {
  return unwrap(safeParseZfEmitCommand(command));
}
