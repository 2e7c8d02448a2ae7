import { fail, ok, type Result } from '../result.js';
import { devflowError } from './_errors.js';
import { isWellFormedText, utf8ByteLength } from './_text.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DEVFLOW_LIMITS } from './limits.js';

/**
 * Bounds on a JSON text read strictly: its size in UTF-8 bytes, its nesting depth, and the limit's name for
 * errors.
 */
export interface JsonTextOptions {
  /** Largest accepted document in UTF-8 bytes, and the limit's name for the error. */
  readonly maxBytes?: number;
  readonly limitName?: string;
  /** Deepest accepted nesting of objects and arrays (Go's `encoding/json` stops at 10000). */
  readonly maxDepth?: number;
}

/** Why raw JSON text was refused; `details.rule` of the error. */
export type JsonTextDefect =
  | 'not_text'
  | 'too_large'
  | 'invalid_utf8'
  | 'invalid_json'
  | 'truncated'
  | 'too_deep'
  | 'duplicate_member';

interface Frame {
  readonly kind: 'object' | 'array';
  readonly keys?: Set<string>;
  member: string | number;
}

class ScanStop {
  constructor(
    readonly defect: JsonTextDefect,
    readonly position: number,
    readonly message: string,
    readonly member?: string,
  ) {}
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const HEX = /^[0-9a-fA-F]{4}$/;

/**
 * A linear, non-recursive JSON tokenizer that validates RFC 8259 syntax and rejects duplicate object members
 * (compared after unescaping, as Core's `rejectDuplicateMembers` does); `JSON.parse` would keep the last one.
 */
class JsonScanner {
  private index = 0;
  private readonly stack: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  /** Walk the whole text with an explicit stack, so nesting depth never grows the call stack. */
  scan(): void {
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        expectValue = this.value();
        continue;
      }
      const frame = this.stack[this.stack.length - 1];
      if (frame === undefined) break;
      this.skipWhitespace();
      const char = this.text[this.index];
      if (char === ',') {
        this.index++;
        if (frame.kind === 'object') this.memberName(frame);
        else frame.member = (frame.member as number) + 1;
        expectValue = true;
      } else if (char === (frame.kind === 'object' ? '}' : ']')) {
        this.index++;
        this.stack.pop();
      } else {
        this.stop(
          'invalid_json',
          char === undefined
            ? 'unexpected end of input'
            : `expected "," or a closing bracket, found ${JSON.stringify(char)}`,
        );
      }
    }
    this.skipWhitespace();
    if (this.index < this.text.length) this.stop('invalid_json', 'unexpected text after the JSON value');
  }

  path(): string {
    return this.stack
      .map((frame) => (typeof frame.member === 'number' ? `[${frame.member}]` : `.${frame.member}`))
      .join('');
  }

  /** Stop scanning; a syntax error at the very end means the text was cut short. */
  private stop(defect: JsonTextDefect, message: string, member?: string): never {
    const cut = defect === 'invalid_json' && this.index >= this.text.length;
    throw new ScanStop(cut ? 'truncated' : defect, this.index, message, member);
  }

  private skipWhitespace(): void {
    while (this.index < this.text.length && WHITESPACE.has(this.text.charCodeAt(this.index))) this.index++;
  }

  /** Read a scalar, or open a container; returns whether a value (the container's first) is expected next. */
  private value(): boolean {
    this.skipWhitespace();
    const char = this.text[this.index];
    if (char === '{' || char === '[') {
      if (this.stack.length >= this.maxDepth)
        this.stop('too_deep', `nesting deeper than ${this.maxDepth} levels`);
      this.index++;
      const frame: Frame =
        char === '{' ? { kind: 'object', keys: new Set(), member: '' } : { kind: 'array', member: 0 };
      this.stack.push(frame);
      this.skipWhitespace();
      if (this.text[this.index] === (char === '{' ? '}' : ']')) {
        this.index++;
        this.stack.pop();
        return false;
      }
      if (frame.kind === 'object') this.memberName(frame);
      return true;
    }
    if (char === '"') this.string(false);
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) this.number();
    else if (this.text.startsWith('true', this.index)) this.index += 4;
    else if (this.text.startsWith('false', this.index)) this.index += 5;
    else if (this.text.startsWith('null', this.index)) this.index += 4;
    else
      this.stop(
        'invalid_json',
        char === undefined ? 'unexpected end of input' : `unexpected character ${JSON.stringify(char)}`,
      );
    return false;
  }

  /** Read `"name":`, refusing a name the object already has. */
  private memberName(frame: Frame): void {
    this.skipWhitespace();
    if (this.text[this.index] !== '"') this.stop('invalid_json', 'expected a member name in double quotes');
    const key = this.string(true);
    frame.member = key;
    if (frame.keys!.has(key)) this.stop('duplicate_member', `duplicate member ${JSON.stringify(key)}`, key);
    frame.keys!.add(key);
    this.skipWhitespace();
    if (this.text[this.index] !== ':') this.stop('invalid_json', 'expected ":" after a member name');
    this.index++;
  }

  /** Scan a string starting at `"`; returns its unescaped value when `decode` is set. */
  private string(decode: boolean): string {
    const text = this.text;
    let out = '';
    let runStart = ++this.index;
    while (this.index < text.length) {
      const code = text.charCodeAt(this.index);
      if (code === 0x22) {
        if (decode) out += text.slice(runStart, this.index);
        this.index++;
        return out;
      }
      if (code < 0x20) this.stop('invalid_json', 'control character inside a string');
      if (code !== 0x5c) {
        this.index++;
        continue;
      }
      if (decode) out += text.slice(runStart, this.index);
      const escaped = text[this.index + 1];
      if (escaped === 'u') {
        const hex = text.slice(this.index + 2, this.index + 6);
        if (!HEX.test(hex)) this.stop('invalid_json', 'invalid \\u escape');
        if (decode) out += String.fromCharCode(Number.parseInt(hex, 16));
        this.index += 6;
      } else if (escaped !== undefined && Object.hasOwn(SIMPLE_ESCAPES, escaped)) {
        if (decode) out += SIMPLE_ESCAPES[escaped];
        this.index += 2;
      } else this.stop('invalid_json', 'invalid escape sequence');
      runStart = this.index;
    }
    return this.stop('invalid_json', 'unterminated string');
  }

  private number(): void {
    const text = this.text;
    const digits = () => {
      const start = this.index;
      while (this.index < text.length && text[this.index]! >= '0' && text[this.index]! <= '9') this.index++;
      return this.index - start;
    };
    if (text[this.index] === '-') this.index++;
    if (text[this.index] === '0') this.index++;
    else if (digits() === 0) this.stop('invalid_json', 'invalid number');
    if (text[this.index] === '.') {
      this.index++;
      if (digits() === 0) this.stop('invalid_json', 'invalid number fraction');
    }
    if (text[this.index] === 'e' || text[this.index] === 'E') {
      this.index++;
      if (text[this.index] === '+' || text[this.index] === '-') this.index++;
      if (digits() === 0) this.stop('invalid_json', 'invalid number exponent');
    }
  }
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Decode untrusted JSON text the way Core does: bounded size, valid UTF-8, strict syntax, no duplicate members,
 * bounded nesting. Never throws; the error's `details.rule` is a `JsonTextDefect`.
 */
export function safeParseJsonText(
  input: unknown,
  options: JsonTextOptions = {},
): Result<unknown, DevflowProtocolError> {
  const maxBytes = options.maxBytes ?? DEVFLOW_LIMITS.MAX_ACTION_PAYLOAD_BYTES;
  const limit = options.limitName ?? 'MAX_ACTION_PAYLOAD_BYTES';
  const refuse = (rule: JsonTextDefect, message: string, details: Record<string, unknown> = {}) =>
    fail(devflowError('INVALID_ARGUMENT', rule, message, details));
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    return refuse('not_text', `Expected JSON text (a string or UTF-8 bytes); received ${typeof input}.`);
  }
  const size = typeof input === 'string' ? utf8ByteLength(input) : input.byteLength;
  if (size > maxBytes) {
    return refuse(
      'too_large',
      `JSON text exceeds ${limit} (${maxBytes} UTF-8 bytes): received ${size} bytes.`,
      {
        limit,
        max: maxBytes,
        actual: size,
      },
    );
  }
  const text = typeof input === 'string' ? (isWellFormedText(input) ? input : undefined) : decodeUtf8(input);
  if (text === undefined)
    return refuse(
      'invalid_utf8',
      'JSON text must be valid UTF-8 (a lone surrogate or invalid byte sequence was found).',
    );
  const scanner = new JsonScanner(text, options.maxDepth ?? DEVFLOW_LIMITS.MAX_JSON_NESTING_DEPTH);
  try {
    scanner.scan();
  } catch (error) {
    if (!(error instanceof ScanStop)) throw error;
    const path = scanner.path().slice(1);
    const where = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    return refuse(
      error.defect,
      `Invalid JSON text at offset ${error.position}${where ? ` (${where})` : ''}: ${error.message}.`,
      {
        position: error.position,
        fieldPath: where || '(root)',
        ...(error.member === undefined ? {} : { member: error.member }),
      },
    );
  }
  return ok(JSON.parse(text) as unknown);
}
