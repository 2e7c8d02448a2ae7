import { type ConfigError, fail, formatPath, ok, type Result } from '@skillpack/core';
import { authorError } from '../errors/author-error.js';
import { capitalize, toAuthorIssue } from '../errors/zod-issues.js';
import { findUnsafeKey } from '../json/unsafe-keys.js';
import { type PackConfig, PackConfigSchema } from './pack-config.js';
import { type PackageJsonText, readPackageJsonBeside, resolvePackVersion } from './pack-version.js';
import { readConfigText } from './read-config-text.js';

/** Config files are small; anything larger is a mistake, refused before parsing. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

const FIX_SCHEMA = 'See schemas/skillpack.config.schema.json in @skillpack/skill-gen for every key.';

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Approximate line of a JSON path: each string key searched for in order after the previous one. */
function jsonPathLine(text: string, path: readonly PropertyKey[]): number | undefined {
  let from = 0;
  let found: number | undefined;
  for (const key of path) {
    if (typeof key !== 'string') continue;
    const at = text.indexOf(JSON.stringify(key), from);
    if (at === -1) break;
    found = at;
    from = at + 1;
  }
  return found === undefined ? undefined : lineAt(text, found);
}

/**
 * Parse and validate the text of a `skillpack.config.json`; every mistake is a ConfigError naming `file`.
 * `packageJson` is the `package.json` beside it, if any: its `version` is the pack version.
 */
export function safeParsePackConfig(
  text: unknown,
  file: string,
  packageJson?: PackageJsonText,
): Result<PackConfig, ConfigError> {
  if (typeof text !== 'string') {
    return fail(
      authorError('config_invalid_json', {
        file,
        message: `The pack config must be JSON text, received ${typeof text}.`,
        fix: 'Write the config as a JSON object.',
      }),
    );
  }
  if (text.length > MAX_CONFIG_BYTES) {
    return fail(
      authorError('config_too_large', {
        file,
        message: `The pack config is ${text.length} characters; at most ${MAX_CONFIG_BYTES} are read.`,
        fix: 'Keep the config to the pack settings; skills live in their own folders.',
      }),
    );
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    return fail(
      authorError('config_invalid_json', {
        file,
        ...(position ? { line: lineAt(source, Number(position[1])) } : {}),
        message: `The pack config is not valid JSON (${message}).`,
        fix: 'Correct the JSON syntax (no comments, no trailing commas, double-quoted keys).',
      }),
    );
  }
  const unsafe = findUnsafeKey(json);
  if (unsafe) {
    const line = jsonPathLine(source, unsafe);
    return fail(
      authorError('config_invalid', {
        file,
        ...(line === undefined ? {} : { line }),
        message: `The key "${formatPath(unsafe)}" is not allowed.`,
        fix: `Remove "${String(unsafe.at(-1))}": keys named __proto__, constructor or prototype are refused.`,
      }),
    );
  }
  const parsed = PackConfigSchema.safeParse(json, { reportInput: true });
  if (parsed.success) {
    const version = resolvePackVersion(parsed.data.version, file, packageJson);
    if (!version.success) return version;
    const { packageName } = version.data;
    const portable =
      parsed.data.portable.packageName === undefined && packageName !== undefined
        ? { ...parsed.data.portable, packageName }
        : parsed.data.portable;
    return ok({ ...parsed.data, version: version.data.version, portable });
  }
  const issues = parsed.error.issues.map((issue) =>
    toAuthorIssue(issue, PackConfigSchema, 'the pack config', 'config key'),
  );
  const first = issues[0]!;
  const more =
    issues.length > 1
      ? ` (${issues.length - 1} more: ${issues
          .slice(1, 4)
          .map((i) => i.where)
          .join(', ')})`
      : '';
  const line = jsonPathLine(source, first.path);
  return fail(
    authorError('config_invalid', {
      file,
      ...(line === undefined ? {} : { line }),
      message: `${capitalize(first.message)}${more}`,
      fix: `${first.fix} ${FIX_SCHEMA}`,
      details: { issues: issues.map(({ where, message }) => ({ where, message })) },
    }),
  );
}

/**
 * Read and validate a pack config file, with the `package.json` beside it (whose version is the pack's);
 * throws a ConfigError (never a raw fs error).
 */
export async function loadPackConfig(
  file: string,
  displayPath = file,
): Promise<{ config: PackConfig; text: string }> {
  const text = await readConfigText(
    file,
    displayPath,
    'Create skillpack.config.json in the current directory or pass --config <file>.',
  );
  const result = safeParsePackConfig(text, displayPath, await readPackageJsonBeside(file, displayPath));
  if (!result.success) throw result.error;
  return { config: result.data, text };
}
