import { fileURLToPath } from 'node:url';
import { ConfigError, fail, ok, type Result, toSchemaIssues } from '@skillpack/core';
import type { z } from 'zod';
import { moduleConfigUrl, readModuleConfigJson } from './read-module-config.js';

/**
 * The configuration file beside a pack's enforcement module (an OpenCode plugin, a Pi extension): `<pack>.json`
 * beside `<pack>.js`, read and validated against the runtime's own schema. `what` names the module in messages
 * ("plugin", "extension"); `example` is a valid configuration.
 */
export interface ModuleConfig<T> {
  /** The configuration file of a module: the same path with `.json` for its extension. */
  urlOf(moduleUrl: string): URL;
  safeParse(value: unknown, source: string): Result<T, ConfigError>;
  /** Read and validate the file; every problem is a ConfigError, never a throw. */
  load(url: URL): Promise<Result<T, ConfigError>>;
}

export function defineModuleConfig<S extends z.ZodType>(
  schema: S,
  what: string,
  example: string,
): ModuleConfig<z.output<S>> {
  function safeParse(value: unknown, source: string): Result<z.output<S>, ConfigError> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return ok(parsed.data);
    const issues = toSchemaIssues(parsed.error);
    const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
    return fail(
      new ConfigError(
        'invalid_plugin_config',
        `${source} is not a valid skillpack ${what} configuration (${listed}). Expected for example ${example}.`,
        { details: { source, issues } },
      ),
    );
  }

  async function load(url: URL): Promise<Result<z.output<S>, ConfigError>> {
    const json = await readModuleConfigJson(url, what);
    return json.success ? safeParse(json.data, fileURLToPath(url)) : json;
  }

  return { urlOf: moduleConfigUrl, safeParse, load };
}
