import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AnyContract, ToolSchemaDialect } from '@skillpack/core';
import type { ContractLoader } from '../hooks/load-contracts.js';
import { answerSubmit, submitTools } from './submit-tools.js';

/** The server's name in MCP `initialize` (`serverInfo.name`). */
export const SUBMIT_SERVER_NAME = 'skillpack';

const USAGE = 'usage: node skillpack-mcp.cjs [--schema standard|openai]';

/** The schema dialect `argv` asks for (`--schema openai` for Codex); `undefined` for arguments it does not know. */
export function submitServerDialect(argv: readonly string[]): ToolSchemaDialect | undefined {
  if (argv.length === 0) return 'standard';
  if (argv.length === 2 && argv[0] === '--schema' && (argv[1] === 'standard' || argv[1] === 'openai'))
    return argv[1];
  return undefined;
}

/** An MCP server over `contracts`, one submit tool each, not yet connected. */
export function createSubmitServer(
  contracts: readonly AnyContract[],
  dialect: ToolSchemaDialect,
  version: string,
): Server {
  const server = new Server({ name: SUBMIT_SERVER_NAME, version }, { capabilities: { tools: {} } });
  const tools = submitTools(contracts, dialect);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((tool) => ({ ...tool })) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const answer = answerSubmit(contracts, request.params.name, request.params.arguments ?? {});
    return { content: [...answer.content], ...(answer.isError ? { isError: true } : {}) };
  });
  return server;
}

function exitWith(message: string, code: number): never {
  process.stderr.write(`skillpack-mcp: ${message}\n`);
  process.exit(code);
}

/**
 * Run the pack's submit server on stdio: the contracts `ids` from `load`, one tool each. Wrong arguments exit 2
 * and contracts that cannot load exit 1, each with a message on stderr; the server then runs until stdin closes.
 */
export async function startSubmitServer(
  load: ContractLoader,
  ids: readonly string[],
  argv: readonly string[],
  version: string,
): Promise<void> {
  const dialect = submitServerDialect(argv);
  if (dialect === undefined) exitWith(`unknown arguments ${JSON.stringify(argv)}; ${USAGE}`, 2);
  const loaded = await load(ids);
  if (!loaded.success) exitWith(loaded.error.message, 1);
  const contracts = loaded.data.filter((contract) => contract.toolName !== undefined);
  if (contracts.length === 0) exitWith(`none of ${ids.join(', ')} is delivered as a tool`, 1);
  const server = createSubmitServer(contracts, dialect, version);
  await server.connect(new StdioServerTransport());
}
