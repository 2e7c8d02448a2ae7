/** Structured facts an error carries next to its message, for a host to act on. */
export type ErrorDetails = Readonly<Record<string, unknown>>;

/** Options of a skillpack error: its details and the error that caused it. */
export interface SkillpackErrorOptions {
  readonly details?: ErrorDetails;
  readonly cause?: unknown;
}

/** The JSON form of an error, as the CLI and hooks print it. */
export interface SerializedError<C extends string = string> {
  readonly name: string;
  readonly code: C;
  readonly message: string;
  readonly details: ErrorDetails;
}

/**
 * Base of the one error family: a stable lower_snake `code`, a message and structured `details`. `C` is the
 * union of codes the error can carry (each family exports its own, such as `ZaofuErrorCode`), so
 * `switch (error.code)` over a family's results is exhaustive.
 */
export class SkillpackError<C extends string = string> extends Error {
  override name = 'SkillpackError';
  readonly code: C;
  readonly details: ErrorDetails;

  constructor(code: C, message: string, options: SkillpackErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details ?? {};
  }

  toJSON(): SerializedError<C> {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}

/** Input that a runtime or an agent sent does not satisfy the protocol. */
export class ProtocolError<C extends string = string> extends SkillpackError<C> {
  override name = 'ProtocolError';
}

/** What an author or CLI user got wrong; thrown before any side effect. */
export class ConfigError<C extends string = string> extends SkillpackError<C> {
  override name = 'ConfigError';
}

const PREVIEW_LIMIT = 120;

/** A short, single-line description of an untrusted value for error messages. */
export function describeValue(value: unknown, limit = PREVIEW_LIMIT): string {
  let text: string;
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') text = JSON.stringify(value.length > limit ? value.slice(0, limit) : value);
  else if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') {
    text = typeof value;
  } else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Array.isArray(value) ? 'array' : typeof value;
    }
  }
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length} chars)` : text;
}
