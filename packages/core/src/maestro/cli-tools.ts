import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import type { MaestroProtocolError } from './error-codes.js';
import type { CliTool } from './invocation.js';

/**
 * The "CLI tool selection" check of seed 002: "校验 `cli-tools.json` 中目标工具 `enabled: true`; `enabled:
 * false` → E012". `config` is the parsed `~/.maestro/cli-tools.json` (maestro-flow v0.5.43
 * `src/config/cli-tools-config.ts`: `{ version, tools: { <name>: { enabled, … } } }`). A tool the file does
 * not list, or a file that is not that shape, is not enabled either: the seed admits only `enabled: true`.
 */
export function checkCliToolEnabled(config: unknown, tool: CliTool): Result<CliTool, MaestroProtocolError> {
  const tools = isRecord(config) && isRecord(config.tools) ? config.tools : undefined;
  const entry = tools !== undefined && Object.hasOwn(tools, tool) ? tools[tool] : undefined;
  if (isRecord(entry) && entry.enabled === true) return ok(tool);
  const received = tools === undefined ? 'no tools object' : `tools.${tool} = ${describeValue(entry)}`;
  return fail(
    new ProtocolError(
      'E012',
      `CLI tool not enabled: expected cli-tools.json tools.${tool}.enabled to be true, received ${received}. Switch the tool (--to) or enable it.`,
      { details: { tool, scope: 'ralph-cli' } },
    ),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
