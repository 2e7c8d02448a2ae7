/**
 * The word-level part of the shell reader: quotes (single, double with backslash escapes of `$ \` " \\` and
 * newline, bash's `$'…'`), backslash escapes, backslash-newline continuations and here-document bodies.
 * Expansions (`$x`, `${…}`, `$(…)`, backticks) are skipped, never evaluated; a word with one is `dynamic`.
 */

export interface ShellWord {
  /** The word after quote removal. */
  readonly value: string;
  /** The word contains an expansion whose value only the running shell knows. */
  readonly dynamic: boolean;
  /** One of those expansions runs a command (`$(…)`, backticks, or one inside `${…}`), which may print. */
  readonly substitutes?: true;
  /** Some part of the word was quoted or escaped (so it is never an assignment or reserved word). */
  readonly quoted: boolean;
  /** The text before the first unquoted `=`, when the word looks like `NAME=value`. */
  readonly assignmentName?: string;
}

export type ShellSyntaxErrorCode =
  | 'unterminated_quote'
  | 'unterminated_substitution'
  | 'missing_redirect_target';

export const CONTROL_OPERATORS = ['&&', '||', ';;', '|&', ';', '&', '|', '(', ')'];
export const REDIRECT_OPERATORS = ['<<<', '<<-', '&>>', '<<', '>>', '>&', '<&', '<>', '>|', '&>', '<', '>'];
const WORD_BREAK = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
const DOUBLE_QUOTE_ESCAPABLE = new Set(['$', '`', '"', '\\']);
const ASSIGNMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SPECIAL_PARAMETERS = new Set(['@', '*', '#', '?', '-', '$', '!']);
const ANSI_C_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export class ShellSyntax extends Error {
  constructor(
    readonly code: ShellSyntaxErrorCode,
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

function isNameStart(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z_]/.test(char);
}

function isNameChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9_]/.test(char);
}

function isHexDigit(char: string | undefined): boolean {
  return char !== undefined && /[0-9A-Fa-f]/.test(char);
}

function isOctalDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '7';
}

export const OPERATOR_START = new Set([';', '&', '|', '(', ')', '<', '>']);

/** The length of an IO number such as the `2` of `2>&1` (digits directly before `<` or `>`), else 0. */
export function ioNumberLength(source: string, index: number): number {
  let i = index;
  while (i < source.length && i - index < 10 && source[i]! >= '0' && source[i]! <= '9') i++;
  return i > index && (source[i] === '<' || source[i] === '>') ? i - index : 0;
}

export function matchOperator(
  source: string,
  index: number,
  operators: readonly string[],
): string | undefined {
  return operators.find((operator) => source.startsWith(operator, index));
}

/** A cursor over shell source; each read method advances `index` past what it consumed. */
export class Lexer {
  index: number;

  constructor(
    readonly source: string,
    start: number,
    readonly markdown: boolean,
  ) {
    this.index = start;
  }

  /** Skip a `(`…`)` group (after `$(`), honouring quotes and nesting; returns the index after `)`. */
  skipParenthesized(from: number): number {
    let depth = 1;
    let i = from;
    while (i < this.source.length) {
      const char = this.source[i]!;
      if (char === '\\') i += 2;
      else if (char === "'") i = this.closingQuote(i, "'") + 1;
      else if (char === '"') i = this.skipDoubleQuoted(i + 1);
      else {
        if (char === '(') depth++;
        else if (char === ')' && --depth === 0) return i + 1;
        i++;
      }
    }
    throw new ShellSyntax('unterminated_substitution', 'a $( command substitution is never closed', from);
  }

  /** Skip a double-quoted string starting after its `"`; returns the index after the closing `"`. */
  skipDoubleQuoted(from: number): number {
    let i = from;
    while (i < this.source.length) {
      const char = this.source[i]!;
      if (char === '\\') i += 2;
      else if (char === '"') return i + 1;
      else if (char === '$' && this.source[i + 1] === '(') i = this.skipParenthesized(i + 2);
      else i++;
    }
    throw new ShellSyntax('unterminated_quote', 'a double quote is never closed', from - 1);
  }

  closingQuote(open: number, quote: string): number {
    const close = this.source.indexOf(quote, open + 1);
    if (close === -1) {
      const name = quote === "'" ? 'single' : 'back';
      throw new ShellSyntax(
        quote === "'" ? 'unterminated_quote' : 'unterminated_substitution',
        `a ${name} quote is never closed`,
        open,
      );
    }
    return close;
  }

  /** Skip one `$` expansion at `index` (pointing at `$`); returns the next index, or `undefined` for a literal `$`. */
  skipExpansion(index: number): number | undefined {
    const next = this.source[index + 1];
    if (next === '(') return this.skipParenthesized(index + 2);
    if (next === '{') {
      const close = this.source.indexOf('}', index + 2);
      if (close === -1)
        throw new ShellSyntax('unterminated_substitution', 'a ${ expansion is never closed', index);
      return close + 1;
    }
    if (isNameStart(next)) {
      let i = index + 2;
      while (isNameChar(this.source[i])) i++;
      return i;
    }
    if (next !== undefined && (/[0-9]/.test(next) || SPECIAL_PARAMETERS.has(next))) return index + 2;
    return undefined;
  }

  readAnsiC(from: number): { value: string; next: number } {
    let value = '';
    let i = from;
    while (i < this.source.length) {
      const char = this.source[i]!;
      if (char === "'") return { value, next: i + 1 };
      if (char !== '\\') {
        value += char;
        i++;
        continue;
      }
      const escaped = this.source[i + 1];
      if (escaped === undefined) break;
      if (Object.hasOwn(ANSI_C_ESCAPES, escaped)) {
        value += ANSI_C_ESCAPES[escaped];
        i += 2;
      } else if (escaped === 'x' || escaped === 'u' || escaped === 'U') {
        const limit = escaped === 'x' ? 2 : escaped === 'u' ? 4 : 8;
        let j = i + 2;
        while (j < i + 2 + limit && isHexDigit(this.source[j])) j++;
        if (j === i + 2) value += `\\${escaped}`;
        else
          value += String.fromCodePoint(Math.min(Number.parseInt(this.source.slice(i + 2, j), 16), 0x10ffff));
        i = j;
      } else if (isOctalDigit(escaped)) {
        let j = i + 1;
        while (j < i + 4 && isOctalDigit(this.source[j])) j++;
        value += String.fromCharCode(Number.parseInt(this.source.slice(i + 1, j), 8) & 0xff);
        i = j;
      } else if (escaped === 'c' && this.source[i + 2] !== undefined) {
        value += String.fromCharCode(this.source[i + 2]!.toUpperCase().charCodeAt(0) ^ 0x40);
        i += 3;
      } else {
        value += `\\${escaped}`;
        i += 2;
      }
    }
    throw new ShellSyntax('unterminated_quote', "a $' quote is never closed", from - 2);
  }

  /** Read the contents of a double-quoted string after its `"`. */
  /** Whether the expansion `source[from, to)` runs a command: `$(…)`, or `$(…)` or backticks inside `${…}`. */
  private runsCommand(from: number, to: number): boolean {
    const text = this.source.slice(from, to);
    return text.includes('$(') || text.includes('`');
  }

  readDoubleQuoted(from: number): { value: string; dynamic: boolean; substitutes: boolean; next: number } {
    let value = '';
    let dynamic = false;
    let substitutes = false;
    let i = from;
    while (i < this.source.length) {
      const char = this.source[i]!;
      if (char === '"') return { value, dynamic, substitutes, next: i + 1 };
      if (char === '\\') {
        const escaped = this.source[i + 1];
        if (escaped === '\n') i += 2;
        else if (escaped !== undefined && DOUBLE_QUOTE_ESCAPABLE.has(escaped)) {
          value += escaped;
          i += 2;
        } else {
          value += char;
          i++;
        }
      } else if (char === '$') {
        const next = this.skipExpansion(i);
        if (next === undefined) {
          value += char;
          i++;
        } else {
          dynamic = true;
          substitutes ||= this.runsCommand(i, next);
          i = next;
        }
      } else if (char === '`') {
        dynamic = true;
        substitutes = true;
        i = this.closingQuote(i, '`') + 1;
      } else {
        value += char;
        i++;
      }
    }
    throw new ShellSyntax('unterminated_quote', 'a double quote is never closed', from - 1);
  }

  readWord(): ShellWord {
    let value = '';
    let dynamic = false;
    let substitutes = false;
    let quoted = false;
    let assignmentName: string | undefined;
    let sawEquals = false;
    const source = this.source;
    while (this.index < source.length) {
      const char = source[this.index]!;
      if (WORD_BREAK.has(char) || (this.markdown && char === '`')) break;
      if (char === '=' && !sawEquals) {
        sawEquals = true;
        if (!quoted && !dynamic && ASSIGNMENT_NAME.test(value)) assignmentName = value;
      }
      if (char === '\\') {
        const escaped = source[this.index + 1];
        if (escaped === '\n') this.index += 2;
        else if (escaped === undefined) {
          value += char;
          this.index++;
        } else {
          value += escaped;
          quoted = true;
          this.index += 2;
        }
      } else if (char === "'") {
        const close = this.closingQuote(this.index, "'");
        value += source.slice(this.index + 1, close);
        quoted = true;
        this.index = close + 1;
      } else if (char === '"') {
        const read = this.readDoubleQuoted(this.index + 1);
        value += read.value;
        dynamic ||= read.dynamic;
        substitutes ||= read.substitutes;
        quoted = true;
        this.index = read.next;
      } else if (char === '$' && source[this.index + 1] === "'") {
        const read = this.readAnsiC(this.index + 2);
        value += read.value;
        quoted = true;
        this.index = read.next;
      } else if (char === '$' && source[this.index + 1] === '"') {
        const read = this.readDoubleQuoted(this.index + 2);
        value += read.value;
        dynamic ||= read.dynamic;
        substitutes ||= read.substitutes;
        quoted = true;
        this.index = read.next;
      } else if (char === '$') {
        const next = this.skipExpansion(this.index);
        if (next === undefined) {
          value += char;
          this.index++;
        } else {
          dynamic = true;
          substitutes ||= this.runsCommand(this.index, next);
          this.index = next;
        }
      } else if (char === '`') {
        dynamic = true;
        substitutes = true;
        this.index = this.closingQuote(this.index, '`') + 1;
      } else {
        value += char;
        this.index++;
      }
    }
    const word = { value, dynamic, quoted, ...(substitutes ? { substitutes: true as const } : {}) };
    return assignmentName === undefined ? word : { ...word, assignmentName };
  }

  /** Read here-document bodies that start after the newline at `this.index - 1`. */
  readHeredocBody(redirect: { operator: string; target: ShellWord }): {
    body: string;
    bodyDynamic: boolean;
    bodySubstitutes: boolean;
  } {
    const stripTabs = redirect.operator === '<<-';
    const lines: string[] = [];
    while (this.index < this.source.length) {
      let lineEnd = this.source.indexOf('\n', this.index);
      if (lineEnd === -1) lineEnd = this.source.length;
      let line = this.source.slice(this.index, lineEnd);
      this.index = Math.min(lineEnd + 1, this.source.length);
      if (stripTabs) line = line.replace(/^\t+/, '');
      if (line === redirect.target.value) break;
      lines.push(line);
    }
    const raw = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    if (redirect.target.quoted) return { body: raw, bodyDynamic: false, bodySubstitutes: false };
    const expanded = this.expandHeredoc(raw);
    // Conservative: an escaped `\$(` counts too.
    return {
      ...expanded,
      bodySubstitutes: expanded.bodyDynamic && (raw.includes('$(') || raw.includes('`')),
    };
  }

  /** Unquoted here-documents: `\$ \` \\` and backslash-newline are escapes; `$…` and backticks expand. */
  expandHeredoc(raw: string): { body: string; bodyDynamic: boolean } {
    let body = '';
    let dynamic = false;
    for (let i = 0; i < raw.length; i++) {
      const char = raw[i]!;
      const next = raw[i + 1];
      if (char === '\\' && next === '\n') i++;
      else if (char === '\\' && (next === '$' || next === '`' || next === '\\')) {
        body += next;
        i++;
      } else if (char === '`' || (char === '$' && (next === '(' || next === '{' || isNameStart(next)))) {
        dynamic = true;
        body += char;
      } else body += char;
    }
    return { body, bodyDynamic: dynamic };
  }
}
