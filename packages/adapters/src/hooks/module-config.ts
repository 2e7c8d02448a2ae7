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
import type { z } from 'zod';

const MAX_CONFIG_BYTES = 1024 * 1024;

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
          `Cannot read the skillpack ${what} configuration ${path}: ${why}.`,
          { details: { path }, cause: error },
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
    return safeParse(json.value, path);
  }

  function urlOf(moduleUrl: string): URL {
    const url = new URL(moduleUrl);
    const slash = url.pathname.lastIndexOf('/');
    const dot = url.pathname.lastIndexOf('.');
    url.pathname = `${dot > slash ? url.pathname.slice(0, dot) : url.pathname}.json`;
    url.search = '';
    url.hash = '';
    return url;
  }

  return { urlOf, safeParse, load };
}
