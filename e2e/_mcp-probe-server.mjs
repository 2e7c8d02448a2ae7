#!/usr/bin/env node
// A minimal stdio MCP server written with the official SDK pinned in e2e/runtimes (no skillpack code): one tool
// `echo {value}` answering `echoed:<value>`, each call appended to the file named by the first argument. The
// baseline every runtime's MCP configuration is observed with (docs/runtimes-mcp.md).
import { appendFileSync } from 'node:fs';

const modules = new URL('./runtimes/node_modules/', import.meta.url);
const { McpServer } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/server/mcp.js', modules).href);
const { StdioServerTransport } = await import(
  new URL('@modelcontextprotocol/sdk/dist/esm/server/stdio.js', modules).href
);
const { z } = await import(new URL('zod/index.js', modules).href);

const log = process.argv[2];
const server = new McpServer({ name: 'probe', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Echo a value back', inputSchema: { value: z.string() } },
  async ({ value }) => {
    if (log) appendFileSync(log, `${value}\n`);
    return { content: [{ type: 'text', text: `echoed:${value}` }] };
  },
);
await server.connect(new StdioServerTransport());
