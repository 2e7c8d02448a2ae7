import type { AnyContract, ContractRegistry } from '@skillpack/core';
import type { OutputFile } from '../files/output-file.js';
import type { SkillSource } from '../source/skill-source.js';
import type { TargetContext } from '../targets/target-context.js';

/**
 * The pack's submit server inside a runtime target, beside the hook's `hooks/` folder (in the plugin or
 * extension root where the target has one): one self-contained CommonJS file run as `node <file>` over stdio.
 */
export const MCP_SERVER_FILE = 'mcp/skillpack-mcp.cjs';

/** The server's key in a build's bundles (`PackRequest.bundles.mcp` names a prebuilt one). */
export const MCP_SERVER_BUNDLE = 'mcp';

/** The input schema dialect the server lists its tools in: standard JSON Schema, or OpenAI's strict subset. */
export type McpSchemaDialect = 'standard' | 'openai';

/** The argument that makes the server list OpenAI-strict input schemas (Codex). */
export const MCP_SCHEMA_ARGUMENT = '--schema';

/** The command line that starts the server at `file`: `node <file>`, `node <file> --schema openai` for Codex. */
export function mcpServerCommand(file: string, dialect: McpSchemaDialect = 'standard'): readonly string[] {
  return dialect === 'openai' ? ['node', file, MCP_SCHEMA_ARGUMENT, 'openai'] : ['node', file];
}

/** The tool-delivered contracts some skill of the pack speaks, by id: the server has one submit tool each. */
export function packToolContracts(skills: readonly SkillSource[], registry: ContractRegistry): AnyContract[] {
  const ids = [...new Set(skills.flatMap((skill) => skill.frontMatter.contracts))].sort();
  return ids.map((id) => registry.require(id)).filter((contract) => contract.delivery === 'tool');
}

/** The server file in the target folder `root` (`claude-code/plugin`), when the pack has a submit tool. */
export function mcpServerFiles(context: TargetContext, root: string): OutputFile[] {
  const content = context.bundles[MCP_SERVER_BUNDLE];
  return content === undefined ? [] : [{ path: `${root}/${MCP_SERVER_FILE}`, content, executable: false }];
}
