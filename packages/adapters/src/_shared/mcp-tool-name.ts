/**
 * How a runtime names a tool of a stdio MCP server, to the model and in its output:
 * `<prefix><key><separator><tool>`, where `key` is the server's key in the runtime's MCP configuration
 * (rewritten when `dashesAsUnderscores`: Codex makes each `-` of the key a `_`).
 */
export interface McpToolNaming {
  readonly prefix: string;
  readonly separator: string;
  readonly dashesAsUnderscores?: boolean;
}

/** The characters of a server key (skill-gen's `mcpServerKey`): letters, digits, `_` and `-`. */
const KEY = /^[A-Za-z0-9_-]+$/;

/** The name `naming` gives tool `tool` of the server configured as `key`. Pure. */
export function mcpToolNameOf(naming: McpToolNaming, key: string, tool: string): string {
  const shown = naming.dashesAsUnderscores ? key.replaceAll('-', '_') : key;
  return `${naming.prefix}${shown}${naming.separator}${tool}`;
}

/** Whether `name` is what `naming` calls tool `tool` of some server (its key unknown): a call of that tool. Pure. */
export function isMcpToolCallOf(naming: McpToolNaming, name: string, tool: string): boolean {
  const suffix = `${naming.separator}${tool}`;
  if (!name.startsWith(naming.prefix) || !name.endsWith(suffix)) return false;
  const key = name.slice(naming.prefix.length, name.length - suffix.length);
  return KEY.test(key) && !(naming.dashesAsUnderscores && key.includes('-'));
}

/**
 * `calls` as a tool-delivered contract reads them: a call of one of the submit tools `toolNames` as `naming` calls
 * an MCP tool (any server key) carries that tool's own name, which core matches a submit by. Pure.
 */
export function asSubmitCalls<C extends { readonly name: string }>(
  naming: McpToolNaming,
  toolNames: readonly string[],
  calls: readonly C[],
): readonly C[] {
  if (toolNames.length === 0) return calls;
  return calls.map((call) => {
    const tool = toolNames.find((name) => isMcpToolCallOf(naming, call.name, name));
    return tool === undefined ? call : { ...call, name: tool };
  });
}
