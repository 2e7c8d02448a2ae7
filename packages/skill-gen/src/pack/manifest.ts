import { type ConfigError, fail, ok, type Result } from '@skillpack/core';
import { z } from 'zod';
import { cliCommand } from '../cli/invocation.js';
import { authorError } from '../errors/author-error.js';
import { capitalize, toAuthorIssue } from '../errors/zod-issues.js';
import { contentBytes, type OutputFile } from '../files/output-file.js';
import { sha256 } from '../files/sha256.js';
import { toStableJson } from '../json/stable-json.js';
import type { SourceRecord } from '../source/skill-source.js';
import { TARGET_IDS, type TargetId } from '../targets/target-id.js';

/** The ownership manifest at the root of every pack directory. */
export const MANIFEST_FILE = 'skillpack.manifest.json';
export const MANIFEST_SCHEMA_VERSION = 1;
/** A manifest larger than this is refused before parsing. */
export const MAX_MANIFEST_CHARS = 64 * 1024 * 1024;

/**
 * A pack-relative POSIX path that cannot leave the pack: no leading `/`, no `\`, no drive letter, no NUL,
 * no empty, `.` or `..` segment.
 */
export function isSafeRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > 1024 || path.includes('\\') || path.includes('\0')) return false;
  if (/^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

const PackPathSchema = z.string().refine(isSafeRelativePath, 'must be a relative POSIX path inside the pack');
const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex sha256');

export const ManifestFileSchema = z.strictObject({
  path: PackPathSchema,
  sha256: Sha256Schema,
  /** Always present: whether the installed file gets the executable bit. */
  executable: z.boolean(),
});
/** One file of a built pack: its path, its sha256 and whether it is installed executable. */
export type ManifestFile = z.output<typeof ManifestFileSchema>;

export const ManifestSchema = z.strictObject({
  schemaVersion: z.literal(MANIFEST_SCHEMA_VERSION),
  generator: z.strictObject({ name: z.string().min(1), version: z.string().min(1) }),
  pack: z.strictObject({ name: z.string().min(1), version: z.string().min(1) }),
  targets: z.array(z.enum(TARGET_IDS)),
  contracts: z.array(z.strictObject({ id: z.string().min(1), version: z.string().min(1) })),
  /** Files the build read, relative to the pack config. */
  sources: z.array(z.strictObject({ path: z.string().min(1), sha256: Sha256Schema })),
  /** Every file of the pack except the manifest itself, sorted by path. */
  files: z.array(ManifestFileSchema),
});
/** A built pack's `skillpack.manifest.json`: generator, pack, sources, and every file with its hash. */
export type Manifest = z.output<typeof ManifestSchema>;

export interface ManifestInput {
  readonly generator: { readonly name: string; readonly version: string };
  readonly pack: { readonly name: string; readonly version: string };
  readonly targets: readonly TargetId[];
  readonly contracts: readonly { readonly id: string; readonly version: string }[];
  readonly sources: readonly SourceRecord[];
  readonly files: readonly OutputFile[];
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

export function createManifest(input: ManifestInput): Manifest {
  return {
    schemaVersion: MANIFEST_SCHEMA_VERSION,
    generator: { ...input.generator },
    pack: { ...input.pack },
    targets: TARGET_IDS.filter((target) => input.targets.includes(target)),
    contracts: input.contracts.map((contract) => ({ ...contract })).sort(byKey((contract) => contract.id)),
    sources: input.sources.map((source) => ({ ...source })).sort(byKey((source) => source.path)),
    files: input.files
      .map((file) => ({ path: file.path, sha256: sha256(contentBytes(file)), executable: file.executable }))
      .sort(byKey((file) => file.path)),
  };
}

/** The manifest's file text: sorted keys, LF, no timestamps. */
export function serializeManifest(manifest: Manifest): string {
  return toStableJson(manifest);
}

/** Parse a manifest read from disk; a damaged one is a ConfigError naming `file`, never a throw. */
export function safeParseManifest(
  text: unknown,
  file: string = MANIFEST_FILE,
  fix = `Rebuild the pack with \`${cliCommand('build')}\`.`,
): Result<Manifest, ConfigError> {
  const invalid = (message: string) => fail(authorError('manifest_invalid', { file, message, fix }));
  if (typeof text !== 'string') return invalid(`Expected the manifest's JSON text, received ${typeof text}.`);
  if (text.length > MAX_MANIFEST_CHARS)
    return invalid(`The manifest has ${text.length} characters; at most ${MAX_MANIFEST_CHARS} are read.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return invalid(
      `The manifest is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const parsed = ManifestSchema.safeParse(json, { reportInput: true });
  if (parsed.success) {
    const seen = new Set<string>();
    for (const entry of parsed.data.files) {
      if (seen.has(entry.path)) return invalid(`The manifest lists ${entry.path} twice.`);
      seen.add(entry.path);
    }
    return ok(parsed.data);
  }
  const first = toAuthorIssue(parsed.error.issues[0]!, ManifestSchema, 'the manifest', 'manifest key');
  return invalid(`${capitalize(first.message)}`);
}
