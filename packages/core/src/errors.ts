export type ErrorDetails = Readonly<Record<string, unknown>>;

export interface SkillpackErrorOptions {
  readonly details?: ErrorDetails;
  readonly cause?: unknown;
}

/** The JSON form of an error, as the CLI and hooks print it. */
export interface SerializedError {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly details: ErrorDetails;
}

/** Base of the one error family: a stable string `code`, a message and structured `details`. */
export class SkillpackError extends Error {
  override name = 'SkillpackError';
  readonly code: string;
  readonly details: ErrorDetails;

  constructor(code: string, message: string, options: SkillpackErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details ?? {};
  }

  toJSON(): SerializedError {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}

/** Input that a runtime or an agent sent does not satisfy the protocol. */
export class ProtocolError extends SkillpackError {
  override name = 'ProtocolError';
}

/** What an author or CLI user got wrong; thrown before any side effect. */
export class ConfigError extends SkillpackError {
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
