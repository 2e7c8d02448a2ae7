import type { z } from 'zod';
import { describeValue, ProtocolError } from '../errors.js';
import { formatPath } from '../issues.js';
import { isJsonObject } from '../text/json-line.js';
import type { DevflowErrorCode, DevflowProtocolError } from './error-codes.js';
import { DEVFLOW_LIMITS, type DevflowLimitName } from './limits.js';

type ZodIssue = z.ZodError['issues'][number];

/** One schema violation, flattened for error details. */
export interface IssueInfo {
  readonly path: string;
  readonly code: string;
  readonly message: string;
  readonly rule: string;
  readonly limit?: string;
  readonly max?: number;
  readonly actual?: number;
}

/** Issues Go's closed decoder reports before any rule runs: wrong JSON type, missing or unknown member. */
const STRUCTURAL_ISSUE_CODES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union', 'invalid_key']);

/**
 * Whether an issue is one Go's decoder raises: a listed code, a missing member (zod reports a missing enum
 * member as `invalid_value`), or a non-string where an enum string belongs.
 */
export function isStructuralIssue(issue: ZodIssue, input: unknown): boolean {
  if (STRUCTURAL_ISSUE_CODES.has(issue.code)) return true;
  const value = valueAtPath(input, issue.path);
  return value === undefined || (issue.code === 'invalid_value' && typeof value !== 'string');
}

/** The named limit behind a `too_big` issue, found from the member the list or number belongs to. */
const LIMIT_BY_MEMBER: Record<string, DevflowLimitName> = {
  artifacts: 'MAX_ARTIFACT_REFERENCES_PER_ACTION',
  method_evidence: 'MAX_METHOD_EVIDENCE_PER_ACTION',
  checks: 'MAX_EVIDENCE_PER_ACTION',
  automated_evidence_ids: 'MAX_EVIDENCE_PER_ACTION',
  manual_evidence_ids: 'MAX_EVIDENCE_PER_ACTION',
  work_items: 'MAX_WORK_ITEMS_PER_TASK_PLAN',
  completed_work_item_ids: 'MAX_WORK_ITEMS_PER_TASK_PLAN',
  dependencies: 'MAX_DEPENDENCIES_PER_WORK_ITEM',
  changed_paths: 'MAX_CHANGED_PATHS',
  command_count: 'MAX_AUTOMATIC_VERIFICATION_COMMANDS',
  max_automatic_commands: 'MAX_AUTOMATIC_VERIFICATION_COMMANDS',
};

function limitFor(issue: ZodIssue): DevflowLimitName | undefined {
  if (issue.code !== 'too_big') return undefined;
  const member = [...issue.path].reverse().find((key) => typeof key === 'string');
  const name =
    typeof member === 'string' && Object.hasOwn(LIMIT_BY_MEMBER, member)
      ? LIMIT_BY_MEMBER[member]!
      : 'MAX_BOUNDED_STRING_LIST_ITEMS';
  return DEVFLOW_LIMITS[name] === Number(issue.maximum) ? name : undefined;
}

/** A stable rule name for a zod issue: the custom rule, or one derived from zod's code. */
function ruleFor(issue: ZodIssue, input: unknown): string {
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (typeof params?.rule === 'string') return params.rule;
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'unknown_member';
    case 'too_big':
      return issue.origin === 'array' ? 'too_many_items' : 'too_big';
    case 'too_small':
      return issue.origin === 'array' ? 'too_few_items' : 'too_small';
    case 'invalid_value':
    case 'invalid_type':
      if (valueAtPath(input, issue.path) === undefined) return 'missing_member';
      return issue.code === 'invalid_value' ? 'value_not_allowed' : 'wrong_type';
    default:
      return issue.code;
  }
}

function measured(value: unknown): { actual?: number } {
  if (Array.isArray(value)) return { actual: value.length };
  return typeof value === 'number' ? { actual: value } : {};
}

export function issueInfo(issue: ZodIssue, input: unknown): IssueInfo {
  const params = (issue as { params?: Record<string, unknown> }).params ?? {};
  const limit = typeof params.limit === 'string' ? params.limit : limitFor(issue);
  let message =
    issue.code === 'unrecognized_keys' ? `Unknown member(s) ${issue.keys.join(', ')}` : issue.message;
  if (limit !== undefined && typeof params.limit !== 'string') {
    const max = String((issue as { maximum?: unknown }).maximum);
    message = `Exceeds ${limit} (at most ${max})`;
  }
  return {
    path: formatPath(issue.path),
    code: issue.code,
    message,
    rule: ruleFor(issue, input),
    ...(limit === undefined
      ? {}
      : {
          limit,
          max: typeof params.max === 'number' ? params.max : Number((issue as { maximum?: unknown }).maximum),
          ...(typeof params.actual === 'number'
            ? { actual: params.actual }
            : measured(valueAtPath(input, issue.path))),
        }),
  };
}

/** The value found at a zod path inside untrusted input, reading own properties only. */
export function valueAtPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isJsonObject(current) && typeof key === 'string' && Object.hasOwn(current, key))
      current = current[key];
    else return undefined;
  }
  return current;
}

/** A ProtocolError carrying the Core error code a request would receive, and the client-side rule that failed. */
export function devflowError(
  code: DevflowErrorCode,
  rule: string,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
): DevflowProtocolError {
  return new ProtocolError(code, message, { details: { rule, ...details } });
}

/** A ProtocolError for the first issue of a failed parse, with every issue listed in `details.issues`. */
export function errorFromIssues(
  code: DevflowErrorCode,
  subject: string,
  issues: readonly ZodIssue[],
  input: unknown,
  rule?: string,
): DevflowProtocolError {
  const infos = issues.map((issue) => issueInfo(issue, input));
  const first = infos[0];
  const firstIssue = issues[0];
  const received = firstIssue ? describeValue(valueAtPath(input, firstIssue.path)) : describeValue(input);
  const more = infos.length > 1 ? ` (+${infos.length - 1} more)` : '';
  const message = first
    ? `${subject}: ${first.path}: ${first.message}${more}. Received ${received}.`
    : `${subject}. Received ${received}.`;
  return devflowError(code, rule ?? first?.rule ?? 'invalid', message, {
    fieldPath: first?.path,
    issues: infos,
    ...(first?.limit === undefined ? {} : { limit: first.limit, max: first.max, actual: first.actual }),
  });
}
