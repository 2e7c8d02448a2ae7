import type { z } from 'zod';
import { describeValue, ProtocolError } from './errors.js';

/** One schema violation with a dotted/bracketed path such as `findings[0].id`. */
export interface SchemaIssue {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** Format a zod issue path as a property path, such as `findings[0].file`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

/** Whether `path` names a field absent from `received` (its parent is an object without it). */
function isAbsent(received: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent: unknown = received;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  if (typeof parent !== 'object' || parent === null || Array.isArray(parent)) return false;
  return (parent as Record<PropertyKey, unknown>)[path[path.length - 1]!] === undefined;
}

/**
 * A missing field reads the same whatever its type: zod says `Invalid option: expected one of "a"|"b"` for
 * an absent enum (and `Invalid input: expected "a"` for an absent literal) where every other absent field
 * reads `Invalid input: expected string, received undefined`.
 */
function issueMessage(issue: z.core.$ZodIssue, received: unknown): string {
  if (issue.code !== 'invalid_value' || !isAbsent(received, issue.path)) return issue.message;
  const expected = issue.values.map((value) => JSON.stringify(value) ?? String(value));
  const shape = expected.length === 1 ? expected[0] : `one of ${expected.join('|')}`;
  return `Invalid input: expected ${shape}, received undefined`;
}

/**
 * Turn a zod failure into one schema issue per violated field: its path, code and message. With the value
 * that failed, a field it lacks reads `…, received undefined` whatever the field's type.
 */
export function toSchemaIssues(error: z.ZodError, received?: unknown): SchemaIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath(issue.path),
    code: issue.code,
    message: issueMessage(issue, received),
  }));
}

/** Turn a zod failure on untrusted input into a ProtocolError listing every violated field. */
export function protocolErrorFromZod(
  error: z.ZodError,
  subject: string,
  received: unknown,
): ProtocolError<'invalid_payload'>;
export function protocolErrorFromZod<C extends string>(
  error: z.ZodError,
  subject: string,
  received: unknown,
  code: C,
): ProtocolError<C>;
export function protocolErrorFromZod(
  error: z.ZodError,
  subject: string,
  received: unknown,
  code = 'invalid_payload',
): ProtocolError {
  const issues = toSchemaIssues(error, received);
  const listed = issues
    .slice(0, 5)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : '';
  return new ProtocolError(
    code,
    `${subject} is invalid: ${listed}${more}. Received ${describeValue(received)}.`,
    {
      details: { issues, fieldPath: issues[0]?.path },
    },
  );
}
