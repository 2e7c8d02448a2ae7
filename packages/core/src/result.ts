/** A non-fatal observation attached to a successful result. */
export interface Warning {
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export interface Success<T> {
  readonly success: true;
  readonly data: T;
  readonly error?: never;
  readonly warnings?: readonly Warning[];
}

export interface Failure<E> {
  readonly success: false;
  readonly error: E;
  readonly data?: never;
}

/** The result shape of every parser and validator: untrusted input never throws. */
export type Result<T, E> = Success<T> | Failure<E>;

export function ok<T>(data: T, warnings?: readonly Warning[]): Success<T> {
  return warnings && warnings.length > 0 ? { success: true, data, warnings } : { success: true, data };
}

export function fail<E>(error: E): Failure<E> {
  return { success: false, error };
}

/** The throwing twin of a `safeParseX` result: returns the data or throws the typed error. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.success) return result.data;
  throw result.error;
}
