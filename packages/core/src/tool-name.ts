/**
 * The longest submit tool name: runtimes qualify an MCP tool as `mcp__<server>__<tool>` and model APIs take
 * tool names of at most 64 characters, so 40 leaves the server key 17.
 */
export const TOOL_NAME_MAX_LENGTH = 40;

/** A submit tool name every runtime's model API accepts: a letter, then letters, digits, `_` or `-`. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,39}$/;

/** The tool name a contract gets when it gives none: `submit_` and its id with `.` and `-` made `_`. */
export function defaultToolName(id: string): string {
  return `submit_${id.replace(/[.-]/g, '_')}`;
}

/** Why `name` cannot be the submit tool of contract `id`, as one sentence with a fix; `undefined` when it can. */
export function toolNameProblem(id: string, name: string, given: boolean): string | undefined {
  if (TOOL_NAME_PATTERN.test(name)) return undefined;
  const shown = JSON.stringify(name.slice(0, 80));
  const rule = `expected a letter followed by letters, digits, "_" or "-", at most ${TOOL_NAME_MAX_LENGTH} characters`;
  return given
    ? `Contract "${id}" toolName ${shown} is not valid: ${rule}, for example "${defaultToolName('shop.refund')}". Fix: rename it.`
    : `Contract "${id}" has no toolName and its default ${shown} is not valid: ${rule}. Fix: give the contract a shorter "toolName".`;
}
