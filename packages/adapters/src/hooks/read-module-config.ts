import { ConfigError, describeValue, fail, ok, type Result, safeJsonParse } from '@skillpack/core';

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The configuration file that belongs to a module: the same path with `.json` for its extension. */
export function moduleConfigUrl(moduleUrl: string): URL {
  const url = new URL(moduleUrl);
  const slash = url.pathname.lastIndexOf('/');
  const dot = url.pathname.lastIndexOf('.');
  url.pathname = `${dot > slash ? url.pathname.slice(0, dot) : url.pathname}.json`;
  url.search = '';
  url.hash = '';
  return url;
}

interface BunFiles {
  file(url: URL): { bytes(): Promise<Uint8Array> };
}

/** The bytes of `url`: through Bun's own reader where the module runs in Bun, else through `node:fs`. */
function readBytes(url: URL): Promise<Uint8Array> {
  const bun = (globalThis as { Bun?: BunFiles }).Bun;
  if (bun !== undefined) return bun.file(url).bytes();
  return process.getBuiltinModule('node:fs/promises').readFile(url);
}

/**
 * The JSON of a module's configuration as a plugin or extension reads it at start: synchronously, and only a
 * regular file of at most `MAX_CONFIG_BYTES` that decodes and parses (opened without blocking, so a FIFO is
 * refused); anything else is `undefined`, and the caller's whole path reads the file again and words why.
 * Where plugins start, `node:fs` is loaded already (OpenCode imports it; so does Node), so it costs no module.
 */
export function readModuleConfigJsonSync(url: URL): { readonly value: unknown } | undefined {
  const fs = process.getBuiltinModule('node:fs');
  let fd: number | undefined;
  try {
    fd = fs.openSync(url, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    const size = fs.fstatSync(fd);
    if (!size.isFile() || size.size > MAX_CONFIG_BYTES) return undefined;
    const bytes = fs.readFileSync(fd);
    if (bytes.byteLength > MAX_CONFIG_BYTES) return undefined;
    return safeJsonParse(new TextDecoder('utf-8').decode(bytes));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The path of a `file:` URL, for messages. */
export function pathOfFileUrl(url: URL): string {
  return process.getBuiltinModule('node:url').fileURLToPath(url);
}

/**
 * The JSON of a module's configuration file (`what` names the module in messages), not yet validated; a file
 * that cannot be read, is too large or is not JSON is a ConfigError, never a throw.
 */
export async function readModuleConfigJson(url: URL, what: string): Promise<Result<unknown, ConfigError>> {
  let text: string;
  try {
    const bytes = await readBytes(url);
    if (bytes.byteLength > MAX_CONFIG_BYTES) throw new Error(`larger than ${MAX_CONFIG_BYTES} bytes`);
    text = new TextDecoder('utf-8').decode(bytes);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const path = pathOfFileUrl(url);
    return fail(
      new ConfigError(
        'plugin_config_unreadable',
        `Cannot read the skillpack ${what} configuration ${path}: ${why}.`,
        {
          details: { path },
          cause: error,
        },
      ),
    );
  }
  const json = safeJsonParse(text);
  if (!json) {
    const path = pathOfFileUrl(url);
    return fail(
      new ConfigError('invalid_plugin_config', `${path} is not JSON: received ${describeValue(text)}.`, {
        details: { path },
      }),
    );
  }
  return ok(json.value);
}
