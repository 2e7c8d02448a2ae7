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

/** Turn a zod failure into one schema issue per violated field: its path, code and message. */
export function toSchemaIssues(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath(issue.path),
    code: issue.code,
    message: issue.message,
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
  const issues = toSchemaIssues(error);
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
