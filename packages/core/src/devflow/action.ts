import { z } from 'zod';
import { describeValue } from '../errors.js';
import { fail, ok, type Result, type Warning } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { devflowError, errorFromIssues } from './_errors.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DigestSchema, IdSchema, RevisionSchema, SemanticIdSchema } from './primitives.js';
import { ACTION_KINDS, ALLOWED_EFFECTS, METHOD_PROFILES, NODE_IDS } from './vocabulary.js';

const NodeIdSchema = z.enum(NODE_IDS);

/**
 * A transition as Core projects it (`TransitionProjection`). The Codex fixtures of Dev Flow v0.4.0 name two
 * fields `destination` / `when`; both spellings are accepted and normalised to Core's names.
 */
export const TransitionSchema = z
  .object({
    transition_id: SemanticIdSchema,
    destination_node: NodeIdSchema.optional(),
    destination: NodeIdSchema.optional(),
    guard_id: SemanticIdSchema,
    description: z.string().optional(),
    selection_condition: z.string().optional(),
    when: z.string().optional(),
    reason_required: z.boolean(),
  })
  .superRefine((value, ctx) => {
    const conflict = (name: string, alias: string, a: unknown, b: unknown) => {
      if (a !== undefined && b !== undefined && a !== b) {
        ctx.addIssue({
          code: 'custom',
          path: [alias],
          message: `${alias} contradicts ${name}`,
          params: { rule: 'alias_conflict' },
        });
      }
    };
    conflict('destination_node', 'destination', value.destination_node, value.destination);
    conflict('selection_condition', 'when', value.selection_condition, value.when);
    if (value.destination_node === undefined && value.destination === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination_node'],
        message: 'destination_node is required',
        params: { rule: 'missing_member' },
      });
    }
    if (
      value.description === undefined &&
      value.selection_condition === undefined &&
      value.when === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['selection_condition'],
        message: 'a description or selection_condition is required',
        params: { rule: 'missing_member' },
      });
    }
  })
  .transform((value) => ({
    transition_id: value.transition_id,
    destination_node: (value.destination_node ?? value.destination)!,
    guard_id: value.guard_id,
    ...(value.description === undefined ? {} : { description: value.description }),
    ...((value.selection_condition ?? value.when) === undefined
      ? {}
      : { selection_condition: (value.selection_condition ?? value.when)! }),
    reason_required: value.reason_required,
  }));
/** A transition as Core projects it, with the field names normalised to Core's. */
export type Transition = z.output<typeof TransitionSchema>;

/** Validates one method step of an Action: its id, its purpose and whether it is required. */
export const MethodStepSchema = z.object({
  step_id: SemanticIdSchema,
  purpose: z.string(),
  required: z.boolean(),
});
/** One method step of an Action: its id, its purpose and whether it is required. */
export type MethodStep = z.output<typeof MethodStepSchema>;

/** The 20 inseparable fields of a Core Action (`projectAction`); binding stops if any is absent or malformed. */
export const ActionSchema = z.object({
  task_id: IdSchema,
  revision: RevisionSchema,
  action_id: IdSchema,
  action_kind: z.enum(ACTION_KINDS),
  process_id: IdSchema,
  process_version: RevisionSchema,
  process_definition_digest: DigestSchema,
  current_node: NodeIdSchema,
  node_purpose: z.string(),
  entry_conditions: z.array(z.string()),
  completion_conditions: z.array(z.string()),
  allowed_effects: z.array(z.enum(ALLOWED_EFFECTS)),
  required_evidence: z.array(z.string()),
  method_profile: z.enum(METHOD_PROFILES),
  method_steps: z.array(MethodStepSchema),
  available_transitions: z.array(TransitionSchema),
  payload_contract: z.string().min(1),
  guidance: z.string(),
  repository_binding_digest: DigestSchema,
  issued_at: z.iso.datetime({ offset: true }),
});
/** A Core Action with all 20 of its fields, as validated. */
export type Action = z.output<typeof ActionSchema>;

/** The field names of a Core Action, in schema order. */
export const ACTION_FIELDS = Object.keys(ActionSchema.shape) as readonly (keyof Action)[];

/** Validate a complete Action; unknown members are dropped and reported as warnings, never trusted. */
export function safeParseAction(value: unknown): Result<Action, DevflowProtocolError> {
  try {
    const parsed = ActionSchema.safeParse(value);
    if (!parsed.success) {
      return fail(
        errorFromIssues(
          'action_invalid',
          'The Core Action is incomplete or malformed; stop before any work',
          parsed.error.issues,
          value,
        ),
      );
    }
    const unknown = Object.keys(value as object).filter((key) => !Object.hasOwn(ActionSchema.shape, key));
    const warnings: Warning[] =
      unknown.length === 0
        ? []
        : [
            {
              code: 'unknown_action_member',
              message: `Ignored unknown Action member(s): ${unknown.join(', ')}.`,
              details: { members: unknown },
            },
          ];
    return ok(parsed.data, warnings);
  } catch (error) {
    return fail(
      devflowError('action_invalid', 'unreadable', 'The Core Action could not be read.', {
        cause: String(error),
      }),
    );
  }
}

/** The tools whose complete result carries the current Action. */
export type ActionSourceTool = 'dev_flow_open_task' | 'dev_flow_get_task' | 'dev_flow_get_next_action';

/**
 * Bind `fresh_action` from a complete tool `result`: `result.task.current_action` for open/get task,
 * `result.action` for get_next_action. A missing Action (blocker, terminal outcome, truncation) is an error.
 */
export function bindFreshAction(
  result: unknown,
  tool: ActionSourceTool,
): Result<Action, DevflowProtocolError> {
  const fromTask = tool !== 'dev_flow_get_next_action';
  const path = fromTask ? 'result.task.current_action' : 'result.action';
  const container = fromTask ? (isJsonObject(result) ? result.task : undefined) : result;
  const key = fromTask ? 'current_action' : 'action';
  const action = isJsonObject(container) && Object.hasOwn(container, key) ? container[key] : undefined;
  if (action === undefined || action === null) {
    return fail(
      devflowError(
        'action_missing',
        'action_missing',
        `${tool} returned no Action at ${path} (received ${describeValue(action)}); stop and report Core's blocker or outcome.`,
        { fieldPath: path, tool },
      ),
    );
  }
  return safeParseAction(action);
}
