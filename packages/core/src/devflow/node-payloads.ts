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

export const RequirementsPayloadSchema = nodePayloadSchema(RequirementsResultSchema);
export type RequirementsPayload = z.output<typeof RequirementsPayloadSchema>;
export const DesignPayloadSchema = nodePayloadSchema(DesignResultSchema);
export type DesignPayload = z.output<typeof DesignPayloadSchema>;
export const TasksPayloadSchema = nodePayloadSchema(TasksResultSchema);
export type TasksPayload = z.output<typeof TasksPayloadSchema>;
export const ImplementationPayloadSchema = nodePayloadSchema(ImplementationResultSchema);
export type ImplementationPayload = z.output<typeof ImplementationPayloadSchema>;
export const TestPayloadSchema = nodePayloadSchema(TestResultSchema);
export type TestPayload = z.output<typeof TestPayloadSchema>;
export const ComprehensionPayloadSchema = nodePayloadSchema(ComprehensionResultSchema);
export type ComprehensionPayload = z.output<typeof ComprehensionPayloadSchema>;
export const RefactorPayloadSchema = nodePayloadSchema(RefactorResultSchema);
export type RefactorPayload = z.output<typeof RefactorPayloadSchema>;
export const DeliveryPayloadSchema = nodePayloadSchema(DeliveryResultSchema);
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
