import { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import { errorFromIssues } from './_errors.js';
import { isSpaceCode, isWellFormedText, utf8ByteLength } from './_text.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DEVFLOW_LIMITS } from './limits.js';
import { HOSTS, METHOD_PROFILES, VERIFICATION_LEVELS } from './vocabulary.js';

/** The immutable verification authority of a task; exactly these four members. */
export const VerificationBudgetSchema = z.strictObject({
  level: z.enum(VERIFICATION_LEVELS),
  max_automatic_commands: z.int().min(0).max(DEVFLOW_LIMITS.MAX_AUTOMATIC_VERIFICATION_COMMANDS),
  allow_full_suite: z.boolean(),
  allow_manual_handoff: z.boolean(),
});
/** A task's verification budget, fixed when the task is opened. */
export type VerificationBudget = z.output<typeof VerificationBudgetSchema>;

const ToolStringListSchema = z
  .array(z.string().max(DEVFLOW_LIMITS.MAX_TOOL_TEXT_CHARS))
  .max(DEVFLOW_LIMITS.MAX_BOUNDED_STRING_LIST_ITEMS);

const RequestSchema = z
  .string()
  .superRefine((value, ctx) => {
    const bytes = utf8ByteLength(value);
    const blank = [...value].every((char) => isSpaceCode(char.charCodeAt(0)));
    const defect = !isWellFormedText(value)
      ? ['text_not_utf8', 'request must be valid UTF-8']
      : blank
        ? ['text_empty', 'request must state the admitted user request (it is empty)']
        : bytes > DEVFLOW_LIMITS.MAX_REQUEST_BYTES
          ? [
              'text_too_long',
              `request exceeds MAX_REQUEST_BYTES (${DEVFLOW_LIMITS.MAX_REQUEST_BYTES} UTF-8 bytes): received ${bytes} bytes`,
            ]
          : undefined;
    if (defect) {
      ctx.addIssue({
        code: 'custom',
        message: defect[1]!,
        params: {
          rule: defect[0],
          ...(defect[0] === 'text_too_long'
            ? { limit: 'MAX_REQUEST_BYTES', max: DEVFLOW_LIMITS.MAX_REQUEST_BYTES, actual: bytes }
            : {}),
        },
      });
    }
  })
  .meta({ minLength: 1, maxLength: DEVFLOW_LIMITS.MAX_REQUEST_BYTES });

/** The closed `new_task` of `dev_flow_open_task`: six members, string arrays never collapsed into prose. */
export const NewTaskSchema = z.strictObject({
  request: RequestSchema,
  initial_scope: ToolStringListSchema,
  initial_out_of_scope: ToolStringListSchema,
  known_acceptance_criteria: ToolStringListSchema,
  verification_budget: VerificationBudgetSchema,
  method_profile: z.enum(METHOD_PROFILES),
});
/** The closed `new_task` of `dev_flow_open_task`: six members, string arrays kept as arrays. */
export type NewTask = z.output<typeof NewTaskSchema>;

/** Validate a `new_task`; the failure code is the `INVALID_ARGUMENT` Core would return. */
export function safeParseNewTask(value: unknown): Result<NewTask, DevflowProtocolError> {
  const parsed = NewTaskSchema.safeParse(value);
  return parsed.success
    ? ok(parsed.data)
    : fail(
        errorFromIssues(
          'INVALID_ARGUMENT',
          'new_task does not match the closed Core contract',
          parsed.error.issues,
          value,
        ),
      );
}

/** `dev_flow_open_task` input; omit `new_task` or send `null` to resume the compatible active task. */
export const OpenTaskArgumentsSchema = z.strictObject({
  host: z.enum(HOSTS),
  repository_path: z.string().min(1).max(DEVFLOW_LIMITS.MAX_REPOSITORY_PATH_BYTES),
  new_task: NewTaskSchema.nullable().optional(),
});
/** The `dev_flow_open_task` arguments; without `new_task` they resume the compatible active task. */
export type OpenTaskArguments = z.output<typeof OpenTaskArgumentsSchema>;

/** What `createOpenTaskArguments` maps: the host, the repository path, and the new task if one is opened. */
export interface OpenTaskInput {
  readonly host?: (typeof HOSTS)[number];
  /** The canonical worktree root, one path value (spaces and Unicode preserved). */
  readonly repositoryPath: string;
  /** A new task, or `undefined` / `null` to resume (the two resume forms Core accepts). */
  readonly newTask?: unknown;
}

/** Build `dev_flow_open_task` arguments for a new task or a resume; `new_task` is checked before sending. */
export function createOpenTaskArguments(
  input: OpenTaskInput,
): Result<OpenTaskArguments, DevflowProtocolError> {
  const candidate = {
    host: input.host ?? 'codex',
    repository_path: input.repositoryPath,
    ...(input.newTask === undefined ? {} : { new_task: input.newTask }),
  };
  const parsed = OpenTaskArgumentsSchema.safeParse(candidate);
  if (parsed.success) return ok(parsed.data);
  const onTask = parsed.error.issues.every((issue) => issue.path[0] === 'new_task');
  return fail(
    onTask
      ? errorFromIssues(
          'INVALID_ARGUMENT',
          'new_task does not match the closed Core contract',
          parsed.error.issues,
          candidate,
        )
      : errorFromIssues(
          'INVALID_ARGUMENT',
          'dev_flow_open_task arguments are invalid',
          parsed.error.issues,
          candidate,
        ),
  );
}

/** Whether open-task arguments resume (no `new_task`, or `null`) rather than create. */
export function isResume(args: OpenTaskArguments): boolean {
  return args.new_task === undefined || args.new_task === null;
}
