/** A non-fatal observation attached to a successful result. */
export interface Warning {
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The successful side of a `Result`: `success: true`, the data, and any warnings. */
export interface Success<T> {
  readonly success: true;
  readonly data: T;
  readonly error?: never;
  readonly warnings?: readonly Warning[];
}

/** The failed side of a `Result`: `success: false` and the error. */
export interface Failure<E> {
  readonly success: false;
  readonly error: E;
  readonly data?: never;
}

/** The result shape of every parser and validator: untrusted input never throws. */
export type Result<T, E> = Success<T> | Failure<E>;

/** Wrap a value as a successful `Result`, with the warnings if there are any. */
export function ok<T>(data: T, warnings?: readonly Warning[]): Success<T> {
  return warnings && warnings.length > 0 ? { success: true, data, warnings } : { success: true, data };
}

/** Wrap an error as a failed `Result`. */
export function fail<E>(error: E): Failure<E> {
  return { success: false, error };
}

/** The throwing twin of a `safeParseX` result: returns the data or throws the typed error. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.success) return result.data;
  throw result.error;
}
