import type { z } from 'zod';
import {
  BlockerResolutionPayloadSchema,
  ComprehensionResultSchema,
  DeliveryResultSchema,
  DesignResultSchema,
  ImplementationResultSchema,
  RefactorResultSchema,
  RequirementsResultSchema,
  TasksResultSchema,
  TestResultSchema,
} from './node-results.js';
import { nodePayloadSchema } from './payload-envelope.js';
import type { NodeId, WorkNodeId } from './vocabulary.js';

/** Validates the payload of a `COMPLETE_REQUIREMENTS` Action. */
export const RequirementsPayloadSchema = nodePayloadSchema(RequirementsResultSchema);
/** The payload of a `COMPLETE_REQUIREMENTS` Action: the envelope around a requirements result. */
export type RequirementsPayload = z.output<typeof RequirementsPayloadSchema>;
/** Validates the payload of a `COMPLETE_DESIGN` Action. */
export const DesignPayloadSchema = nodePayloadSchema(DesignResultSchema);
/** The payload of a `COMPLETE_DESIGN` Action: the envelope around a design result. */
export type DesignPayload = z.output<typeof DesignPayloadSchema>;
/** Validates the payload of a `COMPLETE_TASKS` Action. */
export const TasksPayloadSchema = nodePayloadSchema(TasksResultSchema);
/** The payload of a `COMPLETE_TASKS` Action: the envelope around a task-plan result. */
export type TasksPayload = z.output<typeof TasksPayloadSchema>;
/** Validates the payload of a `COMPLETE_IMPLEMENTATION` Action. */
export const ImplementationPayloadSchema = nodePayloadSchema(ImplementationResultSchema);
/** The payload of a `COMPLETE_IMPLEMENTATION` Action: the envelope around an implementation result. */
export type ImplementationPayload = z.output<typeof ImplementationPayloadSchema>;
/** Validates the payload of a `COMPLETE_TEST` Action. */
export const TestPayloadSchema = nodePayloadSchema(TestResultSchema);
/** The payload of a `COMPLETE_TEST` Action: the envelope around a test result. */
export type TestPayload = z.output<typeof TestPayloadSchema>;
/** Validates the payload of a `COMPLETE_COMPREHENSION_REVIEW` Action. */
export const ComprehensionPayloadSchema = nodePayloadSchema(ComprehensionResultSchema);
/** The payload of a `COMPLETE_COMPREHENSION_REVIEW` Action: the envelope around a comprehension result. */
export type ComprehensionPayload = z.output<typeof ComprehensionPayloadSchema>;
/** Validates the payload of a `COMPLETE_REFACTOR` Action. */
export const RefactorPayloadSchema = nodePayloadSchema(RefactorResultSchema);
/** The payload of a `COMPLETE_REFACTOR` Action: the envelope around a refactor result. */
export type RefactorPayload = z.output<typeof RefactorPayloadSchema>;
/** Validates the payload of a `COMPLETE_DELIVERY` Action. */
export const DeliveryPayloadSchema = nodePayloadSchema(DeliveryResultSchema);
/** The payload of a `COMPLETE_DELIVERY` Action: the envelope around a delivery result. */
export type DeliveryPayload = z.output<typeof DeliveryPayloadSchema>;

/** The closed payload schema of each work node, keyed by node id. */
export const NODE_PAYLOAD_SCHEMAS = {
  REQUIREMENTS: RequirementsPayloadSchema,
  DESIGN: DesignPayloadSchema,
  TASKS: TasksPayloadSchema,
  IMPLEMENT: ImplementationPayloadSchema,
  TEST: TestPayloadSchema,
  COMPREHENSION_REVIEW: ComprehensionPayloadSchema,
  REFACTOR: RefactorPayloadSchema,
  DELIVERY: DeliveryPayloadSchema,
} as const satisfies Record<WorkNodeId, z.ZodType>;

/** The payload of any work node's Action. */
export type NodePayload =
  | RequirementsPayload
  | DesignPayload
  | TasksPayload
  | ImplementationPayload
  | TestPayload
  | ComprehensionPayload
  | RefactorPayload
  | DeliveryPayload;

/** Any payload `dev_flow_apply_action` carries: a node payload or the blocker resolution. */
export type ActionPayload = NodePayload | z.output<typeof BlockerResolutionPayloadSchema>;

/** The payload schema for the Action at `node` (`BLOCKED` resolves a blocker), or `undefined`. */
export function payloadSchemaForNode(node: NodeId | string): z.ZodType | undefined {
  if (node === 'BLOCKED') return BlockerResolutionPayloadSchema;
  return Object.hasOwn(NODE_PAYLOAD_SCHEMAS, node) ? NODE_PAYLOAD_SCHEMAS[node as WorkNodeId] : undefined;
}
