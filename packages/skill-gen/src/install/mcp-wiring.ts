import { sha256 } from '../files/sha256.js';
import { packHookFolder, plainName } from './hook-wiring.js';
import type { InstallScope } from './layout.js';

/** A configuration file a runtime reads MCP servers (or their approval) from, below the scope root. */
export interface McpConfigFile {
  readonly file: string;
  /** `json`; `jsonc`: the runtime reads comments, which the edit keeps; `toml`: a table per server. */
  readonly syntax: 'json' | 'jsonc' | 'toml';
  /** The object (JSON) or table prefix (TOML) holding the servers by key: `['mcpServers']`, `['mcp_servers']`. */
  readonly servers: readonly string[];
}

/** The rule that allows a server's tools in a headless run, where the runtime needs one outside the entry. */
export interface McpApproval {
  readonly file: string;
  readonly syntax: 'json' | 'jsonc';
  /** The array the rule is appended to: `['permissions', 'allow']`. */
  readonly array: readonly string[];
  /** The rule for a server key: `mcp__<key>`. */
  readonly rule: (key: string) => string;
}

/** How a runtime's MCP configuration wires a pack's MCP server (its declaration's `install.mcp`). */
export interface McpWiring {
  /** The server program in a built pack (`claude-code/plugin/mcp/skillpack-mcp.cjs`). */
  readonly packFile: string;
  /** The folder below the scope root holding one folder per pack for the program (`.claude/mcp/`), per scope. */
  readonly programs: Readonly<Record<InstallScope, string>>;
  /** Arguments after the program (Codex: its OpenAI-strict schemas). */
  readonly serverArgs?: readonly string[];
  /** Where a server entry goes, per scope. */
  readonly config: Readonly<Record<InstallScope, McpConfigFile>>;
  /** The entry as a user writes it by hand, from the command line that starts the server. */
  readonly entry: (command: string, args: readonly string[]) => Record<string, unknown>;
  /** The approval its headless runs need besides the entry, per scope; absent: none (or it is in the entry). */
  readonly approval?: Readonly<Partial<Record<InstallScope, McpApproval>>>;
  /**
   * The name the model calls a tool of the server by (`mcp__<key>__<tool>`): the same name the adapters' reader of
   * the runtime matches a submit call by (its declaration's `mcpToolName`; test/runtimes/mcp-tool-name.test.ts).
   */
  readonly toolName: (key: string, tool: string) => string;
  /** What the runtime answers the model in place of the tool's result when it refuses the call headless. */
  readonly refusal?: RegExp;
  /**
   * What the runtime answers in place of the tool's result when it checked the arguments itself and refused them:
   * the call never reached the server, so it is not proven either way.
   */
  readonly argumentRefusal?: RegExp;
  /** Arguments doctor's scripted run adds so the tool is declared to the model, not deferred (Codex). */
  readonly scriptedRunArgs?: readonly string[];
}

/** The longest server key: `mcp__<key>__<tool>` stays within 64 characters for tool names of up to 40. */
export const MCP_KEY_MAX = 17;

/**
 * The key a pack's server gets in every runtime's configuration: the pack name as letters, digits, `_` and `-`
 * (`@acme/review` → `acme_review`), shortened with a hash of the full name past `MCP_KEY_MAX` characters.
 */
export function mcpServerKey(pack: string): string {
  const name = (plainName(pack) ?? pack).replace(/[^A-Za-z0-9_-]/g, '_');
  if (name.length <= MCP_KEY_MAX && /^[A-Za-z]/.test(name)) return name;
  const hash = sha256(pack).slice(0, 6);
  const head = name.replace(/^[^A-Za-z]+/, '').slice(0, MCP_KEY_MAX - hash.length - 1);
  return `${head === '' ? 'sp' : head}_${hash}`.slice(0, MCP_KEY_MAX);
}

/** The installed server program's absolute path with forward slashes. */
export const mcpProgramPath = (root: string, folder: string) =>
  `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${folder}skillpack-mcp.cjs`;

/** The folder (below the scope root) a pack's server program goes in; `undefined` for an unusable name. */
export const mcpProgramFolder = (mcp: McpWiring, scope: InstallScope, pack: string) =>
  packHookFolder(mcp.programs[scope])(pack);
