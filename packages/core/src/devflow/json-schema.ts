import type { z } from 'zod';
import { type JsonSchema, toJsonSchema } from '../json-schema.js';
import { payloadSchemaForNode } from './node-payloads.js';
import { type ProcessDefinition, STANDARD_PROCESS } from './process.js';
import { ACTION_KINDS, HOSTS, NODE_IDS } from './vocabulary.js';

const ID = { type: 'string', minLength: 1, maxLength: 128 };
const DIGEST = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const NULL = { type: 'null' };

/** The `$defs` key of a payload contract: `requirements-result@1` -> `requirements-result-1`. */
export function payloadDefinitionName(payloadContract: string): string {
  return payloadContract.replace('@', '-');
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** The draft 2020-12 JSON Schema of the payload a node's Action takes (what a producer may write). */
export function nodePayloadJsonSchema(node: string): JsonSchema | undefined {
  const schema = payloadSchemaForNode(node);
  return schema ? toJsonSchema(schema as z.ZodType, { io: 'input' }) : undefined;
}

/** Every payload schema of a process, keyed by `$defs` name. */
export function payloadJsonSchemas(
  process: ProcessDefinition = STANDARD_PROCESS,
): Record<string, JsonSchema> {
  const defs: Record<string, JsonSchema> = {};
  for (const node of process.nodes) {
    const schema = nodePayloadJsonSchema(node.node_id);
    if (schema) defs[payloadDefinitionName(node.payload_contract)] = withoutDialect(schema);
  }
  return defs;
}

/**
 * The `dev_flow_apply_action` input schema in Core's shape (`internal/mcp/schemas.go`): a closed object whose
 * `allOf` holds (a) one `oneOf` branch per `action_kind` with that node's payload (or `null`), and (b) either
 * a `recovery_apply` object, or no / `null` `recovery_apply` with a payload object. Built as data from the
 * zod payload schemas and the process definition, so it cannot drift from the validators.
 */
export function applyActionInputJsonSchema(process: ProcessDefinition = STANDARD_PROCESS): JsonSchema {
  const branches = process.nodes
    .filter((node) => payloadSchemaForNode(node.node_id) !== undefined)
    .map((node) => ({
      properties: {
        action_kind: { const: node.action_kind },
        payload: { anyOf: [{ $ref: `#/$defs/${payloadDefinitionName(node.payload_contract)}` }, NULL] },
      },
      required: ['action_kind', 'payload'],
    }));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'dev_flow_apply_action input',
    type: 'object',
    additionalProperties: false,
    required: [
      'request_id',
      'host',
      'task_id',
      'revision',
      'action_id',
      'action_kind',
      'process_id',
      'process_version',
      'process_definition_digest',
      'source_cursor',
      'repository_binding_digest',
      'payload',
    ],
    properties: {
      request_id: ID,
      host: { type: 'string', enum: [...HOSTS] },
      task_id: ID,
      revision: { type: 'integer', minimum: 1 },
      action_id: ID,
      action_kind: { type: 'string', enum: [...ACTION_KINDS] },
      process_id: { const: process.process_id },
      process_version: { const: process.process_version },
      process_definition_digest: DIGEST,
      source_cursor: { type: 'string', enum: [...NODE_IDS] },
      repository_binding_digest: DIGEST,
      payload: { anyOf: [{ type: 'object' }, NULL] },
      recovery_apply: {
        anyOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['operation_id', 'source_cursor'],
            properties: { operation_id: ID, source_cursor: { type: 'string', enum: [...NODE_IDS] } },
          },
          NULL,
        ],
      },
    },
    allOf: [
      { oneOf: branches },
      {
        anyOf: [
          { required: ['recovery_apply'], properties: { recovery_apply: { type: 'object' } } },
          { properties: { recovery_apply: NULL, payload: { type: 'object' } } },
        ],
      },
    ],
    $defs: payloadJsonSchemas(process),
  };
}
