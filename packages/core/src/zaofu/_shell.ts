/**
 * A POSIX shell reader, just enough for the command lines agents run: it splits source into simple commands
 * (words, redirections, here-documents) at control operators and newlines, and skips comments. Runs in
 * linear time and never throws.
 */
import {
  CONTROL_OPERATORS,
  ioNumberLength,
  Lexer,
  matchOperator,
  OPERATOR_START,
  REDIRECT_OPERATORS,
  ShellSyntax,
  type ShellSyntaxErrorCode,
  type ShellWord,
} from './_shell-lexer.js';

export type { ShellSyntaxErrorCode, ShellWord } from './_shell-lexer.js';

export interface ShellRedirect {
  readonly operator: string;
  readonly target: ShellWord;
  /** The here-document body (with its final newline), for `<<` and `<<-`. */
  readonly body?: string;
  /** The body contains expansions (unquoted delimiter only). */
  readonly bodyDynamic?: boolean;
  /** One of them runs a command (see `ShellWord.substitutes`). */
  readonly bodySubstitutes?: boolean;
}

export interface SimpleCommand {
  readonly words: ShellWord[];
  readonly redirects: ShellRedirect[];
  /** The command reads the previous command's output through `|` or `|&`. */
  readonly pipedInput: boolean;
  /** The control operator that ends the command (a newline reads as `;`); none when the source ends it. */
  readonly followedBy?: string;
  readonly start: number;
  readonly end: number;
}

export interface ShellSyntaxError {
  readonly code: ShellSyntaxErrorCode;
  readonly message: string;
  readonly offset: number;
}

export interface ShellScan {
  readonly commands: SimpleCommand[];
  readonly error?: ShellSyntaxError;
  /** Where scanning stopped. */
  readonly end: number;
}

export interface ShellScanOptions {
  readonly start?: number;
  /** Stop after the first simple command (and its here-documents). */
  readonly firstCommandOnly?: boolean;
  /** Markdown prose: an unquoted backtick ends the command (an inline code span) instead of substituting. */
  readonly markdown?: boolean;
}

interface CommandBuilder {
  words: ShellWord[];
  redirects: ShellRedirect[];
  pipedInput: boolean;
  start: number;
}

/** Split shell source into simple commands. Never throws: a syntax error ends the scan and is reported. */
export function scanShell(source: string, options: ShellScanOptions = {}): ShellScan {
  const lexer = new Lexer(source, options.start ?? 0, options.markdown ?? false);
  const commands: SimpleCommand[] = [];
  const pendingHeredocs: { redirect: ShellRedirect; index: number; command: CommandBuilder }[] = [];
  let current: CommandBuilder = { words: [], redirects: [], pipedInput: false, start: lexer.index };
  let stop = false;

  const finish = (end: number, followedBy?: string) => {
    if (current.words.length > 0 || current.redirects.length > 0) {
      const { words, redirects, pipedInput, start } = current;
      commands.push({ words, redirects, pipedInput, ...(followedBy ? { followedBy } : {}), start, end });
      if (options.firstCommandOnly) stop = true;
    }
    const pipedNext = followedBy === '|' || followedBy === '|&';
    current = { words: [], redirects: [], pipedInput: pipedNext, start: lexer.index };
  };

  const readPendingHeredocs = () => {
    for (const pending of pendingHeredocs.splice(0)) {
      const filled = { ...pending.redirect, ...lexer.readHeredocBody(pending.redirect) };
      pending.command.redirects[pending.index] = filled;
    }
  };

  try {
    while (lexer.index < source.length && !stop) {
      const char = source[lexer.index]!;
      if (char === ' ' || char === '\t') {
        lexer.index++;
      } else if (char === '\\' && source[lexer.index + 1] === '\n') {
        lexer.index += 2;
      } else if (char === '\n') {
        const builder = current;
        lexer.index++;
        finish(lexer.index - 1, ';');
        if (pendingHeredocs.length > 0) {
          readPendingHeredocs();
          const last = commands[commands.length - 1];
          if (last && builder.redirects.length > 0)
            commands[commands.length - 1] = { ...last, end: lexer.index };
        }
      } else if (char === '#') {
        const lineEnd = source.indexOf('\n', lexer.index);
        lexer.index = lineEnd === -1 ? source.length : lineEnd;
      } else if (options.markdown && char === '`') {
        finish(lexer.index);
        break;
      } else {
        const digits = ioNumberLength(source, lexer.index);
        if (digits > 0) lexer.index += digits;
        const operatorStart = OPERATOR_START.has(source[lexer.index]!);
        const redirect = operatorStart ? matchOperator(source, lexer.index, REDIRECT_OPERATORS) : undefined;
        const control =
          operatorStart && !redirect ? matchOperator(source, lexer.index, CONTROL_OPERATORS) : undefined;
        if (redirect) {
          const at = lexer.index;
          lexer.index += redirect.length;
          while (source[lexer.index] === ' ' || source[lexer.index] === '\t') lexer.index++;
          const target = lexer.readWord();
          if (target.value === '' && !target.quoted && !target.dynamic) {
            throw new ShellSyntax('missing_redirect_target', `${redirect} has no target`, at);
          }
          current.redirects.push({ operator: redirect, target });
          if (redirect === '<<' || redirect === '<<-') {
            pendingHeredocs.push({
              redirect: { operator: redirect, target },
              index: current.redirects.length - 1,
              command: current,
            });
          }
        } else if (control) {
          lexer.index += control.length;
          finish(lexer.index - control.length, control);
        } else {
          current.words.push(lexer.readWord());
        }
      }
    }
    if (!stop) finish(lexer.index);
    if (pendingHeredocs.length > 0) {
      const newline = source.indexOf('\n', lexer.index);
      lexer.index = newline === -1 ? source.length : newline + 1;
      readPendingHeredocs();
    }
    return { commands, end: lexer.index };
  } catch (error) {
    if (!(error instanceof ShellSyntax)) throw error;
    return {
      commands,
      error: { code: error.code, message: error.message, offset: error.offset },
      end: source.length,
    };
  }
}
