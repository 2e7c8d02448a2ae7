// What the lock records of a pack's MCP server wiring (mcp-server-step.ts): light schemas, read with every lock.
import { z } from 'zod';
import type { LockRecord } from './install-step.js';
import type { McpWiring } from './mcp-wiring.js';

/** The server entry install added to the runtime's MCP configuration file. */
export const LockedMcpServerSchema = z.strictObject({
  file: z.string().min(1),
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,16}$/, 'must be an MCP server key skillpack makes'),
  /** The entry as written (its digest identifies it; a TOML table is rendered from it again). */
  entry: z.record(z.string(), z.unknown()),
  createdFile: z.boolean(),
  /** Install created the servers object (JSON): it goes when left empty. */
  createdServers: z.boolean(),
  /** The bytes put before a TOML table. */
  prefix: z.enum(['', '\n', '\n\n']).optional(),
});
export type LockedMcpServer = z.output<typeof LockedMcpServerSchema>;

/** The approval rule install added for the server. */
export const LockedMcpApprovalSchema = z.strictObject({
  file: z.string().min(1),
  rule: z.string().min(1),
  /** How many keys of the rule's array path existed before install (removeAt's `keep`). */
  keep: z.number().int().min(0),
  createdFile: z.boolean(),
});
export type LockedMcpApproval = z.output<typeof LockedMcpApprovalSchema>;

export const MCP_SERVER_RECORD: LockRecord<LockedMcpServer> = {
  key: 'mcpServer',
  schema: LockedMcpServerSchema,
  scopes: ['project', 'user'],
  what: 'an MCP server entry',
};

export const MCP_APPROVAL_RECORD: LockRecord<LockedMcpApproval> = {
  key: 'mcpApproval',
  schema: LockedMcpApprovalSchema,
  scopes: ['project', 'user'],
  what: 'an MCP approval rule',
};

/** The lock records of a runtime with an MCP declaration. */
export const mcpLockRecords = (mcp: McpWiring | undefined): readonly LockRecord[] =>
  mcp ? [MCP_SERVER_RECORD, ...(mcp.approval ? [MCP_APPROVAL_RECORD] : [])] : [];
