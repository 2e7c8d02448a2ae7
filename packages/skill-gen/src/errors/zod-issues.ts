import { describeValue, formatPath } from '@skillpack/core';
import { z } from 'zod';

/** One zod issue, phrased for an author: where, what is wrong, and what to do. */
export interface AuthorIssue {
  readonly path: readonly PropertyKey[];
  readonly where: string;
  readonly message: string;
  readonly fix: string;
}

/** Unwrap optional/default/nullable wrappers to reach the schema that holds a shape. */
function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 16; depth++) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodDefault || current instanceof z.ZodPrefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else break;
  }
  return current;
}

/** The keys an object schema accepts at `path`, or nothing when the path does not lead to an object. */
export function allowedKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): readonly string[] {
  let current = unwrapSchema(schema);
  for (const key of path) {
    if (current instanceof z.ZodObject && typeof key === 'string' && Object.hasOwn(current.shape, key)) {
      current = unwrapSchema(current.shape[key] as z.ZodType);
    } else if (current instanceof z.ZodArray && typeof key === 'number') {
      current = unwrapSchema(current.element as z.ZodType);
    } else if (current instanceof z.ZodRecord && typeof key === 'string') {
      current = unwrapSchema(current.valueType as z.ZodType);
    } else return [];
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function quoteList(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

/** `Foo bar` from `foo bar`. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Rephrase a zod issue for the author of the file `schema` validated. */
export function toAuthorIssue(
  issue: z.core.$ZodIssue,
  schema: z.ZodType,
  subject: string,
  keyNoun: string,
): AuthorIssue {
  const where = issue.path.length === 0 ? subject : `${keyNoun} "${formatPath(issue.path)}"`;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeysAt(schema, issue.path);
      return {
        path: [...issue.path, issue.keys[0] ?? ''],
        where,
        message: `${where} has unknown key${issue.keys.length > 1 ? 's' : ''} ${quoteList(issue.keys)}.`,
        fix: `Remove or rename ${quoteList(issue.keys)}; the keys allowed here are ${quoteList(allowed)}.`,
      };
    }
    case 'invalid_type': {
      const missing = issue.input === undefined;
      return {
        path: issue.path,
        where,
        message: missing
          ? `${where} is required but missing.`
          : `${where} must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, received ${describeValue(issue.input, 60)}.`,
        fix: missing
          ? `Add ${where}.`
          : `Write ${where} as a ${issue.expected === 'array' ? 'YAML/JSON list' : issue.expected}${issue.expected === 'string' ? ' (quote it: "…")' : ''}.`,
      };
    }
    case 'invalid_value':
      // An absent enum reads like every other absent field, not as a wrong value.
      return {
        path: issue.path,
        where,
        message:
          issue.input === undefined
            ? `${where} is required but missing.`
            : `${where} must be one of ${quoteList(issue.values)}, received ${describeValue(issue.input, 60)}.`,
        fix:
          issue.input === undefined
            ? `Add ${where}: one of ${quoteList(issue.values)}.`
            : `Use one of ${quoteList(issue.values)}.`,
      };
    case 'invalid_key': {
      const inner = issue.issues[0]?.message ?? 'is not allowed';
      return {
        path: issue.path,
        where,
        message: `${where} is not an allowed key: it ${inner.replace(/^Invalid string: /, '')}.`,
        fix: `Rename the key so that it ${inner.replace(/^Invalid string: /, '').replace(/^must /, 'will ')}.`,
      };
    }
    default: {
      const stated = issue.message
        .replace(/^Invalid (?:input|string): /, '')
        .replace(/^Too (?:big|small): expected \w+ to /, 'must ');
      const rule = stated === 'Invalid input' ? 'has a value of the wrong shape' : stated;
      return {
        path: issue.path,
        where,
        message: `${where} ${rule} (received ${describeValue(issue.input, 60)}).`,
        fix: `Change ${where}: it ${rule}.`,
      };
    }
  }
}
