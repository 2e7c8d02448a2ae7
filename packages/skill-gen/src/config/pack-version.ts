import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ConfigError, describeValue, fail, ok, type Result } from '@skillpack/core';
import { authorError } from '../errors/author-error.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { SEMVER_PATTERN } from './semver.js';

/** The `package.json` beside a pack config: its text and how errors name it. */
export interface PackageJsonText {
  readonly text: string;
  readonly file: string;
}

const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;

/**
 * The `package.json` in the folder of the pack config at `configPath` (`displayConfig` is how errors name the
 * config), or `undefined` when there is none. Only that folder is looked in, never a parent.
 */
export async function readPackageJsonBeside(
  configPath: string,
  displayConfig: string,
): Promise<PackageJsonText | undefined> {
  const path = join(dirname(configPath), 'package.json');
  if (!existsSync(path)) return undefined;
  const file = join(dirname(displayConfig), 'package.json').replaceAll('\\', '/');
  const read = await readRegularFile(path, { maxBytes: MAX_PACKAGE_JSON_BYTES, noFollow: false });
  if (!read.success) {
    throw authorError('package_json_unreadable', {
      file,
      message: `Cannot read the package.json beside the pack config (${read.error.message}).`,
      fix: 'Make it a readable JSON file, or remove it.',
      cause: read.error,
    });
  }
  return { text: read.data.bytes.toString('utf8'), file };
}

/** Where the pack's version came from, for messages. */
export type PackVersionSource = 'package.json' | 'skillpack.config.json';

/** The npm name rule of `portable.packageName`. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;

/**
 * The pack's one version: `version` of the `package.json` beside the config when that file has one (what
 * `npm version` and `changeset version` bump), else the config's `version`. Both set and different is
 * `config_version_conflict`; neither set is `config_version_missing`. Also that file's `name` (a valid npm
 * name), which the portable package takes unless the config names one.
 */
export function resolvePackVersion(
  configVersion: string | undefined,
  configFile: string,
  packageJson: PackageJsonText | undefined,
): Result<{ version: string; source: PackVersionSource; packageName?: string }, ConfigError> {
  let packageVersion: string | undefined;
  let packageName: string | undefined;
  if (packageJson) {
    let manifest: unknown;
    try {
      manifest = JSON.parse(packageJson.text);
    } catch (error) {
      return fail(
        authorError('package_json_invalid', {
          file: packageJson.file,
          message: `The package.json beside the pack config is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
          fix: 'Correct its JSON: its version is the pack version.',
        }),
      );
    }
    const version =
      typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest)
        ? (manifest as { version?: unknown }).version
        : undefined;
    if (version !== undefined && (typeof version !== 'string' || !SEMVER_PATTERN.test(version))) {
      return fail(
        authorError('package_json_invalid', {
          file: packageJson.file,
          message: `"version" must be a semantic version like 1.2.0; received ${describeValue(version)}.`,
          fix: 'Set "version" to a semantic version: it is the pack version.',
        }),
      );
    }
    packageVersion = version;
    const name = (manifest as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name.length <= 214 && NPM_NAME.test(name)) packageName = name;
  }
  if (packageVersion !== undefined && configVersion !== undefined && packageVersion !== configVersion) {
    return fail(
      authorError('config_version_conflict', {
        file: configFile,
        message: `"version" is ${configVersion} here and ${packageVersion} in ${packageJson?.file}; a pack has one version, and with a package.json beside the config it is that file's.`,
        fix: `Remove "version" from ${configFile}: ${packageJson?.file} holds the pack version (npm version and changeset version bump it there).`,
        details: { configVersion, packageVersion },
      }),
    );
  }
  const version = packageVersion ?? configVersion;
  if (version === undefined) {
    return fail(
      authorError('config_version_missing', {
        file: configFile,
        message: packageJson
          ? `The pack has no version: neither ${packageJson.file} nor the pack config sets "version".`
          : 'The pack has no version: the pack config sets no "version" and there is no package.json beside it.',
        fix: packageJson
          ? `Add "version": "1.0.0" to ${packageJson.file}.`
          : `Add "version": "1.0.0" to ${configFile} (or to a package.json beside it).`,
      }),
    );
  }
  return ok({
    version,
    source: packageVersion !== undefined ? 'package.json' : 'skillpack.config.json',
    ...(packageName ? { packageName } : {}),
  });
}
