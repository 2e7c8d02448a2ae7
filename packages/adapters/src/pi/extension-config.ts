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

/** `<pack>.json` beside the bundled extension `<pack>.js`: which contracts it enforces, and its block budget. */
export const PiExtensionConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  contracts: z.array(z.string().min(1)).min(1),
  maxBlocks: z.number().int().min(0).max(100).optional(),
  /** `attempted` (default): only answers that attempt a contract are checked; `always`: every answer. */
  enforce: z.enum(ENFORCE_MODES).optional(),
});
/** The `<pack>.json` beside the bundled Pi extension, as validated. */
export type PiExtensionConfig = z.output<typeof PiExtensionConfigSchema>;

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The configuration file of an extension module: the same path with `.json` for its extension. */
export function extensionConfigUrl(moduleUrl: string): URL {
  const url = new URL(moduleUrl);
  const slash = url.pathname.lastIndexOf('/');
  const dot = url.pathname.lastIndexOf('.');
  url.pathname = `${dot > slash ? url.pathname.slice(0, dot) : url.pathname}.json`;
  url.search = '';
  url.hash = '';
  return url;
}

export function safeParsePiExtensionConfig(
  value: unknown,
  source: string,
): Result<PiExtensionConfig, ConfigError> {
  const parsed = PiExtensionConfigSchema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issues = toSchemaIssues(parsed.error);
  const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return fail(
    new ConfigError(
      'invalid_plugin_config',
      `${source} is not a valid skillpack extension configuration (${listed}). Expected for example {"contracts":["conflux.acceptance"],"maxBlocks":2}.`,
      { details: { source, issues } },
    ),
  );
}

/** Read and validate an extension configuration file; every problem is a ConfigError, never a throw. */
export async function loadPiExtensionConfig(url: URL): Promise<Result<PiExtensionConfig, ConfigError>> {
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
        `Cannot read the skillpack extension configuration ${path}: ${why}.`,
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
  return safeParsePiExtensionConfig(json.value, path);
}
