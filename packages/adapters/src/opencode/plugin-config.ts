import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  describeValue,
  fail,
  ok,
  type Result,
  safeJsonParse,
  toSchemaIssues,
} from '@skillpack/core';
import { z } from 'zod';
import { ENFORCE_MODES } from '../hooks/stop-decision.js';

/** `<pack>.json` beside the prebuilt plugin `<pack>.js`: which contracts it enforces, and the prompt budget. */
export const OpenCodePluginConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  contracts: z.array(z.string().min(1)).min(1),
  maxPrompts: z.number().int().min(0).max(100).optional(),
  /** `attempted` (default): only answers that attempt a contract are checked; `always`: every answer. */
  enforce: z.enum(ENFORCE_MODES).optional(),
});
/** The `<pack>.json` beside the prebuilt OpenCode plugin, as validated: its contracts and prompt budget. */
export type OpenCodePluginConfig = z.output<typeof OpenCodePluginConfigSchema>;

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The configuration file that belongs to a plugin module: the same path with `.json` for its extension. */
export function pluginConfigUrl(moduleUrl: string): URL {
  const url = new URL(moduleUrl);
  const slash = url.pathname.lastIndexOf('/');
  const dot = url.pathname.lastIndexOf('.');
  url.pathname = `${dot > slash ? url.pathname.slice(0, dot) : url.pathname}.json`;
  url.search = '';
  url.hash = '';
  return url;
}

export function safeParseOpenCodePluginConfig(
  value: unknown,
  source: string,
): Result<OpenCodePluginConfig, ConfigError> {
  const parsed = OpenCodePluginConfigSchema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issues = toSchemaIssues(parsed.error);
  const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return fail(
    new ConfigError(
      'invalid_plugin_config',
      `${source} is not a valid skillpack plugin configuration (${listed}). Expected for example {"contracts":["conflux.acceptance"],"maxPrompts":2}.`,
      { details: { source, issues } },
    ),
  );
}

/** Read and validate a plugin configuration file; every problem is a ConfigError, never a throw. */
export async function loadOpenCodePluginConfig(url: URL): Promise<Result<OpenCodePluginConfig, ConfigError>> {
  const path = fileURLToPath(url);
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.byteLength > MAX_CONFIG_BYTES) throw new Error(`larger than ${MAX_CONFIG_BYTES} bytes`);
    text = new TextDecoder('utf-8').decode(bytes);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return fail(
      new ConfigError(
        'plugin_config_unreadable',
        `Cannot read the skillpack plugin configuration ${path}: ${why}.`,
        {
          details: { path },
          cause: error,
        },
      ),
    );
  }
  const json = safeJsonParse(text);
  if (!json) {
    return fail(
      new ConfigError('invalid_plugin_config', `${path} is not JSON: received ${describeValue(text)}.`, {
        details: { path },
      }),
    );
  }
  return safeParseOpenCodePluginConfig(json.value, path);
}
